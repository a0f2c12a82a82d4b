import type { PostFilters } from '../../api/client.js';

/** How the gallery lays out its tiles. */
export const LAYOUTS = ['grid', 'carousel', 'masonry'] as const;
export type GalleryLayout = (typeof LAYOUTS)[number];

/** How further pages arrive: a button, on scrolling to the end, or never. */
export const LOAD_MODES = ['button', 'scroll', 'none'] as const;
export type LoadMode = (typeof LOAD_MODES)[number];

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_COLUMNS = 4;
export const MAX_COLUMNS = 8;

const warned = new Set<string>();

/** One console warning per distinct problem, so a re-render never floods the console. */
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`storefront-widgets: <svc-post-gallery> ${message}`);
}

function pick<T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T, attribute: string): T {
  if (value === null || value === undefined || value === '') return fallback;
  const lower = value.trim().toLowerCase() as T;
  if (allowed.includes(lower)) return lower;
  warnOnce(`${attribute}="${value}" is not one of ${allowed.join(', ')}; using "${fallback}".`);
  return fallback;
}

export const parseLayout = (value: string | undefined): GalleryLayout => pick(value, LAYOUTS, 'grid', 'layout');
export const parseLoadMode = (value: string | undefined): LoadMode => pick(value, LOAD_MODES, 'button', 'load');

/** A whole number clamped to `min..max`; a missing or unreadable value gives `fallback`, with a warning. */
function clampInteger(value: string | number | null | undefined, min: number, max: number, fallback: number, attribute: string): number {
  if (value === null || value === undefined || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number)) {
    warnOnce(`${attribute}="${value}" is not a number; using ${fallback}.`);
    return fallback;
  }
  const clamped = Math.min(max, Math.max(min, Math.round(number)));
  if (clamped !== number) warnOnce(`${attribute}="${value}" is outside ${min}..${max} (or not whole); using ${clamped}.`);
  return clamped;
}

export const parsePageSize = (value: string | number | null | undefined): number => clampInteger(value, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, 'page-size');
export const parseColumns = (value: string | number | null | undefined): number => clampInteger(value, 1, MAX_COLUMNS, DEFAULT_COLUMNS, 'columns');

/** The attributes that choose which posts to show. */
export interface FilterAttributes {
  productRef?: string | undefined;
  galleryId?: string | undefined;
  profileId?: string | undefined;
  labelId?: string | undefined;
  labelMatch?: string | undefined;
}

/**
 * The filters for the posts query, from the element's attributes: blanks are left out,
 * `label-id` may list several ids separated by commas, and `label-match` only counts
 * with at least one label (`any` or `all`).
 */
export function parseFilters(attributes: FilterAttributes): PostFilters {
  const filters: PostFilters = {};
  const text = (value: string | undefined) => value?.trim() || undefined;
  const productRef = text(attributes.productRef);
  const galleryId = text(attributes.galleryId);
  const profileId = text(attributes.profileId);
  if (productRef) filters.productRef = productRef;
  if (galleryId) filters.galleryId = galleryId;
  if (profileId) filters.profileId = profileId;
  const labelIds = [...new Set((attributes.labelId ?? '').split(',').map((id) => id.trim()).filter((id) => id !== ''))];
  if (labelIds.length > 0) {
    filters.labelIds = labelIds;
    const match = text(attributes.labelMatch);
    if (match) filters.labelMatch = pick(match, ['any', 'all'] as const, 'any', 'label-match');
  } else if (text(attributes.labelMatch)) {
    warnOnce('label-match needs label-id; it is ignored.');
  }
  return filters;
}

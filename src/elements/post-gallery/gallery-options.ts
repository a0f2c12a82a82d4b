import type { PostFilters } from '../../api/client.js';
import { clampInteger, pickOption, warnOnce } from '../shared/options.js';

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
/** Narrowest tile before the grid and masonry drop a column (see column-fit.ts). */
export const MIN_TILE = 140;
/** Narrowest carousel slide before the carousel shows fewer (see column-fit.ts). */
export const MIN_SLIDE = 200;
/** `--svc-gallery-gap`'s default, in px. */
export const DEFAULT_GAP = 12;

const TAG = 'svc-post-gallery';

export const parseLayout = (value: string | undefined): GalleryLayout => pickOption(TAG, 'layout', value, LAYOUTS, 'grid');
export const parseLoadMode = (value: string | undefined): LoadMode => pickOption(TAG, 'load', value, LOAD_MODES, 'button');

export const parsePageSize = (value: string | number | null | undefined): number => clampInteger(TAG, 'page-size', value, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
export const parseColumns = (value: string | number | null | undefined): number => clampInteger(TAG, 'columns', value, 1, MAX_COLUMNS, DEFAULT_COLUMNS);

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
    if (match) filters.labelMatch = pickOption(TAG, 'label-match', match, ['any', 'all'] as const, 'any');
  } else if (text(attributes.labelMatch)) {
    warnOnce(TAG, 'label-match needs label-id; it is ignored.');
  }
  return filters;
}

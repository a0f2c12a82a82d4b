import { timeSlice } from '../shared/time-slice.js';
import { envelope } from './wire.js';
import type { JsonLd, Page, ProductRating, ReviewSummary, StarCounts } from './types.js';

/**
 * The tolerant reader of the contract. It accepts the Storefront API's snake_case
 * fields and API v1's camelCase names, ignores unknown fields, drops an item that lacks
 * a required field (reporting why), clamps hotspot coordinates and removes every URL
 * that is not http(s). It never throws, whatever JSON it is given.
 */
export type Normalized<T> = { ok: true; value: T; problems: string[] } | { ok: false; problem: string };

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a field by its wire name, falling back to API v1's camelCase name. */
export function field(raw: Json, snake: string, camel = snakeToCamel(snake)): unknown {
  const value = raw[snake];
  return value === undefined ? raw[camel] : value;
}

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function date(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/**
 * Leaves out `undefined` members so that normalized objects compare cleanly. A new
 * object rather than `delete`, which turns an object into a slow dictionary for every
 * later read (the elements read posts and reviews in every render).
 */
export function compact<T extends object>(value: T): T {
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== undefined) kept[key] = member;
  return kept as T;
}

function describe(raw: unknown, index: number): string {
  return isRecord(raw) && typeof raw['id'] === 'string' ? raw['id'].slice(0, 40) : `#${index}`;
}

/**
 * A page envelope. Items that cannot be shown are dropped and named in `problems`;
 * only an envelope that is not `{data: [...], next_cursor}` fails as a whole. Checks
 * its items in the page's time slice: a page of posts keeps a phone busy for tens of
 * milliseconds the first time, too long for one task.
 */
export async function normalizePage<T>(raw: unknown, item: (raw: unknown, base?: string) => Normalized<T>, base?: string): Promise<Normalized<Page<T>>> {
  if (!isRecord(raw)) return { ok: false, problem: 'the response is not a JSON object' };
  const data: unknown = raw[envelope.items];
  if (!Array.isArray(data)) return { ok: false, problem: `"${envelope.items}" is not an array` };
  const cursor = raw[envelope.nextCursor];
  const problems: string[] = [];
  const items: T[] = [];
  for (const [index, entry] of data.entries()) {
    await timeSlice();
    const result = item(entry, base);
    if (!result.ok) {
      problems.push(`${describe(entry, index)}: ${result.problem}`);
      continue;
    }
    problems.push(...result.problems.map((problem) => `${describe(entry, index)}: ${problem}`));
    items.push(result.value);
  }
  return { ok: true, value: { items, nextCursor: typeof cursor === 'string' && cursor !== '' ? cursor : null }, problems };
}

/** Average and count, checked as a summary's and a ratings entry's: a whole count, an average from 1 to 5 (0 without reviews). */
function averageAndCount(raw: Json): Normalized<{ average: number; count: number }> {
  const average = finite(field(raw, 'average'));
  const count = finite(field(raw, 'count'));
  if (count === undefined || !Number.isInteger(count) || count < 0) return { ok: false, problem: 'count is not a whole number' };
  if (count > 0 && (average === undefined || average < 1 || average > 5)) return { ok: false, problem: 'average is not from 1 to 5' };
  return { ok: true, value: { average: count === 0 ? 0 : average!, count }, problems: [] };
}

/** One entry of the ratings read (`{data: [{product_ref, average, count}]}`, read as a page without a cursor). */
export function normalizeRating(raw: unknown): Normalized<ProductRating> {
  if (!isRecord(raw)) return { ok: false, problem: 'not an object' };
  const productRef = text(field(raw, 'product_ref'));
  if (productRef === undefined) return { ok: false, problem: 'product_ref is missing' };
  const figures = averageAndCount(raw);
  return figures.ok ? { ok: true, value: { productRef, ...figures.value }, problems: [] } : figures;
}

export function normalizeReviewSummary(raw: unknown): Normalized<ReviewSummary> {
  if (!isRecord(raw)) return { ok: false, problem: 'the response is not a JSON object' };
  const figures = averageAndCount(raw);
  if (!figures.ok) return figures;
  const { average, count } = figures.value;
  const rawDistribution = field(raw, 'distribution');
  const distribution = {} as StarCounts;
  for (const star of [1, 2, 3, 4, 5] as const) {
    const n = isRecord(rawDistribution) ? finite(rawDistribution[String(star)]) : undefined;
    distribution[star] = n !== undefined && Number.isInteger(n) && n >= 0 ? n : 0;
  }
  const summary = field(raw, 'summary');
  const summaryText = isRecord(summary) ? text(summary['text']) : undefined;
  return {
    ok: true,
    value: compact({
      average,
      count,
      distribution,
      summary: summaryText !== undefined && isRecord(summary) ? compact({ text: summaryText, language: text(summary['language']) }) : undefined,
    }),
    problems: [],
  };
}

export function normalizeJsonLd(raw: unknown): Normalized<JsonLd> {
  return isRecord(raw) ? { ok: true, value: raw, problems: [] } : { ok: false, problem: 'the rich snippet is not a JSON object' };
}

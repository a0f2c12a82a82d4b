import type { enPosts } from './en-posts.js';
import type { enReviews } from './en-reviews.js';

/**
 * The English strings that every element may use (this module, in every page's code),
 * and the fallback for every other language. The strings of the posts' elements
 * (`en-posts.ts`) and of the review list and the full summary (`en-reviews.ts`) come with
 * those elements' code, which adds them (`addEnglish`), so that a page of review badges
 * does not download them. The three together are the reference table (`English`) that
 * every other language follows. `{name}` marks a value; an object holds plural forms by
 * `Intl.PluralRules` category (`other` is required).
 */
export const en = {
  loading: 'Loading…',
  retry: 'Try again',
  close: 'Close',

  'error.generic': 'Something went wrong.',
  'error.network': 'Could not reach the store. Check your connection.',
  'error.timeout': 'The store took too long to answer.',
  'error.server': 'The store had a problem.',
  'error.rate_limited': 'Too many requests. Please wait a moment.',
  'error.config': 'This widget is not set up correctly.',
  'error.invalid_key': 'This widget is not set up correctly.',
  'error.unauthorized': 'This widget is not set up correctly.',
  'error.not_found': 'Not found.',
  'error.invalid_request': 'This widget is not set up correctly.',
  'error.malformed_response': 'The store sent something unexpected.',
  'error.plan_lacks_reviews': 'Reviews are not available.',

  'reviews.outOf5': '{rating} out of 5 stars',
  'reviews.count': { one: '{count} review', other: '{count} reviews' },
  'reviews.none': 'No reviews yet',
} as const;

/** Every English string, as the reference for the other languages. */
export type English = typeof en & typeof enPosts & typeof enReviews;

export type StringKey = keyof English;

/** Adds the English strings of an element's part (`en-posts.ts`, `en-reviews.ts`) to the fallback, as its code loads. */
export function addEnglish(strings: Partial<English>): void {
  Object.assign(en, strings);
}

/** Plural forms by `Intl.PluralRules` category. */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** A full table for one language: every key of the English one, with the same kind of value. */
export type StringTable = { [K in StringKey]: English[K] extends string ? string : PluralForms };

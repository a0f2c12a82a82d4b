import type { PluralForms, StringKey } from '../i18n/en.js';
import { refreshElements } from '../shared/refresh-elements.js';
import { sharedSingleton } from './shared-state.js';

export type StringOverrides = Partial<Record<StringKey, string | PluralForms>>;

/** Page-wide string overrides by lower-case language or locale, shared by every copy of the library. */
export const pageOverrides = () => sharedSingleton('string-overrides.v1', () => new Map<string, StringOverrides>());

/**
 * Replaces strings page-wide for one language (`'en'`, `'de'`, `'sv'`, any other
 * language, or a locale such as `'de-CH'`, which beats its language). A language
 * without a table of its own falls back to English, and to the English overrides too.
 * Every element on the page re-renders, including those inside open shadow roots.
 */
export function setStrings(language: string, strings: StringOverrides): void {
  const map = pageOverrides();
  const tag = language.trim().toLowerCase();
  map.set(tag, { ...map.get(tag), ...strings });
  if (typeof document !== 'undefined') refreshElements(document);
}

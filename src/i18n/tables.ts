import { de } from './de.js';
import { en, type StringTable } from './en.js';
import { sv } from './sv.js';

/**
 * The string tables by language. The CDN builds use `tables-cdn.ts` instead, which holds
 * English only and loads the others on demand.
 */
export const tables: Record<string, StringTable | undefined> = { en, de, sv };

/** While a language's table is still loading, a promise that settles once it is there; here every table is. */
export function tableLoading(language: string): Promise<unknown> | undefined {
  void language;
  return undefined;
}

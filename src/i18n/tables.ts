import { en, type StringTable } from './en.js';

/**
 * The string tables by language: English inside, every other language a chunk of its
 * own, loaded with the first element that speaks it, in parallel with that element's
 * first request. An element waits for its language's table before it renders (see
 * `StorefrontElement`), so a German page never shows English for a moment.
 */
export const tables: Record<string, StringTable | undefined> = { en };

/** How to load each language's table; add a language here and in its own file. */
const loaders: Record<string, (() => Promise<StringTable>) | undefined> = {
  de: () => import('./de.js').then((module) => module.de),
  sv: () => import('./sv.js').then((module) => module.sv),
};

/** The languages that have a table of their own. */
export const LANGUAGES: readonly string[] = ['en', ...Object.keys(loaders)];

const loading = new Map<string, Promise<unknown>>();

/** While `language`'s table is loading, a promise that settles once it is there (English if it cannot load). */
export function tableLoading(language: string): Promise<unknown> | undefined {
  const load = loaders[language];
  if (load === undefined || tables[language] !== undefined) return undefined;
  let pending = loading.get(language);
  if (pending === undefined) {
    pending = load().then(
      (table) => void (tables[language] = table),
      (error: unknown) => {
        loaders[language] = undefined;
        console.error(`storefront-widgets: could not load the "${language}" strings; showing English.`, error);
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

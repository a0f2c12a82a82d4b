import { en, type StringTable } from './en.js';

/**
 * The CDN builds' string tables (in place of `tables.ts`): English inside, German and
 * Swedish loaded on demand, in parallel with the element's first request. An element
 * waits for its language's table before it renders (see `StorefrontElement`), so a
 * German or Swedish page never shows English for a moment.
 */
export const tables: Record<string, StringTable | undefined> = { en };

const loaders: Record<string, (() => Promise<StringTable>) | undefined> = {
  de: () => import('./de.js').then((module) => module.de),
  sv: () => import('./sv.js').then((module) => module.sv),
};

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

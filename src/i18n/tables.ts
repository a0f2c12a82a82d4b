import { en, type StringTable } from './en.js';

/**
 * The string tables by language: English inside, every other language a chunk of its
 * own, loaded with the first element that speaks it, in parallel with that element's
 * first request. An element waits for its language's table before it renders (see
 * `StorefrontElement`), so a German page never shows English for a moment. English
 * starts with the strings every element uses; the elements' code adds theirs (`addEnglish`).
 */
export const tables: Record<string, Partial<StringTable> | undefined> = { en };

/**
 * How to load each table (its module's default export), by language, or by locale where
 * a region writes its own (`pt-BR` beats `pt`); add a language here and in its own file.
 */
const loaders: Record<string, (() => Promise<{ default: StringTable }>) | undefined> = {
  ar: () => import('./ar.js'),
  bg: () => import('./bg.js'),
  cs: () => import('./cs.js'),
  da: () => import('./da.js'),
  de: () => import('./de.js'),
  el: () => import('./el.js'),
  es: () => import('./es.js'),
  et: () => import('./et.js'),
  fi: () => import('./fi.js'),
  fr: () => import('./fr.js'),
  he: () => import('./he.js'),
  hr: () => import('./hr.js'),
  hu: () => import('./hu.js'),
  it: () => import('./it.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  lt: () => import('./lt.js'),
  lv: () => import('./lv.js'),
  nb: () => import('./nb.js'),
  nl: () => import('./nl.js'),
  pl: () => import('./pl.js'),
  pt: () => import('./pt.js'),
  'pt-BR': () => import('./pt-BR.js'),
  ro: () => import('./ro.js'),
  sk: () => import('./sk.js'),
  sl: () => import('./sl.js'),
  sv: () => import('./sv.js'),
  tr: () => import('./tr.js'),
  uk: () => import('./uk.js'),
  'zh-CN': () => import('./zh-CN.js'),
};

/** The tables: languages, and the locales that have one of their own (`pt-BR`, `zh-CN`). */
export const LANGUAGES: readonly string[] = ['en', ...Object.keys(loaders)];

/** Languages that read another's table: Norwegian (`no`) and Nynorsk read Bokmål. */
const readsTableOf: Record<string, string | undefined> = { no: 'nb', nn: 'nb' };

/**
 * The table a locale reads: its region's own (`pt-BR`), else its language's (`pt-PT`,
 * `pt-AO` → `pt`; `no` → `nb`); Chinese by script, Simplified (`zh`, `zh-SG`, `zh-Hans`)
 * → `zh-CN`, while Traditional (`zh-TW`, `zh-HK`) has no table and reads English.
 */
export function tableFor(locale: string): string {
  let tag: Intl.Locale;
  try {
    tag = new Intl.Locale(locale);
  } catch {
    return 'en';
  }
  const language = readsTableOf[tag.language] ?? tag.language;
  if (language === 'zh') return tag.maximize().script === 'Hans' ? 'zh-CN' : 'zh';
  const regional = `${language}-${tag.region ?? ''}`;
  return loaders[regional] ? regional : language;
}

const loading = new Map<string, Promise<unknown>>();

/** While `table`'s strings are loading (a key from `tableFor`), a promise that settles once they are there (English if they cannot load). */
export function tableLoading(table: string): Promise<unknown> | undefined {
  const load = loaders[table];
  if (load === undefined || tables[table] !== undefined) return undefined;
  let pending = loading.get(table);
  if (pending === undefined) {
    pending = load().then(
      (module) => void (tables[table] = module.default),
      (error: unknown) => {
        loaders[table] = undefined;
        console.error(`storefront-widgets: could not load the "${table}" strings; showing English.`, error);
      },
    );
    loading.set(table, pending);
  }
  return pending;
}

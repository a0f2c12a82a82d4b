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
 * How to load each table, by language, or by locale where a region writes its own
 * (`pt-BR` beats `pt`); add a language here and in its own file.
 */
const loaders: Record<string, (() => Promise<StringTable>) | undefined> = {
  ar: () => import('./ar.js').then((module) => module.ar),
  bg: () => import('./bg.js').then((module) => module.bg),
  cs: () => import('./cs.js').then((module) => module.cs),
  da: () => import('./da.js').then((module) => module.da),
  de: () => import('./de.js').then((module) => module.de),
  el: () => import('./el.js').then((module) => module.el),
  es: () => import('./es.js').then((module) => module.es),
  et: () => import('./et.js').then((module) => module.et),
  fi: () => import('./fi.js').then((module) => module.fi),
  fr: () => import('./fr.js').then((module) => module.fr),
  he: () => import('./he.js').then((module) => module.he),
  hr: () => import('./hr.js').then((module) => module.hr),
  hu: () => import('./hu.js').then((module) => module.hu),
  it: () => import('./it.js').then((module) => module.it),
  ja: () => import('./ja.js').then((module) => module.ja),
  ko: () => import('./ko.js').then((module) => module.ko),
  lt: () => import('./lt.js').then((module) => module.lt),
  lv: () => import('./lv.js').then((module) => module.lv),
  nb: () => import('./nb.js').then((module) => module.nb),
  nl: () => import('./nl.js').then((module) => module.nl),
  pl: () => import('./pl.js').then((module) => module.pl),
  pt: () => import('./pt.js').then((module) => module.pt),
  'pt-BR': () => import('./pt-BR.js').then((module) => module.ptBR),
  ro: () => import('./ro.js').then((module) => module.ro),
  sk: () => import('./sk.js').then((module) => module.sk),
  sl: () => import('./sl.js').then((module) => module.sl),
  sv: () => import('./sv.js').then((module) => module.sv),
  tr: () => import('./tr.js').then((module) => module.tr),
  uk: () => import('./uk.js').then((module) => module.uk),
  'zh-CN': () => import('./zh-CN.js').then((module) => module.zhCN),
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
      (strings) => void (tables[table] = strings),
      (error: unknown) => {
        loaders[table] = undefined;
        console.error(`storefront-widgets: could not load the "${table}" strings; showing English.`, error);
      },
    );
    loading.set(table, pending);
  }
  return pending;
}

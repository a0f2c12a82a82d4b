/**
 * `Intl` formatters cached per locale and options, shared by every `Localizer` on the
 * page: building an `Intl.NumberFormat` or `DateTimeFormat` costs far more than using
 * one, and a gallery or a review list formats hundreds of numbers and dates.
 */

type Constructor<T, O> = new (locale: string, options: O) => T;

const caches = new Map<Constructor<unknown, never>, Map<string, unknown>>();

/** Most formatters kept per kind: a page uses a handful; the bound keeps a pathological one finite. */
const LIMIT = 200;

/** The cache key of options: their entries sorted by name, so that `{a, b}` and `{b, a}` are one. */
function optionsKey(options: object | undefined): string {
  if (options === undefined) return '';
  return JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The formatter of `kind` for `locale` and `options`, built on first use and reused for
 * equal options. A constructor that throws (an unknown currency, say) throws here too,
 * and nothing is cached.
 */
export function formatter<T, O extends object>(kind: Constructor<T, O>, locale: string, options?: NoInfer<O>): T {
  let cache = caches.get(kind as Constructor<unknown, never>);
  if (cache === undefined) {
    cache = new Map();
    caches.set(kind as Constructor<unknown, never>, cache);
  }
  const key = `${locale}|${optionsKey(options)}`;
  let cached = cache.get(key) as T | undefined;
  if (cached === undefined) {
    cached = new kind(locale, options as O);
    if (cache.size >= LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, cached);
  }
  return cached;
}

const warm = new Set<string>();

/**
 * Whether ICU's number and date data for `locale` have started. Starting them (the page's
 * first `Intl.NumberFormat` and `DateTimeFormat` for a locale) costs one task of 70 to
 * 230 ms in Chromium at 4x CPU slowdown; an element that formats prices or dates calls
 * `warmIntl` in a task of its own before it renders, so that this cost never adds to a
 * render's.
 */
export function intlWarm(locale: string): boolean {
  return warm.has(locale);
}

/** Builds `locale`'s plain number and date formatters (kept in the cache above), which starts their ICU data; and its plural rules. */
export function warmIntl(locale: string): void {
  if (warm.has(locale)) return;
  warm.add(locale);
  formatter(Intl.NumberFormat, locale).format(1);
  formatter(Intl.DateTimeFormat, locale, { dateStyle: 'medium' }).format(0);
  warmPlurals(locale);
}

/**
 * Whether `locale`'s plural rules have chosen a form once. The first choice (every
 * element says "12 reviews" or the like) took 10 to 20 ms at 4x CPU slowdown: every
 * element near the viewport calls `warmPlurals` in a task of its own before it renders.
 */
export function pluralsWarm(locale: string): boolean {
  return warm.has(`${locale}#`);
}

export function warmPlurals(locale: string): void {
  warm.add(`${locale}#`);
  formatter(Intl.PluralRules, locale).select(1);
}

import { beforeAll, describe, expect, inject, it } from 'vitest';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { emulatorProducts, mostReviewed, mount, shadow } from './review-support.ts';

/**
 * The page's first `Intl.NumberFormat` starts ICU's number and date data, one long task
 * on a phone. Elements that show prices or dates start it in a task of their own before
 * they render; a page of review badges never starts it. A file of its own: the state is
 * the page's, and another file's elements would have started it already.
 *
 * Watched at the source: the `Intl` formatters that start that data are spied on before
 * any of the library loads, so a formatter built anywhere (not only by the library's own
 * warm-up, which `intlWarm` records) is seen.
 */
interface Built {
  kind: string;
  locale: string;
  options: unknown;
}
const built: Built[] = [];
for (const kind of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat'] as const) {
  const record = (args: unknown[]) => built.push({ kind, locale: String(args[0]), options: args[1] });
  (Intl as Record<string, unknown>)[kind] = new Proxy(Intl[kind], {
    construct: (target, args, newTarget) => (record(args), Reflect.construct(target, args, newTarget) as object),
    apply: (target, self, args) => (record(args), Reflect.apply(target, self, args) as unknown),
  });
}
/** The number, date and time formatters built for `locale` so far. */
const builtFor = (locale: string) => built.filter((formatter) => formatter.locale === locale);

await import('../../src/elements/review-summary/svc-review-summary.ts');
await import('../../src/elements/reviews/svc-reviews.ts');
await import('../../src/elements/shoppable-post/svc-shoppable-post.ts');
const { pluralsWarm } = await import('../../src/i18n/formatters.ts');
const apiBase = inject('apiBase');
const IMAGE_POST = 'pst_lrc9h58g4tyj';
const settings = (key: string) => ({ 'api-base': apiBase, 'publishable-key': key, market: 'us' });

let key: string;
let product: string;

beforeAll(async () => {
  key = await testKey(apiBase, 'intl_warm');
  product = mostReviewed(await emulatorProducts(apiBase)).handle;
});

describe("ICU's number and date data", () => {
  it('a review badge shows its figures without starting it, its plural rules started before', async () => {
    expect(pluralsWarm('en-US')).toBe(false);
    const badge = mount('svc-review-summary', { ...settings(key), 'product-ref': product, variant: 'badge' });
    await expect.poll(() => shadow(badge).querySelector('.badge:not(.loading) .count')?.textContent ?? '', { timeout: 10_000 }).toMatch(/\(\d+\)/);
    expect(builtFor('en-US')).toEqual([]);
    expect(pluralsWarm('en-US')).toBe(true);
  });

  it('a review list far below the fold of a loading page starts it only when a shopper comes near', async () => {
    const own = await testKey(apiBase, 'intl_warm_far');
    const spacer = document.createElement('div');
    spacer.style.height = '6000px';
    document.body.append(spacer);
    // Connected as a loading page's parser connects it (the test page loaded long ago).
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const list = mount('svc-reviews', { ...settings(own), 'product-ref': product });
    delete (document as { readyState?: unknown }).readyState;
    await expect.poll(async () => (await requestLog(apiBase, own)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => list.hasUpdated).toBe(true);
    expect(shadow(list).querySelector('time')).toBeNull();
    expect(builtFor('en-US')).toEqual([]);
    list.scrollIntoView();
    await expect.poll(() => shadow(list).querySelector('time')?.textContent ?? '', { timeout: 10_000 }).not.toBe('');
    // The warm-up's plain formatters come first: ICU started before the list wrote a date.
    expect(builtFor('en-US').slice(0, 2)).toEqual([
      { kind: 'NumberFormat', locale: 'en-US', options: undefined },
      { kind: 'DateTimeFormat', locale: 'en-US', options: { dateStyle: 'medium' } },
    ]);
    list.remove();
    spacer.remove();
  });

  it('a shoppable post shows prices in its locale’s own currency without starting it', async () => {
    const post = mount('svc-shoppable-post', { ...settings(key), market: 'de', 'post-id': IMAGE_POST });
    await expect.poll(() => shadow(post).querySelector('button.hotspot')?.getAttribute('aria-label') ?? '', { timeout: 10_000 }).toMatch(/\d+,\d\d\s€/);
    expect(builtFor('de-DE')).toEqual([]);
  });

  it('a shoppable post whose prices need Intl (dollars on a Japanese page) starts it before it renders them', async () => {
    expect(builtFor('ja')).toEqual([]);
    const post = mount('svc-shoppable-post', { ...settings(key), lang: 'ja', 'post-id': IMAGE_POST });
    await expect.poll(() => shadow(post).querySelector('button.hotspot')?.getAttribute('aria-label') ?? '', { timeout: 10_000 }).toMatch(/\$\d+\.\d\d/);
    expect(builtFor('ja')[0]).toEqual({ kind: 'NumberFormat', locale: 'ja', options: undefined });
    expect(builtFor('ja')).toContainEqual({ kind: 'NumberFormat', locale: 'ja', options: { style: 'currency', currency: 'USD' } });
  });
});

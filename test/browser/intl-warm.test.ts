import { beforeAll, describe, expect, inject, it } from 'vitest';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { intlWarm, pluralsWarm } from '../../src/i18n/formatters.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { emulatorProducts, mostReviewed, mount, shadow } from './review-support.ts';

/**
 * The page's first `Intl.NumberFormat` starts ICU's number and date data, one long task
 * on a phone. Elements that show prices or dates start it in a task of their own before
 * they render; a page of review badges never starts it. A file of its own: the state is
 * the page's, and another file's elements would have started it already.
 */
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
    expect(intlWarm('en-US')).toBe(false);
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
    expect(intlWarm('en-US')).toBe(false);
    list.scrollIntoView();
    await expect.poll(() => shadow(list).querySelector('time')?.textContent ?? '', { timeout: 10_000 }).not.toBe('');
    expect(intlWarm('en-US')).toBe(true);
    list.remove();
    spacer.remove();
  });

  it('a shoppable post shows prices in its locale’s own currency without starting it', async () => {
    const post = mount('svc-shoppable-post', { ...settings(key), market: 'de', 'post-id': IMAGE_POST });
    await expect.poll(() => shadow(post).querySelector('button.hotspot')?.getAttribute('aria-label') ?? '', { timeout: 10_000 }).toMatch(/\d+,\d\d\s€/);
    expect(intlWarm('de-DE')).toBe(false);
  });

  it('a shoppable post whose prices need Intl (dollars on a Japanese page) starts it before it renders them', async () => {
    expect(intlWarm('ja')).toBe(false);
    const post = mount('svc-shoppable-post', { ...settings(key), lang: 'ja', 'post-id': IMAGE_POST });
    await expect.poll(() => shadow(post).querySelector('button.hotspot')?.getAttribute('aria-label') ?? '', { timeout: 10_000 }).toMatch(/\$\d+\.\d\d/);
    expect(intlWarm('ja')).toBe(true);
  });
});

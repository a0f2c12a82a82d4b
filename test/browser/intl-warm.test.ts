import { beforeAll, describe, expect, inject, it } from 'vitest';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { intlWarm } from '../../src/i18n/formatters.ts';
import { testKey } from '../support/emulator-control.ts';
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
  it('a review badge shows its figures without starting it', async () => {
    const badge = mount('svc-review-summary', { ...settings(key), 'product-ref': product, variant: 'badge' });
    await expect.poll(() => shadow(badge).querySelector('.badge:not(.loading) .count')?.textContent ?? '', { timeout: 10_000 }).toMatch(/\(\d+\)/);
    expect(intlWarm('en-US')).toBe(false);
  });

  it('a shoppable post starts it before its first render, then shows its prices', async () => {
    const post = mount('svc-shoppable-post', { ...settings(key), 'post-id': IMAGE_POST });
    await post.updateComplete;
    expect(post.hasUpdated).toBe(true);
    expect(intlWarm('en-US')).toBe(true);
    await expect.poll(() => shadow(post).querySelector('button.hotspot')?.getAttribute('aria-label') ?? '', { timeout: 10_000 }).toMatch(/\$\d+\.\d\d/);
  });
});

import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../src/elements/review-summary/svc-review-summary.ts';
import type { SvcReviewSummary } from '../../src/elements/review-summary/svc-review-summary.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { type EmulatorProduct, emulatorProducts, expectBadgeFigures, mount, shadow } from './review-support.ts';

/**
 * A collection page: many `<svc-review-summary variant="badge">` asking at once share
 * the batched ratings read (`GET /v1/products/ratings`, 50 products at most per read),
 * counted from the emulator's request log for the page's own key.
 */
const apiBase = inject('apiBase');

let products: EmulatorProduct[];

beforeAll(async () => {
  products = await emulatorProducts(apiBase);
});

afterEach(() => document.body.replaceChildren());

const starsOf = (el: Element) => shadow(el).querySelector<HTMLElement>('[role="img"]');
const settled = (el: SvcReviewSummary) => starsOf(el) ?? shadow(el).querySelector('.none');

function badges(key: string, refs: string[]): SvcReviewSummary[] {
  return refs.map((ref) => mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': ref, variant: 'badge' }));
}

describe('badges on a collection page', () => {
  it('24 badges cost at most 2 API requests, and each shows its own product', async () => {
    const key = await testKey(apiBase, 'badges_24');
    const refs = products.slice(0, 24).map((product) => product.handle);
    const els = badges(key, refs);
    await expect.poll(() => els.every(settled), { timeout: 15_000 }).toBe(true);
    const log = await requestLog(apiBase, key);
    expect(log.length).toBeGreaterThan(0);
    expect(log.length).toBeLessThanOrEqual(2);
    expect(log.every((entry) => entry.path === '/v1/products/ratings' && entry.status === 200)).toBe(true);
    await expectBadgeFigures(apiBase, els, refs);
  });

  it('more than 50 products are read 50 at most at a time', async () => {
    const key = await testKey(apiBase, 'badges_60');
    const refs = [...products.map((product) => product.handle), ...products.map((product) => product.id)].slice(0, 60);
    // The same product twice shares its answer.
    const els = badges(key, [...refs, refs[0]!, refs[1]!]);
    await expect.poll(() => els.every(settled), { timeout: 15_000 }).toBe(true);
    const log = await requestLog(apiBase, key);
    expect(log).toHaveLength(2);
    const asked = log.map((entry) => [entry.query['product_ref']].flat().flatMap((value) => String(value).split(',')));
    for (const list of asked) expect(list.length).toBeLessThanOrEqual(50);
    expect(asked.flat().sort()).toEqual([...refs].sort());
  });

  it('a full summary still reads the review summary, and a badge added later reuses it', async () => {
    const key = await testKey(apiBase, 'badges_full');
    const ref = products.find((product) => product.review_count > 3)!.handle;
    const full = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': ref });
    await expect.poll(() => shadow(full).querySelector('.summary [part="distribution"]'), { timeout: 10_000 }).toBeTruthy();
    const [badge] = badges(key, [ref]);
    await expect.poll(() => starsOf(badge!), { timeout: 10_000 }).toBeTruthy();
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => entry.path)).toEqual([`/v1/products/${ref}/review-summary`]);
  });

  it("a badge shown again within 30 s (a single-page app's next view) asks nothing, and shows its figures at once", async () => {
    const key = await testKey(apiBase, 'badges_again');
    const ref = products[3]!.handle;
    const [first] = badges(key, [ref]);
    await expect.poll(() => settled(first!), { timeout: 10_000 }).toBeTruthy();
    first!.remove();
    const [again] = badges(key, [ref]);
    await again!.updateComplete;
    await again!.updateComplete;
    expect(settled(again!), 'figures at the first render after the first update').toBeTruthy();
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('an unknown product among them shows nothing; the others show', async () => {
    const key = await testKey(apiBase, 'badges_unknown');
    const els = badges(key, [products[0]!.handle, 'no-such-product-batch', products[1]!.handle]);
    await expect.poll(() => getComputedStyle(els[1]!).display, { timeout: 10_000 }).toBe('none');
    await expect.poll(() => settled(els[0]!) && settled(els[2]!)).toBeTruthy();
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });
});

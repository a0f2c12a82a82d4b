import { afterEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/review-summary/svc-review-summary.ts';
import type { SvcReviewSummary } from '../../src/elements/review-summary/svc-review-summary.ts';
import { testKey } from '../support/emulator-control.ts';
import { mount, shadow } from './review-support.ts';

/**
 * The generated summary is clamped to a fixed number of lines, and its box takes those
 * lines whatever the text's length: the loading state reserves exactly the height the
 * loaded summary takes, for a short text and for a long one (boxes measured, no timing).
 */
const apiBase = inject('apiBase');

afterEach(() => document.body.replaceChildren());

const SHORT = 'Soft and warm.';
const LONG = Array.from({ length: 40 }, (_, i) => `Sentence ${i + 1} of what customers say about the fit, the fabric and the delivery.`).join(' ');

/** A summary element whose API answer (after a delay, to see the loading state) carries `text`. */
async function summaryWith(text: string, width = 480): Promise<SvcReviewSummary> {
  const body = { average: 4.2, count: 10, distribution: { 1: 0, 2: 1, 3: 1, 4: 3, 5: 5 }, summary: { text, language: 'en' } };
  const key = await testKey(apiBase, 'clamp', { faults: { latencyMs: 400, replaceBody: { byPath: { '/review-summary': body } } } });
  const el = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': 'aster-linen-shirt' });
  el.style.width = `${width}px`;
  return el;
}

const loaded = (el: Element) => shadow(el).querySelector('.summary [part="generated-summary"]');
const readMore = (el: Element) => shadow(el).querySelector<HTMLButtonElement>('.summary [part="read-more"]')!;
const height = (el: Element) => el.getBoundingClientRect().height;

describe('the generated summary', () => {
  it('keeps the reserved height for a short and a long text, from loading to loaded', async () => {
    const heights: number[] = [];
    for (const text of [SHORT, LONG]) {
      const el = await summaryWith(text);
      await expect.poll(() => shadow(el).querySelector('.reserve [part="generated-summary"]')).toBeTruthy();
      const reserved = height(el);
      await expect.poll(() => loaded(el), { timeout: 10_000 }).toBeTruthy();
      expect(Math.abs(height(el) - reserved), text.slice(0, 20)).toBeLessThanOrEqual(1);
      heights.push(height(el));
      el.remove();
    }
    expect(Math.abs(heights[0]! - heights[1]!)).toBeLessThanOrEqual(1);
  });

  it('offers "Read more" only when the text is cut, as a keyboard toggle with aria-expanded', async () => {
    const short = await summaryWith(SHORT);
    const long = await summaryWith(LONG);
    await expect.poll(() => loaded(short) && loaded(long), { timeout: 10_000 }).toBeTruthy();
    await expect.poll(() => getComputedStyle(readMore(long)).visibility).toBe('visible');
    expect(getComputedStyle(readMore(short)).visibility).toBe('hidden');

    const button = readMore(long);
    const text = shadow(long).querySelector('.summary .generated-text')!;
    const clamped = text.getBoundingClientRect().height;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(text.id);
    expect(button.textContent!.trim()).toBe('Read more');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(text.getBoundingClientRect().height).toBeGreaterThan(clamped * 2);
    expect(button.textContent!.trim()).toBe('Show less');
    await userEvent.keyboard(' ');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(Math.abs(text.getBoundingClientRect().height - clamped)).toBeLessThanOrEqual(1);
  });

  it('the badge keeps one size from loading to loaded, for few and many reviews', async () => {
    const key = await testKey(apiBase, 'badge_size', { faults: { latencyMs: 400 } });
    const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
    const sorted = info.products.filter((product) => product.review_count > 0).sort((a, b) => a.review_count - b.review_count);
    for (const product of [sorted[0]!, sorted.at(-1)!]) {
      const badge = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': product.handle, variant: 'badge' });
      await expect.poll(() => shadow(badge).querySelector('.badge.loading')).toBeTruthy();
      const loading = badge.getBoundingClientRect();
      await expect.poll(() => shadow(badge).querySelector('[part="badge"]'), { timeout: 10_000 }).toBeTruthy();
      const shown = badge.getBoundingClientRect();
      expect([shown.width, shown.height], product.handle).toEqual([loading.width, loading.height]);
      badge.remove();
    }
  });
});

import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/review-summary/svc-review-summary.ts';
import type { SvcReviewSummary } from '../../src/elements/review-summary/svc-review-summary.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { apiGet, type EmulatorProduct, emulatorProducts, isHidden, mostReviewed, mount, shadow, text, unreviewedProduct, type WireSummary } from './review-support.ts';

const apiBase = inject('apiBase');

let products: EmulatorProduct[];
let reviewed: EmulatorProduct;
let unreviewed: EmulatorProduct;
let key: string;

beforeAll(async () => {
  products = await emulatorProducts(apiBase);
  reviewed = mostReviewed(products);
  unreviewed = unreviewedProduct(products);
  expect(unreviewed, 'the seed has a product without reviews').toBeDefined();
  key = await testKey(apiBase, 'summary');
});

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('dir');
  vi.restoreAllMocks();
});

function summary(attributes: Record<string, string | true>): SvcReviewSummary {
  return mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', ...attributes });
}

const starsOf = (el: Element) => shadow(el).querySelector<HTMLElement>('[role="img"]');

async function rendered(el: SvcReviewSummary): Promise<void> {
  await expect.poll(() => starsOf(el) ?? shadow(el).querySelector('.none, [role="alert"]'), { timeout: 10_000 }).toBeTruthy();
}

describe('<svc-review-summary>', () => {
  it('shows the average as stars and number, the count, five bars and the generated summary', async () => {
    const expected = await apiGet<WireSummary>(apiBase, `/products/${reviewed.handle}/review-summary?market=us`);
    const el = summary({ 'product-ref': reviewed.handle });
    await rendered(el);
    const root = shadow(el);
    const stars = starsOf(el)!;
    const average = expected.average.toFixed(1);
    expect(stars.getAttribute('aria-label')).toBe(`${average} out of 5 stars`);
    for (const glyphs of stars.querySelectorAll('.stars-row')) expect(glyphs.getAttribute('aria-hidden')).toBe('true');
    expect(text(root.querySelector('[part="average"]'))).toBe(average);
    expect(text(root.querySelector('[part="count"]'))).toBe(`${expected.count} reviews`);
    // The filled stars are clipped to average / 5 of the row.
    const fill = stars.querySelector<HTMLElement>('.stars-filled')!.getBoundingClientRect().width;
    expect(fill / stars.getBoundingClientRect().width).toBeCloseTo(expected.average / 5, 2);

    const bars = [...root.querySelectorAll('button[part~="bar"]')];
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([5, 4, 3, 2, 1].map((star) => `${star} ${star === 1 ? 'star' : 'stars'}: ${expected.distribution[star]} ${expected.distribution[star] === 1 ? 'review' : 'reviews'}`));
    expect(bars.every((bar) => bar.getAttribute('aria-pressed') === 'false')).toBe(true);

    const generated = root.querySelector('[part="generated-summary"]')!;
    expect(text(generated)).toContain(expected.summary!.text);
    expect(text(generated)).toContain('Summary generated automatically from customer reviews');
  });

  it('formats the rating in the market language (comma decimal in de)', async () => {
    const expected = await apiGet<WireSummary>(apiBase, `/products/${reviewed.handle}/review-summary?market=de`);
    const el = summary({ 'product-ref': reviewed.handle, market: 'de' });
    await rendered(el);
    const average = expected.average.toFixed(1).replace('.', ',');
    expect(starsOf(el)!.getAttribute('aria-label')).toBe(`${average} von 5 Sternen`);
    expect(text(shadow(el).querySelector('[part="average"]'))).toBe(average);
    expect(text(shadow(el).querySelector('[part="count"]'))).toBe(`${expected.count} Bewertungen`);
    expect(text(shadow(el).querySelector('[part="generated-summary"]'))).toContain('Automatisch aus Kundenbewertungen erstellte Zusammenfassung');
  });

  it('fills the stars from the right under dir="rtl"', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    const el = summary({ 'product-ref': reviewed.handle, variant: 'badge' });
    await rendered(el);
    const stars = starsOf(el)!.getBoundingClientRect();
    const fill = starsOf(el)!.querySelector('.stars-filled')!.getBoundingClientRect();
    expect(fill.width).toBeLessThan(stars.width);
    expect(Math.abs(fill.right - stars.right)).toBeLessThan(0.5);
    expect(fill.left - stars.left).toBeGreaterThan(1);
  });

  it('shows a clear empty state for a product without reviews, or nothing with hide-empty', async () => {
    const el = summary({ 'product-ref': unreviewed.handle });
    await rendered(el);
    expect(text(shadow(el).querySelector('[part="empty"]'))).toBe('No reviews yet');
    expect(isHidden(el)).toBe(false);

    const hidden = summary({ 'product-ref': unreviewed.handle, 'hide-empty': true });
    await expect.poll(() => isHidden(hidden)).toBe(true);
    expect(shadow(hidden).querySelector('[part="empty"]')).toBeNull();
  });

  it('summarizes the store’s own reviews with `company`', async () => {
    const expected = await apiGet<WireSummary>(apiBase, '/company/review-summary?market=us');
    const el = summary({ company: true });
    await rendered(el);
    expect(starsOf(el)!.getAttribute('aria-label')).toBe(`${expected.average.toFixed(1)} out of 5 stars`);
    expect(text(shadow(el).querySelector('[part="count"]'))).toBe(`${expected.count} reviews`);
    const log = await requestLog(apiBase, key);
    expect(log.some((entry) => entry.path === '/v1/company/review-summary')).toBe(true);
  });

  it('renders the badge with stars and count only', async () => {
    const expected = await apiGet<WireSummary>(apiBase, `/products/${reviewed.handle}/review-summary?market=us`);
    const el = summary({ 'product-ref': reviewed.handle, variant: 'badge' });
    await rendered(el);
    const root = shadow(el);
    expect(starsOf(el)!.getAttribute('aria-label')).toBe(`${expected.average.toFixed(1)} out of 5 stars`);
    expect(text(root.querySelector('[part="count"] [aria-hidden="true"]'))).toBe(`(${expected.count})`);
    expect(text(root.querySelector('[part="count"] .visually-hidden'))).toBe(`${expected.count} reviews`);
    expect(root.querySelector('[part="distribution"], [part="generated-summary"], [part="average"]')).toBeNull();
    expect(getComputedStyle(el).display).toBe('inline-flex');
  });

  it('toggles a bar’s aria-pressed and tells the page which star was chosen', async () => {
    const el = summary({ 'product-ref': reviewed.handle });
    await rendered(el);
    const events: unknown[] = [];
    document.addEventListener('svc-review-filter', (event) => events.push((event as CustomEvent).detail), { once: false });
    const five = shadow(el).querySelector<HTMLButtonElement>('button[aria-label^="5 stars"]')!;
    await userEvent.click(five);
    await expect.poll(() => five.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(five);
    await expect.poll(() => five.getAttribute('aria-pressed')).toBe('false');
    expect(events).toEqual([
      { rating: 5, target: { productRef: reviewed.handle } },
      { rating: null, target: { productRef: reviewed.handle } },
    ]);
  });

  it('renders nothing and warns once per page for a plan without Reviews', async () => {
    const warn = vi.spyOn(console, 'warn');
    const els = [
      mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': 'svc_pk_demo_noreviews', market: 'us', 'product-ref': reviewed.handle }),
      mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': 'svc_pk_demo_noreviews', market: 'us', 'product-ref': reviewed.handle, variant: 'badge' }),
      mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': 'svc_pk_demo_noreviews', market: 'de', company: true }),
    ];
    await expect.poll(() => els.every(isHidden), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/does not include Reviews/);
    for (const el of els) expect(shadow(el).querySelector('[role="img"], [role="alert"]')).toBeNull();
  });

  it('renders nothing and warns once for an unknown product', async () => {
    const warn = vi.spyOn(console, 'warn');
    const els = [summary({ 'product-ref': 'no-such-product' }), summary({ 'product-ref': 'no-such-product', variant: 'badge' })];
    await expect.poll(() => els.every(isHidden), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/"no-such-product" was not found/);
  });

  it('fails quietly for other failures: its loading box held, empty, the error part not displayed; it heals', async () => {
    const failing = await testKey(apiBase, 'summary_fail', { faults: { fail500: 3 } });
    const errors: unknown[] = [];
    document.addEventListener('svc-error', (event) => errors.push((event as CustomEvent).detail.error));
    const el = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': failing, market: 'us', 'product-ref': reviewed.handle });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect.poll(() => shadow(el).querySelector('.loading')).toBeTruthy();
    const loadingHeight = el.getBoundingClientRect().height;
    const alert = () => shadow(el).querySelector<HTMLElement>('[role="alert"]');
    await expect.poll(alert, { timeout: 10_000 }).toBeTruthy();
    expect(text(alert())).toMatch(/The store had a problem/);
    expect(getComputedStyle(alert()!).display).toBe('none');
    expect(shadow(el).querySelector('[part~="retry-button"]')).toBeNull();
    expect(el.getBoundingClientRect().height).toBe(loadingHeight);
    expect(errors).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => starsOf(el), { timeout: 10_000 }).toBeTruthy();
    expect(alert()).toBeNull();
  });

  it('reserves the overview, bars and generated summary while loading, so nothing below moves when they arrive', async () => {
    const slowKey = await testKey(apiBase, 'summary_reserve', { faults: { latencyMs: 600 } });
    const el = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': slowKey, market: 'us', 'product-ref': reviewed.handle });
    el.style.width = '640px';
    await expect.poll(() => shadow(el).querySelector('[role="status"]')).toBeTruthy();
    const loadingHeight = el.getBoundingClientRect().height;
    expect(loadingHeight).toBeGreaterThan(100);
    await rendered(el);
    const root = shadow(el);
    expect(root.querySelector('.summary [part="generated-summary"]'), 'the product has a generated summary').toBeTruthy();
    const top = el.getBoundingClientRect().top;
    const bottom = Math.max(...[...root.querySelectorAll('[part="overview"], [part="distribution"], [part="generated-summary"]')].map((part) => part.getBoundingClientRect().bottom));
    expect(Math.abs(bottom - top - loadingHeight)).toBeLessThanOrEqual(1);
  });
});

import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import type { SvcReviews } from '../../src/elements/reviews/svc-reviews.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { apiGet, type EmulatorProduct, emulatorProducts, isHidden, mostReviewed, mount, shadow, text, unreviewedProduct, type WireSummary } from './review-support.ts';

const apiBase = inject('apiBase');

interface WireReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  created_at: string;
  localization?: { language: string; title: string; body: string };
}

let reviewed: EmulatorProduct;
let unreviewed: EmulatorProduct;
let key: string;

beforeAll(async () => {
  const products = await emulatorProducts(apiBase);
  reviewed = mostReviewed(products);
  unreviewed = unreviewedProduct(products);
  key = await testKey(apiBase, 'reviews');
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function list(attributes: Record<string, string | true>): SvcReviews {
  return mount('svc-reviews', { 'api-base': apiBase, 'publishable-key': key, market: 'us', ...attributes });
}

const items = (el: Element) => [...shadow(el).querySelectorAll<HTMLElement>('[part~="review"]')];
const ratings = (el: Element) => items(el).map((item) => Number(item.dataset['rating']));
const dates = (el: Element) => items(el).map((item) => item.querySelector('time')!.getAttribute('datetime')!);
const loadMore = (el: Element) => shadow(el).querySelector<HTMLButtonElement>('[part~="load-more"]');
const bar = (el: Element, star: number) => shadow(el).querySelector<HTMLButtonElement>(`button[part~="bar"][aria-label^="${star} star"]`)!;

async function loaded(el: SvcReviews, count = 1): Promise<void> {
  await expect.poll(() => items(el).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  await expect.poll(() => shadow(el).querySelector('[part~="bar"]'), { timeout: 10_000 }).toBeTruthy();
}

/** Clicks "Load more" until it is gone; returns how many clicks it took. */
async function loadAll(el: SvcReviews): Promise<number> {
  let clicks = 0;
  for (;;) {
    await expect.poll(() => el.shadowRoot!.querySelector('[part~="load-more"][aria-disabled="true"]'), { timeout: 10_000 }).toBeNull();
    const button = loadMore(el);
    if (!button) return clicks;
    const before = items(el).length;
    await userEvent.click(button);
    clicks++;
    await expect.poll(() => items(el).length, { timeout: 10_000 }).toBeGreaterThan(before);
  }
}

describe('<svc-reviews>', () => {
  it('pages to the end with "Load more", every review once', async () => {
    const el = list({ 'product-ref': reviewed.handle, 'page-size': '20' });
    await loaded(el);
    expect(items(el)).toHaveLength(20);
    const clicks = await loadAll(el);
    expect(clicks).toBe(Math.ceil(reviewed.review_count / 20) - 1);
    expect(items(el)).toHaveLength(reviewed.review_count);
    expect(loadMore(el)).toBeNull();
    expect(dates(el)).toEqual([...dates(el)].sort().reverse());
    const log = await requestLog(apiBase, key);
    const pages = log.filter((entry) => entry.path === `/v1/products/${reviewed.handle}/reviews` && entry.query['sort'] === 'newest');
    expect(pages.every((entry) => entry.query['include'] === 'localization')).toBe(true);
    expect(new Set(pages.map((entry) => entry.query['cursor'] ?? '')).size).toBe(pages.length);
  }, 45_000);

  it('sorts by highest and lowest rating', async () => {
    const el = list({ 'product-ref': reviewed.handle, 'page-size': '50' });
    await loaded(el);
    const select = shadow(el).querySelector<HTMLSelectElement>('select[part="sort"]')!;
    // Each order by its English label (the string key is built from the order's name).
    expect([...select.options].map((option) => [option.value, option.textContent?.trim()])).toEqual([
      ['newest', 'Newest'],
      ['highest', 'Highest rated'],
      ['lowest', 'Lowest rated'],
    ]);
    await userEvent.selectOptions(select, 'highest');
    // The newest first stay on show until the new order is there: wait for the order itself.
    await expect.poll(() => ratings(el).every((rating, i, all) => i === 0 || all[i - 1]! >= rating)).toBe(true);
    await loadAll(el);
    expect(ratings(el)).toHaveLength(reviewed.review_count);
    expect(ratings(el)).toEqual([...ratings(el)].sort((a, b) => b - a));
    expect(el.getAttribute('sort')).toBe('highest');

    await userEvent.selectOptions(select, 'lowest');
    await expect.poll(() => ratings(el).length > 0 && ratings(el)[0]! <= 2).toBe(true);
    await loadAll(el);
    expect(ratings(el)).toEqual([...ratings(el)].sort((a, b) => a - b));
  }, 45_000);

  it('filters by star with the distribution bars and announces how many match', async () => {
    const expected = await apiGet<WireSummary>(apiBase, `/products/${reviewed.handle}/review-summary?market=us`);
    const el = list({ 'product-ref': reviewed.handle, 'page-size': '50' });
    await loaded(el);
    const status = shadow(el).querySelector('[role="status"]')!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(text(status)).toBe('');

    await userEvent.click(bar(el, 4));
    await expect.poll(() => ratings(el).length > 0 && ratings(el).every((r) => r === 4)).toBe(true);
    expect(items(el)).toHaveLength(expected.distribution['4']!);
    expect(bar(el, 4).getAttribute('aria-pressed')).toBe('true');
    expect(bar(el, 5).getAttribute('aria-pressed')).toBe('false');
    expect(text(status)).toBe(`${expected.distribution['4']} reviews match`);
    expect(el.rating).toBe(4);

    await userEvent.click(shadow(el).querySelector<HTMLButtonElement>('[part="clear-filter"]')!);
    await expect.poll(() => new Set(ratings(el)).size).toBeGreaterThan(1);
    expect(bar(el, 4).getAttribute('aria-pressed')).toBe('false');
    expect(text(status)).toBe(`${expected.count} reviews match`);
  }, 45_000);

  it('is filtered by a <svc-review-summary> for the same product, and keeps its bars in step', async () => {
    const summary = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': reviewed.handle });
    const el = list({ 'product-ref': reviewed.handle, 'page-size': '50' });
    await loaded(el);
    await expect.poll(() => shadow(summary).querySelector('.summary [part~="bar"]')).toBeTruthy();
    await userEvent.click(bar(summary, 5));
    await expect.poll(() => ratings(el).length > 0 && ratings(el).every((r) => r === 5)).toBe(true);
    expect(bar(el, 5).getAttribute('aria-pressed')).toBe('true');
    // And back: the list's own bar updates the summary's.
    await userEvent.click(bar(el, 3));
    await expect.poll(() => bar(summary, 3).getAttribute('aria-pressed')).toBe('true');
    expect(bar(summary, 5).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a translated review’s original text, in its language, and back', async () => {
    const wire = await apiGet<{ data: WireReview[] }>(apiBase, `/products/${reviewed.handle}/reviews?market=de&limit=20&include=localization`);
    const translated = wire.data.find((review) => review.localization)!;
    expect(translated, 'the first page in de has a translated review').toBeDefined();
    const el = list({ 'product-ref': reviewed.handle, market: 'de', 'page-size': '20' });
    await loaded(el);
    const item = items(el).find((node) => text(node.querySelector('h3')) === translated.title && text(node.querySelector('.review-body')) === translated.body)!;
    expect(item).toBeDefined();
    const language = new Intl.DisplayNames('de', { type: 'language' }).of(translated.localization!.language)!;
    expect(text(item.querySelector('[part="translation"]'))).toContain(`Übersetzt (Original: ${language})`);

    await userEvent.click(item.querySelector<HTMLButtonElement>('[part="translation-toggle"]')!);
    await expect.poll(() => text(item.querySelector('h3'))).toBe(translated.localization!.title);
    expect(text(item.querySelector('.review-body'))).toBe(translated.localization!.body);
    expect(item.querySelector('[part="review-text"]')!.getAttribute('lang')).toBe(translated.localization!.language);
    const toggle = item.querySelector<HTMLButtonElement>('[part="translation-toggle"]')!;
    expect(text(toggle)).toBe('Übersetzung anzeigen');

    await userEvent.click(toggle);
    await expect.poll(() => text(item.querySelector('h3'))).toBe(translated.title);
    expect(item.querySelector('[part="review-text"]')!.getAttribute('lang')).toBe('de');
    expect(text(item.querySelector('[part="translation-toggle"]'))).toBe('Original anzeigen');
  });

  it('shows verified buyers, photos with alt text loaded lazily, replies and localized dates', async () => {
    const el = list({ 'product-ref': reviewed.handle, 'page-size': '50', market: 'de' });
    await loaded(el);
    await loadAll(el);
    const root = shadow(el);
    expect(root.querySelectorAll('[part="verified-badge"]').length).toBeGreaterThan(0);
    expect(text(root.querySelector('[part="verified-badge"]'))).toBe('Verifizierter Kauf');
    const images = [...root.querySelectorAll<HTMLImageElement>('img[part="media-thumbnail"]')];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.alt).toMatch(/^Kundenfoto \d+ von \d+$/);
      expect(image.src).toMatch(/^http:\/\/.+\/media\/reviews\//);
    }
    expect(text(root.querySelector('[part="reply"]'))).toMatch(/^Antwort des Shops/);
    const first = items(el)[0]!.querySelector('time')!;
    expect(text(first)).toBe(new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(new Date(first.getAttribute('datetime')!)));
  }, 45_000);

  it('lists the store’s own reviews with `company`', async () => {
    const el = list({ company: true, 'page-size': '5' });
    await loaded(el, 5);
    const log = await requestLog(apiBase, key);
    expect(log.some((entry) => entry.path === '/v1/company/reviews' && entry.query['include'] === 'localization')).toBe(true);
    expect(loadMore(el)).not.toBeNull();
  });

  it('says so when a product has no reviews', async () => {
    const el = list({ 'product-ref': unreviewed.handle });
    await expect.poll(() => text(shadow(el).querySelector('[part="empty"]')), { timeout: 10_000 }).toBe('No reviews yet');
    expect(shadow(el).querySelector('[part~="bar"], select')).toBeNull();
  });

  it('renders nothing on a plan without Reviews, warning once with the summaries', async () => {
    const warn = vi.spyOn(console, 'warn');
    const noReviews = await testKey(apiBase, 'reviews_noplan', { plan: 'noreviews' });
    const attrs = { 'api-base': apiBase, 'publishable-key': noReviews, market: 'us', 'product-ref': reviewed.handle };
    const els = [mount('svc-reviews', attrs), mount('svc-review-summary', attrs), mount('svc-reviews', { ...attrs, market: 'de' })];
    await expect.poll(() => els.every(isHidden), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import { setFaults, testKey, type Faults } from '../support/emulator-control.ts';
import { axeViolations, countTargets, deepElements, expectNoAxeViolations, smallTargets, until } from './a11y-support.ts';
import { mostReviewed, unreviewedProduct } from './review-support.ts';

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every element in every state: loading,
 * loaded, empty, error, the lightbox open (photo and video), a product card open, the
 * review list filtered, translated reviews shown in the original, paging errors; and
 * hover and keyboard focus states for contrast. Targets are measured too (24 × 24 px).
 */
const apiBase = inject('apiBase');
// The machine is shared: images, the emulator and Vite compete for two cores.
vi.setConfig({ testTimeout: 60_000 });

interface Info {
  labels: { id: string; post_count: number }[];
  products: { handle: string; review_count: number }[];
  samples: { video_post: string; corner_hotspots_post: string };
}
let info: Info;
let reviewed: string;
let unreviewed: string;
/** A post that tags products, for the product's own gallery. */
let taggedPost: string;

beforeAll(async () => {
  info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as Info;
  reviewed = mostReviewed(info.products).handle;
  unreviewed = unreviewedProduct(info.products).handle;
  const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${reviewed}&limit=1`, { headers: { authorization: 'Bearer svc_pk_demo' } })).json()) as { data: { id: string }[] };
  taggedPost = posts.data[0]!.id;
  await page.viewport(1024, 900);
});

afterEach(() => {
  document.body.replaceChildren();
});

async function key(name: string, faults: Faults = {}, plan: 'reviews' | 'noreviews' = 'reviews'): Promise<string> {
  return testKey(apiBase, `a11y_${name}`, { faults, plan });
}

function mount<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, parent: Element = document.body): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries({ market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; max-width: 900px; margin: 16px; font-family: system-ui, sans-serif';
  parent.append(element);
  return element;
}

const root = (element: Element) => element.shadowRoot!;
const q = <T extends Element = HTMLElement>(element: Element, selector: string) => root(element).querySelector<T>(selector);

/** axe and the target sizes for one state. */
async function check(element: Element, state: string): Promise<void> {
  await expectNoAxeViolations(element, state);
  expect(smallTargets(element), `targets under 24 × 24 px (${state})`).toEqual([]);
}

describe('the checks themselves', () => {
  it('axe looks inside open shadow roots, and the target check measures hit areas', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const button = Object.assign(document.createElement('button'), { style: 'width: 16px; height: 16px' });
    const faint = Object.assign(document.createElement('p'), { textContent: 'Faint text', style: 'color: #bbb; background: #fff' });
    shadow.append(button, faint);
    const violations = await axeViolations(host);
    expect(violations.some((line) => line.startsWith('button-name'))).toBe(true);
    expect(violations.some((line) => line.startsWith('color-contrast'))).toBe(true);
    expect(smallTargets(host)).toHaveLength(1);
    // A pseudo-element that covers a larger area makes the target large enough.
    const style = Object.assign(document.createElement('style'), { textContent: 'b { position: relative; display: block; height: 40px } button::after { content: ""; position: absolute; inset: 0 }' });
    const row = document.createElement('b');
    button.setAttribute('aria-label', 'Row');
    row.append(button);
    shadow.replaceChildren(style, row);
    expect(smallTargets(host)).toEqual([]);
  });
});

describe('svc-post-gallery', () => {
  const tiles = (element: Element) => [...root(element).querySelectorAll<HTMLButtonElement>('button.tile')];
  const lightbox = (element: Element) => q(element, 'svc-post-lightbox');
  const dialog = (element: Element) => lightbox(element)?.shadowRoot?.querySelector('dialog') ?? null;

  it('loading: skeletons hidden from screen readers, busy, "Loading…" in a polite live region', async () => {
    const element = mount('svc-post-gallery', { 'publishable-key': await key('gallery_loading', { latencyMs: 4000 }), 'page-size': '6' });
    await until(() => q(element, '.skeleton'), 'skeletons');
    expect(q(element, '.base')!.getAttribute('aria-busy')).toBe('true');
    const status = q(element, '[role="status"]')!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => status.textContent?.trim()).toBe('Loading…');
    await check(element, 'gallery loading');
  });

  it.each(['grid', 'masonry', 'carousel'])('loaded (%s): no violations, tiles named "Photo by @user: alt"', async (layout) => {
    const element = mount('svc-post-gallery', { 'publishable-key': await key(`gallery_${layout}`), 'page-size': '8', layout });
    await until(() => tiles(element).length === 8, 'tiles');
    for (const tile of tiles(element)) expect(tile.getAttribute('aria-label')).toMatch(/^(Photo|Video) by @[\w.]+(: .+)?$/);
    expect(countTargets(element)).toBeGreaterThanOrEqual(8);
    await check(element, `gallery ${layout}`);
  });

  it('hover and keyboard focus on a tile and on "Load more" keep contrast and names', async () => {
    const element = mount('svc-post-gallery', { 'publishable-key': await key('gallery_hover'), 'page-size': '4' });
    await until(() => tiles(element).length === 4, 'tiles');
    await userEvent.hover(tiles(element)[1]!);
    await check(element, 'gallery tile hovered');
    await userEvent.hover(q(element, 'button.load-more')!);
    await check(element, 'gallery load more hovered');
    await userEvent.tab();
    await userEvent.tab();
    expect(root(element).activeElement).toBe(tiles(element)[1]);
    await check(element, 'gallery tile focused');
  });

  it('empty: the theme\'s empty slot is shown, nothing else', async () => {
    const label = info.labels.find((candidate) => candidate.post_count === 0)!;
    const element = mount('svc-post-gallery', { 'publishable-key': await key('gallery_empty'), 'label-id': label.id });
    element.append(Object.assign(document.createElement('p'), { slot: 'empty', textContent: 'No photos yet.' }));
    await until(() => q(element, 'slot[name="empty"]'), 'empty slot');
    expect(tiles(element)).toHaveLength(0);
    await check(element, 'gallery empty');
  });

  it('error: quiet (issue 42), the message in a role="alert" part a theme may show, no button', async () => {
    const element = mount('svc-post-gallery', { 'publishable-key': await key('gallery_error', { fail500: 20 }) });
    const alert = await until(() => q(element, '[role="alert"]'), 'alert');
    expect(alert.textContent).toMatch(/The store had a problem/);
    expect(alert.getAttribute('part')).toBe('error');
    expect(getComputedStyle(alert).display).toBe('none');
    expect(alert.querySelector('button')).toBeNull();
    await check(element, 'gallery error');
  });

  it('a next page that fails: posts stay, the error is an alert under them', async () => {
    const name = await key('gallery_next_error');
    const element = mount('svc-post-gallery', { 'publishable-key': name, 'page-size': '4' });
    await until(() => tiles(element).length === 4, 'tiles');
    await setFaults(apiBase, name, { fail500: 20 });
    q<HTMLButtonElement>(element, 'button.load-more')!.click();
    await until(() => q(element, '.footer [role="alert"]'), 'footer alert', 15_000);
    expect(tiles(element)).toHaveLength(4);
    await check(element, 'gallery next page error');
  });

  it('lightbox open on a photo with products, and on a video', async () => {
    const element = mount('svc-post-gallery', { 'publishable-key': await key('gallery_lightbox'), 'product-ref': reviewed, 'page-size': '12' });
    const photo = await until(() => tiles(element).find((tile) => /^Photo/.test(tile.getAttribute('aria-label') ?? '')), 'a photo tile');
    photo.click();
    const open = await until(() => (dialog(element)?.open ? dialog(element) : null), 'dialog');
    const products = await until(() => open.querySelector('.products svc-shoppable-post, svc-shoppable-post.products')?.shadowRoot?.querySelector('.product-list'), 'product list');
    expect(products.querySelectorAll('a, .entry').length).toBeGreaterThan(0);
    await until(() => open.querySelector('.media svc-shoppable-post')?.shadowRoot?.querySelector('button.hotspot'), 'hotspots');
    await check(element, 'lightbox photo');

    // A video post: its player, description and transcript.
    const video = mount('svc-post-gallery', { 'publishable-key': await key('gallery_video'), 'page-size': '8' });
    await until(() => tiles(video).length > 0, 'tiles');
    const videoTile = await until(() => tiles(video).find((tile) => /^Video/.test(tile.getAttribute('aria-label') ?? '')), 'a video tile');
    element.remove();
    videoTile.click();
    const videoDialog = await until(() => (dialog(video)?.open ? dialog(video) : null), 'video dialog');
    await until(() => videoDialog.querySelector('video'), 'video');
    await check(video, 'lightbox video');
  });
});

describe('svc-shoppable-post', () => {
  it('loading: "Loading…" in role="status"', async () => {
    const element = mount('svc-shoppable-post', { 'publishable-key': await key('post_loading', { latencyMs: 4000 }), 'post-id': taggedPost });
    const status = await until(() => q(element, '[role="status"]'), 'status');
    expect(status.textContent?.trim()).toBe('Loading…');
    await check(element, 'shoppable loading');
  });

  it('loaded, a product card open, and the product list hovered', async () => {
    const element = mount('svc-shoppable-post', { 'publishable-key': await key('post_loaded'), 'post-id': taggedPost });
    const hotspot = await until(() => q<HTMLButtonElement>(element, 'button.hotspot:not([hidden])'), 'hotspot');
    for (const spot of root(element).querySelectorAll('button.hotspot')) expect(spot.getAttribute('aria-label')).toMatch(/^.+, \$\d[\d,]*\.\d\d$/);
    await until(() => q(element, 'img.picture.loaded'), 'picture');
    await check(element, 'shoppable loaded');
    hotspot.click();
    const card = await until(() => q(element, '.card:not([hidden])'), 'card');
    expect(card.getAttribute('role')).toBe('group');
    expect(card.getAttribute('aria-label')).toBe(hotspot.getAttribute('aria-label'));
    expect(card.textContent).toMatch(/\$\d/);
    await check(element, 'shoppable card open');
    await userEvent.hover(q(element, '.product-list a, .product-list .entry')!);
    await check(element, 'shoppable list hovered');
  });

  it('a video post before and after play', async () => {
    const element = mount('svc-shoppable-post', { 'publishable-key': await key('post_video'), 'post-id': info.samples.video_post });
    const play = await until(() => q<HTMLButtonElement>(element, 'button.play'), 'play button');
    expect(play.getAttribute('aria-label')).toBe('Play video');
    await check(element, 'shoppable video poster');
    play.click();
    await until(() => q(element, 'video'), 'video');
    await check(element, 'shoppable video playing');
  });

  it('error and not found: an alert', async () => {
    const failing = mount('svc-shoppable-post', { 'publishable-key': await key('post_error', { fail500: 20 }), 'post-id': taggedPost });
    const missing = mount('svc-shoppable-post', { 'publishable-key': await key('post_missing'), 'post-id': 'pst_doesnotexist' });
    await until(() => q(failing, '[role="alert"]'), 'quiet alert');
    await until(() => q(missing, '[role="alert"]'), 'not found alert');
    await check(failing, 'shoppable error');
    await check(missing, 'shoppable not found');
  });
});

describe('svc-review-summary', () => {
  it('loading (full and badge): busy, "Loading…" in a polite live region', async () => {
    const name = await key('summary_loading', { latencyMs: 4000 });
    const full = mount('svc-review-summary', { 'publishable-key': name, 'product-ref': reviewed });
    const badge = mount('svc-review-summary', { 'publishable-key': name, 'product-ref': reviewed, variant: 'badge' });
    for (const element of [full, badge]) {
      const status = await until(() => q(element, '[role="status"]'), 'status');
      expect(status.textContent?.trim()).toBe('Loading…');
      await check(element, `summary loading ${element.getAttribute('variant') ?? 'full'}`);
    }
  });

  it('loaded (full, badge, company), a bar pressed and hovered', async () => {
    const name = await key('summary_loaded');
    const full = mount('svc-review-summary', { 'publishable-key': name, 'product-ref': reviewed });
    const badge = mount('svc-review-summary', { 'publishable-key': name, 'product-ref': reviewed, variant: 'badge' });
    const company = mount('svc-review-summary', { 'publishable-key': name, company: '' });
    const bar = await until(() => q<HTMLButtonElement>(full, '.summary:not(.reserve) button.bar'), 'bars');
    await until(() => q(badge, '.stars[role="img"]'), 'badge stars');
    await until(() => q(company, '.summary:not(.reserve) button.bar'), 'company bars');
    expect(q(full, '.stars[role="img"]')!.getAttribute('aria-label')).toMatch(/^\d\.\d out of 5 stars$/);
    await check(full, 'summary full');
    await check(badge, 'summary badge');
    await check(company, 'summary company');
    bar.click();
    await expect.poll(() => bar.getAttribute('aria-pressed')).toBe('true');
    await userEvent.hover(root(full).querySelectorAll('button.bar')[1]!);
    await check(full, 'summary bar pressed, another hovered');
  });

  it('no reviews (full and badge) and an error', async () => {
    const name = await key('summary_empty');
    const full = mount('svc-review-summary', { 'publishable-key': name, 'product-ref': unreviewed });
    const badge = mount('svc-review-summary', { 'publishable-key': name, 'product-ref': unreviewed, variant: 'badge' });
    const failing = mount('svc-review-summary', { 'publishable-key': await key('summary_error', { fail500: 20 }), 'product-ref': reviewed });
    await until(() => q(full, '[part="empty"]'), 'empty');
    await until(() => q(badge, '[part~="empty"]'), 'badge empty');
    expect(q(full, '[part="empty"]')!.textContent).toMatch(/No reviews yet/);
    await until(() => q(failing, '[role="alert"]'), 'alert');
    await check(full, 'summary empty');
    await check(badge, 'summary badge empty');
    await check(failing, 'summary error');
  });
});

describe('svc-reviews', () => {
  const reviews = (element: Element) => root(element).querySelectorAll('[part="review"]');

  it('loading: "Loading…" in a polite live region', async () => {
    const element = mount('svc-reviews', { 'publishable-key': await key('reviews_loading', { latencyMs: 4000 }), 'product-ref': reviewed });
    const status = await until(() => [...root(element).querySelectorAll('[role="status"]')].find((node) => /Loading/.test(node.textContent ?? '')), 'loading status');
    expect(status.getAttribute('aria-live') ?? 'polite').toBe('polite');
    await check(element, 'reviews loading');
  });

  it('loaded, filtered by a bar, translated reviews in the original, sort hovered', async () => {
    const element = mount('svc-reviews', { 'publishable-key': await key('reviews_loaded'), 'product-ref': reviewed, market: 'de', 'page-size': '5' });
    await until(() => reviews(element).length === 5, 'reviews');
    await check(element, 'reviews loaded');
    q<HTMLButtonElement>(element, 'button.bar')!.click();
    const status = await until(() => [...root(element).querySelectorAll('[role="status"]')].find((node) => /passende Bewertung/.test(node.textContent ?? '')), 'matching status');
    expect(status.textContent).toMatch(/\d+ passende Bewertungen?/);
    await until(() => q(element, '[part="clear-filter"]'), 'show all');
    await check(element, 'reviews filtered');
    const toggle = await until(() => q<HTMLButtonElement>(element, '[part="translation-toggle"]'), 'a translated review');
    toggle.click();
    await expect.poll(() => toggle.textContent?.trim()).toBe('Übersetzung anzeigen');
    await check(element, 'reviews original shown');
    await userEvent.hover(q(element, 'select')!);
    await check(element, 'reviews sort hovered');
  });

  it('a product without reviews, and a filter by the star with the fewest reviews', async () => {
    const name = await key('reviews_empty');
    const none = mount('svc-reviews', { 'publishable-key': name, 'product-ref': unreviewed });
    await until(() => q(none, '[part="empty"]'), 'empty');
    expect(q(none, '[part="empty"]')!.textContent).toMatch(/No reviews yet/);
    await check(none, 'reviews none');
    const summary = (await (await fetch(`${apiBase}/v1/products/${reviewed}/review-summary?market=us`, { headers: { authorization: 'Bearer svc_pk_demo' } })).json()) as { distribution: Record<string, number> };
    const empty = Object.entries(summary.distribution).find(([, count]) => count === 0)?.[0] ?? '1';
    const filtered = mount('svc-reviews', { 'publishable-key': name, 'product-ref': reviewed, rating: empty });
    await until(() => q(filtered, '[part="empty"]') ?? (reviews(filtered).length > 0 ? q(filtered, '[part="list"]') : null), 'filtered list');
    await check(filtered, 'reviews filtered, maybe empty');
  });

  it('errors: the list, the header, and a next page', async () => {
    const failing = mount('svc-reviews', { 'publishable-key': await key('reviews_error', { fail500: 40 }), 'product-ref': reviewed });
    await until(() => root(failing).querySelectorAll('[role="alert"]').length >= 1, 'alerts');
    await check(failing, 'reviews error');

    const name = await key('reviews_next_error');
    const paging = mount('svc-reviews', { 'publishable-key': name, 'product-ref': reviewed, 'page-size': '3' });
    await until(() => reviews(paging).length === 3, 'reviews');
    await setFaults(apiBase, name, { fail500: 20 });
    q<HTMLButtonElement>(paging, '[part="load-more"]')!.click();
    await until(() => q(paging, '.list ~ [role="alert"], [role="alert"]'), 'next page alert', 15_000);
    expect(reviews(paging)).toHaveLength(3);
    await check(paging, 'reviews next page error');
  });
});

describe('svc-rich-snippet and svc-storefront', () => {
  it('the rich snippet renders nothing a shopper meets; the storefront only its children', async () => {
    const storefront = mount('svc-storefront', { 'publishable-key': await key('snippet') });
    storefront.style.cssText = '';
    const snippet = mount('svc-rich-snippet', { 'product-ref': reviewed }, storefront);
    const summary = mount('svc-review-summary', { 'product-ref': reviewed }, storefront);
    await until(() => document.head.querySelector(`script[data-svc-rich-snippet="${reviewed}"]`), 'the JSON-LD');
    await until(() => q(summary, '.summary button.bar'), 'summary in the storefront');
    expect(getComputedStyle(snippet).display).toBe('none');
    expect(deepElements(snippet)).toHaveLength(0);
    // No shadow root, nothing of its own: its children, as written.
    expect(storefront.shadowRoot).toBeNull();
    expect([...storefront.childNodes]).toEqual([snippet, summary]);
    await check(storefront, 'storefront with a snippet and a summary');
  });
});

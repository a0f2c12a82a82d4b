import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import { testKey } from '../support/emulator-control.ts';
import { mount, overflowOffenders, rawGet, until } from './hostile-support.ts';

/**
 * A shop page whose own CSS is hostile to anything embedded in it: `* { all: unset }`,
 * hidden images, huge buttons, a 62.5 % root font size, giant SVGs and a full-page
 * overlay at the highest z-index. The widgets still look and work as on a clean page,
 * because their styles live in shadow roots; only the documented parts and custom
 * properties reach in.
 */
const apiBase = inject('apiBase');
let key: string;
let postId: string;
let productRef: string;

const HOSTILE_CSS = `
  * { all: unset; }
  img, canvas, video { display: none !important; width: 1px !important; }
  button { font-size: 40px !important; padding: 30px !important; width: 600px !important; background: red !important; }
  svg { width: 500px !important; height: 500px !important; }
  div, span, p, ul, li, section, article, a { display: inline !important; position: static !important; }
  dialog { display: none !important; }
  .tile, .card, .hotspot, .summary, .bar, .grid, .stage { display: none !important; }
  #page-overlay { display: block !important; position: fixed !important; inset: 0 !important; z-index: 2147483647 !important; background: rgb(255 0 0 / 0.2) !important; pointer-events: none !important; }
`;

beforeAll(async () => {
  key = await testKey(apiBase, 'isolation');
  const posts = (await rawGet<{ data: { id: string; type: string; tagged_products: unknown[] }[] }>(apiBase, '/posts?market=us&limit=20', key)).data;
  postId = posts.find((p) => p.type === 'IMAGE' && p.tagged_products.length > 0)!.id;
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
  productRef = info.products.find((p) => p.review_count > 5)!.handle;
});

/** Errors that reach the page's window (what a shop's error monitoring would record). */
const windowErrors: string[] = [];
const onError = (event: ErrorEvent) => void windowErrors.push(event.message);
beforeEach(() => {
  windowErrors.length = 0;
  window.addEventListener('error', onError);
});

afterEach(() => {
  window.removeEventListener('error', onError);
  expect(windowErrors, 'errors on the window').toEqual([]);
  document.body.replaceChildren();
  document.querySelector('#hostile-css')?.remove();
  document.querySelector('#part-css')?.remove();
});

function addStyle(id: string, text: string): void {
  const style = document.createElement('style');
  style.id = id;
  style.textContent = text;
  document.head.append(style);
}

const attrs = (extra: Record<string, string | true> = {}) => ({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...extra });
type Sized = { width: number; height: number };
const size = (element: Element): Sized => {
  const rect = element.getBoundingClientRect();
  return { width: Math.round(rect.width), height: Math.round(rect.height) };
};
const q = <T extends Element = HTMLElement>(host: Element, selector: string) => host.shadowRoot!.querySelector<T>(selector);
const qa = <T extends Element = HTMLElement>(host: Element, selector: string) => [...host.shadowRoot!.querySelectorAll<T>(selector)];

interface Snapshot {
  tile: Sized;
  tileImages: number;
  loadMore: Sized;
  summaryBar: Sized;
  summaryStar: Sized;
  hotspot: Sized;
  postImage: Sized;
  reviewsLoadMore: Sized;
}

/** Mounts the widgets in a fixed-width column and measures what a shopper sees and presses. */
async function render(): Promise<{ snapshot: Snapshot; gallery: HTMLElement; post: HTMLElement; hosts: HTMLElement[] }> {
  const column = document.createElement('main');
  column.setAttribute('style', 'display:block;width:720px');
  document.body.append(column);
  const gallery = mount('svc-post-gallery', attrs({ 'page-size': '4', columns: '4' }), column);
  const summary = mount('svc-review-summary', attrs({ 'product-ref': productRef }), column);
  const post = mount('svc-shoppable-post', attrs({ 'post-id': postId }), column);
  const reviews = mount('svc-reviews', attrs({ 'product-ref': productRef, 'page-size': '2' }), column);
  await until(
    () => qa(gallery, 'img.media.loaded').length === 4 && q(summary, '.bar') !== null && q(post, '.stage img.loaded') !== null && qa(reviews, 'li.review').length === 2,
    15_000,
    'the widgets',
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const snapshot: Snapshot = {
    tile: size(q(gallery, 'button.tile')!),
    tileImages: qa(gallery, 'img.media').filter((img) => size(img).width > 20 && size(img).height > 20 && getComputedStyle(img).visibility !== 'hidden').length,
    loadMore: size(q(gallery, 'button.load-more')!),
    summaryBar: size(q(summary, 'button.bar')!),
    summaryStar: size(q(summary, '.stars svg')!),
    hotspot: size(q(post, 'button.hotspot')!),
    postImage: size(q(post, '.stage img')!),
    reviewsLoadMore: size(q(reviews, 'button.load-more')!),
  };
  return { snapshot, gallery, post, hosts: [gallery, summary, post, reviews] };
}

describe('host page isolation', () => {
  it('hostile global CSS: the same sizes as on a clean page, images shown, buttons unchanged, nothing spills', async () => {
    await page.viewport(900, 1200);
    const clean = (await render()).snapshot;
    document.body.replaceChildren();

    addStyle('hostile-css', HOSTILE_CSS);
    const overlay = document.createElement('div');
    overlay.id = 'page-overlay';
    document.body.append(overlay);
    const { snapshot, hosts } = await render();

    expect(snapshot.tileImages).toBe(4);
    // Buttons keep their size. (The page's rules for the host element itself win over
    // \`:host\`, by CSS design: with \`all: unset\` a host is inline and loses its query
    // container, so a layout may stack differently; pictures and controls stay intact.)
    const changed: string[] = [];
    for (const name of ['tile', 'loadMore', 'hotspot', 'reviewsLoadMore'] as const) {
      const [a, b] = [clean[name], snapshot[name]];
      if (Math.abs(a.width - b.width) > 2 || Math.abs(a.height - b.height) > 2) changed.push(`${name}: ${a.width}×${a.height} -> ${b.width}×${b.height}`);
    }
    expect(changed).toEqual([]);
    expect(snapshot.summaryStar).toEqual(clean.summaryStar);
    expect(snapshot.summaryBar.height).toBe(clean.summaryBar.height);
    expect(snapshot.summaryBar.width).toBeGreaterThan(100);
    expect(snapshot.postImage.width).toBeGreaterThan(200);
    expect(snapshot.postImage.height).toBeGreaterThan(100);
    for (const host of hosts) expect(overflowOffenders(host), host.localName).toEqual([]);
  });

  it('a theme with a 62.5 % root font size (html { font-size: 62.5% }): pressable targets stay at least 24 × 24 px', async () => {
    await page.viewport(900, 1200);
    addStyle('hostile-css', 'html { font-size: 62.5%; } body { font-size: 1.6rem; }');
    const { snapshot } = await render();
    for (const name of ['tile', 'loadMore', 'hotspot', 'reviewsLoadMore'] as const) {
      expect(snapshot[name].width, name).toBeGreaterThanOrEqual(24);
      expect(snapshot[name].height, name).toBeGreaterThanOrEqual(24);
    }
    expect(snapshot.tileImages).toBe(4);
  });

  it('hostile global CSS: the lightbox dialog is on top of a maximum z-index overlay, with working controls', async () => {
    await page.viewport(900, 800);
    addStyle('hostile-css', HOSTILE_CSS);
    const overlay = document.createElement('div');
    overlay.id = 'page-overlay';
    document.body.append(overlay);
    const gallery = mount('svc-post-gallery', attrs({ 'page-size': '4', style: 'width: 720px' }));
    await until(() => qa(gallery, 'button.tile').length === 4, 10_000, 'tiles');
    q<HTMLButtonElement>(gallery, 'button.tile')!.click();
    const lightbox = () => q(gallery, 'svc-post-lightbox')?.shadowRoot ?? null;
    await until(() => lightbox()?.querySelector('dialog')?.open === true, 10_000, 'the lightbox');
    const dialog = lightbox()!.querySelector('dialog')!;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // In the top layer (a popover over an open dialog), above any z-index of the page.
    expect(dialog.matches(':popover-open')).toBe(true);
    expect(size(dialog).width).toBeGreaterThan(300);
    expect(size(dialog).height).toBeGreaterThan(200);
    // What is under the close button's centre is the close button: the page's overlay is below the top layer.
    const close = lightbox()!.querySelector<HTMLButtonElement>('button.close')!;
    const rect = close.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    expect(document.elementFromPoint(x, y)).toBe(gallery);
    expect(lightbox()!.elementFromPoint(x, y)?.closest('button')).toBe(close);
    expect(size(close).width).toBeGreaterThanOrEqual(24);
    await page.elementLocator(close).click();
    await until(() => lightbox()?.querySelector('dialog')?.open !== true, 5_000, 'the lightbox to close');
  });

  it('only the documented parts and custom properties reach in', async () => {
    addStyle(
      'part-css',
      `svc-post-gallery::part(tile) { outline: 3px solid rgb(0, 128, 0); }
       svc-post-gallery { --svc-gallery-gap: 30px; }
       svc-post-gallery .tile, svc-post-gallery button { display: none !important; }
       svc-post-gallery::part(not-a-part) { display: none !important; }`,
    );
    const gallery = mount('svc-post-gallery', attrs({ 'page-size': '4', style: 'display:block;width:720px' }));
    await until(() => qa(gallery, 'button.tile').length === 4, 10_000, 'tiles');
    const tile = q(gallery, 'button.tile')!;
    expect(getComputedStyle(tile).display).not.toBe('none');
    expect(getComputedStyle(tile).outlineColor).toBe('rgb(0, 128, 0)');
    expect(getComputedStyle(q(gallery, '.grid')!).columnGap).toBe('30px');
  });
});

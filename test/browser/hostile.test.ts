import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import type { SvcPostGallery } from '../../src/elements/post-gallery/svc-post-gallery.ts';
import { testKey } from '../support/emulator-control.ts';
import {
  allElements,
  clearPwnedHits,
  dialogOverflow,
  expectNothingRan,
  injectedMarkup,
  jsonLdProblems,
  mount,
  overflowOffenders,
  pageOverflow,
  rawGet,
  shadowText,
  unsafeUrls,
  until,
  type Traps,
  installTraps,
} from './hostile-support.ts';

/**
 * Every element with a key whose answers the emulator fills with attack strings (the
 * `hostile` fault, `demo/emulator/hostile.ts`): script, markup, style and comment
 * breakouts, script/data/vbscript URLs in disguise, entities, bidi overrides, invisible
 * characters, 100 KB and unbroken strings in every text and URL field. Nothing may run
 * (spies, dialogs, console, the planted URL), every URL in the shadow trees stays
 * http(s), the JSON-LD stays inert, and the layout stays inside the element.
 */
const apiBase = inject('apiBase');
let key: string;
let traps: Traps;
let products: { id: string; handle: string; review_count: number }[];
let postIds: string[];
let cornerPost: string;

beforeAll(async () => {
  key = await testKey(apiBase, 'hostile', { faults: { hostile: true } });
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: typeof products; samples: { corner_hotspots_post: string } };
  cornerPost = info.samples.corner_hotspots_post;
  products = [...info.products].sort((a, b) => b.review_count - a.review_count);
  // Post ids from a well-behaved key (the hostile key's ids carry attack suffixes).
  const clean = await testKey(apiBase, 'hostile_ids');
  postIds = (await rawGet<{ data: { id: string; tagged_products: unknown[] }[] }>(apiBase, '/posts?market=us&limit=50', clean)).data.filter((p) => p.tagged_products.length > 0).map((p) => p.id);
});

beforeEach(async () => {
  await clearPwnedHits(apiBase);
  traps = installTraps();
});

afterEach(() => {
  traps.restore();
  document.body.replaceChildren();
  document.body.removeAttribute('style');
});

afterAll(() => {
  for (const script of document.head.querySelectorAll('script[data-svc-rich-snippet]')) script.remove();
});

const attrs = (extra: Record<string, string | true> = {}) => ({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...extra });

/** The checks every scenario ends with, for each host given. */
async function expectSafe(hosts: Element[]): Promise<void> {
  for (const host of hosts) {
    expect(unsafeUrls(host), `non-http(s) URLs in <${host.localName}>`).toEqual([]);
    expect(injectedMarkup(host), `injected markup in <${host.localName}>`).toEqual([]);
    expect(overflowOffenders(host), `overflow in <${host.localName}>`).toEqual([]);
  }
  expect(pageOverflow()).toEqual([]);
  await expectNothingRan(traps, apiBase);
}

/** The attack strings shown as text (proof that the hostile data reached the screen, not that it was dropped). */
function expectAttacksShownAsText(host: Element): void {
  const text = shadowText(host);
  expect(text).toMatch(/<(script|img|svg|iframe|a|math|meta|object)\b/);
}

const tiles = (gallery: SvcPostGallery) => [...gallery.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.tile')];
const lightboxRoot = (gallery: SvcPostGallery) => gallery.shadowRoot!.querySelector('svc-post-lightbox')?.shadowRoot ?? null;

/** Opens every visible hotspot of every shoppable post under `root` in turn, checking each open card. */
async function openEveryCard(root: ParentNode, check: (post: Element) => void): Promise<number> {
  let opened = 0;
  const posts = allElements(root).filter((element) => element.localName === 'svc-shoppable-post');
  for (const post of posts) {
    const hotspots = [...(post.shadowRoot?.querySelectorAll<HTMLButtonElement>('button.hotspot') ?? [])].filter((button) => !button.hidden);
    for (const hotspot of hotspots) {
      hotspot.click();
      await (post as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const card = post.shadowRoot!.getElementById(hotspot.getAttribute('aria-controls')!)!;
      expect(card.hidden).toBe(false);
      opened++;
      check(post);
    }
  }
  return opened;
}

describe('hostile content', () => {
  it('gallery grid of 40 hostile posts: nothing runs, URLs stay http(s), long strings stay inside', async () => {
    await page.viewport(1000, 900);
    const gallery = mount('svc-post-gallery', attrs({ 'page-size': '40', columns: '4' })) as SvcPostGallery;
    gallery.style.cssText = 'display:block;width:640px';
    await until(() => tiles(gallery).length > 0, 15_000, 'tiles');
    // About half the posts carry a script/data/vbscript media URL and are dropped; the rest render.
    expect(tiles(gallery).length).toBeGreaterThanOrEqual(10);
    const labels = tiles(gallery).map((tile) => tile.getAttribute('aria-label') ?? '');
    expect(labels.some((label) => /<script>|onerror=/.test(label))).toBe(true);
    await expectSafe([gallery]);
  });

  it('gallery lightbox: eight hostile posts in a row, with every product card opened', async () => {
    await page.viewport(1000, 800);
    const gallery = mount('svc-post-gallery', attrs({ 'page-size': '40' })) as SvcPostGallery;
    gallery.style.cssText = 'display:block;width:900px';
    await until(() => tiles(gallery).length > 0, 15_000, 'tiles');
    tiles(gallery)[0]!.click();
    await until(() => lightboxRoot(gallery)?.querySelector('dialog')?.open === true, 10_000, 'the lightbox');
    let cards = 0;
    for (let step = 0; step < 8; step++) {
      const root = lightboxRoot(gallery)!;
      const dialog = root.querySelector('dialog')!;
      await until(() => allElements(root).some((element) => element.localName === 'img' || element.localName === 'video'), 10_000, 'the post media');
      cards += await openEveryCard(root, (post) => {
        expect(unsafeUrls(post)).toEqual([]);
        expect(dialogOverflow(dialog)).toEqual([]);
      });
      expect(unsafeUrls(gallery), `step ${step}`).toEqual([]);
      expect(injectedMarkup(gallery), `step ${step}`).toEqual([]);
      expect(dialogOverflow(dialog), `step ${step}`).toEqual([]);
      const next = root.querySelector<HTMLButtonElement>('button.next')!;
      if (next.disabled) break;
      const before = root.querySelector<HTMLElement>('.card')?.dataset['postId'];
      next.click();
      await until(() => lightboxRoot(gallery)!.querySelector<HTMLElement>('.card')?.dataset['postId'] !== before, 10_000, 'the next post');
    }
    expect(cards).toBeGreaterThan(0);
    expectAttacksShownAsText(gallery);
    await expectSafe([gallery]);
  });

  it('gallery masonry and carousel at 320 px', async () => {
    await page.viewport(360, 800);
    const masonry = mount('svc-post-gallery', attrs({ layout: 'masonry', 'page-size': '40' })) as SvcPostGallery;
    const carousel = mount('svc-post-gallery', attrs({ layout: 'carousel', 'page-size': '40' })) as SvcPostGallery;
    for (const gallery of [masonry, carousel]) gallery.style.cssText = 'display:block;width:320px';
    await until(() => tiles(masonry).length > 0 && tiles(carousel).length > 0, 15_000, 'tiles');
    await expectSafe([masonry, carousel]);
  });

  it('shoppable posts by post-id, every hotspot card opened, wide and narrow', async () => {
    await page.viewport(1000, 900);
    const wide = postIds.slice(0, 4).map((id) => mount('svc-shoppable-post', attrs({ 'post-id': id, style: 'display:block;width:720px' })));
    const narrow = postIds.slice(4, 8).map((id) => mount('svc-shoppable-post', attrs({ 'post-id': id, style: 'display:block;width:320px' })));
    // Hotspots on the media's very edges, in an element as wide as the page: the page must not scroll sideways.
    document.body.style.margin = '0';
    const full = mount('svc-shoppable-post', attrs({ 'post-id': cornerPost, style: 'display:block' }));
    const all = [...wide, ...narrow, full];
    // A post whose media URL was replaced by a script URL cannot be shown: an error state, not a crash.
    await until(() => all.every((post) => post.shadowRoot!.querySelector('.stage, [role="alert"]') !== null), 15_000, 'posts');
    const cards = await openEveryCard(document.body, (post) => expect(overflowOffenders(post)).toEqual([]));
    expect(cards).toBeGreaterThan(0);
    await expectSafe(all);
  });

  it('shoppable posts from raw hostile wire posts (the post property): every corpus string in every field', async () => {
    await page.viewport(1000, 900);
    const raw = await rawGet<{ data: unknown[] }>(apiBase, '/posts?market=us&limit=40', key);
    expect(raw.data).toHaveLength(40);
    const grid = document.createElement('div');
    grid.style.cssText = 'display:grid;grid-template-columns:repeat(3, 300px);gap:8px';
    document.body.append(grid);
    const posts = raw.data.map((post) => {
      const element = document.createElement('svc-shoppable-post');
      element.setAttribute('api-base', apiBase);
      element.setAttribute('market', 'us');
      element.style.display = 'block';
      element.post = post;
      grid.append(element);
      return element;
    });
    await Promise.all(posts.map((post) => post.updateComplete));
    const shown = posts.filter((post) => post.shadowRoot!.querySelector('.stage'));
    expect(shown.length).toBeGreaterThanOrEqual(10);
    const cards = await openEveryCard(grid, (post) => expect(overflowOffenders(post)).toEqual([]));
    expect(cards).toBeGreaterThan(10);
    expect(shown.some((post) => /<script>|<img/.test(shadowText(post)))).toBe(true);
    await expectSafe(posts);
  });

  it('review summaries (full and badge) and review lists inside <svc-storefront>', async () => {
    await page.viewport(1000, 900);
    const storefront = mount('svc-storefront', { 'publishable-key': key, market: 'us', 'api-base': apiBase });
    const targets: Record<string, string | true>[] = [{ company: true }, ...products.slice(0, 5).map((p) => ({ 'product-ref': p.handle }))];
    const summaries = targets.flatMap((target) => [
      mount('svc-review-summary', { ...target, style: 'display:block;width:360px' }, storefront),
      mount('svc-review-summary', { ...target, variant: 'badge', style: 'max-width:200px' }, storefront),
    ]);
    const lists = [
      mount('svc-reviews', { company: true, 'page-size': '40', style: 'display:block;width:600px' }, storefront),
      mount('svc-reviews', { 'product-ref': products[0]!.handle, 'page-size': '40', style: 'display:block;width:320px' }, storefront),
    ];
    await until(() => summaries.every((s) => s.shadowRoot!.querySelector('.summary, .badge:not(.loading), .none, [role="alert"]') !== null), 15_000, 'summaries');
    await until(() => lists.every((list) => list.shadowRoot!.querySelectorAll('li.review').length > 0), 15_000, 'reviews');
    // Load the second page of the company's reviews, and show every original text.
    lists[0]!.shadowRoot!.querySelector<HTMLButtonElement>('button.load-more')?.click();
    await until(() => lists[0]!.shadowRoot!.querySelectorAll('li.review').length > 40, 15_000, 'the second page');
    for (const list of lists) for (const toggle of list.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[part="translation-toggle"]')) toggle.click();
    await Promise.all(lists.map((list) => list.updateComplete));
    expect(lists.some((list) => /<script>|<img/.test(shadowText(list)))).toBe(true);
    await expectSafe([...summaries, ...lists]);
  });

  it('rich snippets: inert JSON-LD in the head, http(s) URLs only, no prototype pollution', async () => {
    const inlineScripts = () => document.head.querySelectorAll('script:not([type="application/ld+json"]):not([src])').length;
    const scriptsBefore = inlineScripts();
    const refs = products.slice(0, 8).map((p) => p.handle);
    const elements = refs.map((ref) => mount('svc-rich-snippet', attrs({ 'product-ref': ref })));
    await until(() => jsonLdProblems().scripts === refs.length, 15_000, 'the JSON-LD scripts');
    const { problems } = jsonLdProblems();
    expect(problems).toEqual([]);
    for (const script of document.head.querySelectorAll<HTMLScriptElement>('script[data-svc-rich-snippet]')) {
      expect(script.type).toBe('application/ld+json');
      const value = JSON.parse(script.text) as Record<string, unknown>;
      expect(value['@type']).toBe('Product');
      // The hostile strings are still there, as data: escaped, never markup.
      expect(script.text).toMatch(/\\u003c/);
      expect(script.text).not.toMatch(/<\/script/i);
    }
    // Scripts in the head did not grow any siblings from a breakout.
    expect(inlineScripts()).toBe(scriptsBefore);
    await expectSafe(elements);
  });
});

import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { SvcReviewSummary } from '../../src/elements/review-summary/svc-review-summary.ts';
import { defineElement } from '../../src/elements/shared/base.ts';
import { PLACEHOLDER_SIZE } from '../../src/elements/shared/placeholder.ts';
import { timeSlice } from '../../src/shared/time-slice.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { emulatorProducts, mostReviewed, mount, shadow, watchShadow } from './review-support.ts';

/**
 * What the widgets do for a shop page's main thread and its hero image: the first
 * render in a task of its own, content far below the fold rendered only when near (its
 * data read at once), images below the fold lazy with low priority, one preconnect to
 * the API, blurhashes decoded small.
 */
const apiBase = inject('apiBase');
const IMAGE_POST = 'pst_lrc9h58g4tyj';

let key: string;
let product: string;

beforeAll(async () => {
  key = await testKey(apiBase, 'pacing');
  product = mostReviewed(await emulatorProducts(apiBase)).handle;
  await page.viewport(800, 600);
});

afterEach(() => {
  document.body.replaceChildren();
  window.scrollTo(0, 0);
  for (const link of document.head.querySelectorAll('link[rel="preconnect"]')) link.remove();
});

const settings = (own: string) => ({ 'api-base': apiBase, 'publishable-key': own, market: 'us' });

/** A block that pushes what follows far below the fold (many viewports down). */
function spacer(height = 6000): HTMLElement {
  const block = document.createElement('div');
  block.style.height = `${height}px`;
  document.body.append(block);
  return block;
}

/**
 * Whether `selector` showed in the element's shadow root at any moment of the next `ms`
 * milliseconds (watched, not sampled at the end). Held content must stay away for far
 * longer than any pacing of the library's takes (tasks of a few ms), so that content
 * rendered on a timer instead of on coming near would show here.
 */
async function showsWithin(element: Element, selector: string, ms = 2000): Promise<boolean> {
  let seen = false;
  const stop = watchShadow(element, (root) => (seen = root.querySelector(selector) !== null));
  await new Promise((resolve) => setTimeout(resolve, ms));
  stop();
  return seen || shadow(element).querySelector(selector) !== null;
}

/**
 * Connects elements as the parser of a page that is still loading does: the element
 * reads `document.readyState` as `loading` meanwhile (the test page itself loaded long ago).
 */
function whileLoading<T>(connect: () => T): T {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  try {
    return connect();
  } finally {
    delete (document as { readyState?: unknown }).readyState;
  }
}

const microtasks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('render pacing', () => {
  it('renders an element first in a later task, not in the connecting one', async () => {
    const el = mount('svc-review-summary', { ...settings(key), 'product-ref': product });
    await microtasks(20);
    expect(el.shadowRoot?.childElementCount ?? 0).toBe(0);
    await expect.poll(() => shadow(el).querySelector('[role="status"], .summary')).toBeTruthy();
  });

  it('lets updates run in one task for 8 ms, then moves the next to a later task, where a new slice begins', async () => {
    // A task of its own to start from: no slice open.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    expect(timeSlice()).toBeUndefined();
    busy(3);
    expect(timeSlice()).toBeUndefined();
    busy(6);
    const later = timeSlice();
    expect(later).toBeInstanceOf(Promise);
    let timerFired = false;
    setTimeout(() => (timerFired = true));
    await later;
    expect(timeSlice()).toBeUndefined();
    // The later task came before a timer queued after it: the wait is short.
    expect(timerFired).toBe(false);
  });

  it('reads nothing for an element far below the fold until it comes near, then shows it', async () => {
    const own = await testKey(apiBase, 'pacing_far');
    spacer();
    const el = whileLoading(() => mount('svc-review-summary', { ...settings(own), 'product-ref': product }));
    // Its first render (the loading state) is done, and nothing was asked of the API: a shop page's first seconds are its own.
    await expect.poll(() => shadow(el).querySelector('.loading')).toBeTruthy();
    await el.updateComplete;
    expect(await showsWithin(el, '.summary'), 'content while far below the fold').toBe(false);
    expect(await requestLog(apiBase, own), 'reads while far below the fold').toEqual([]);
    el.scrollIntoView();
    await expect.poll(() => shadow(el).querySelector('.summary')).toBeTruthy();
    expect((await requestLog(apiBase, own)).map((entry) => entry.path)).toEqual([`/v1/products/${product}/review-summary`]);
  });

  it('holds an element far below the fold that was in the page before its code arrived (as the script tag loads it, after the load event) until it comes near', async () => {
    const own = await testKey(apiBase, 'pacing_upgraded');
    spacer();
    // A tag of its own, so that its definition comes after the element is in the page, as with the script tag.
    const tag = 'svc-pacing-upgraded';
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries({ ...settings(own), 'product-ref': product })) el.setAttribute(name, value);
    document.body.append(el);
    expect(document.readyState).toBe('complete');
    expect(defineElement(tag, class extends SvcReviewSummary {})).toBe(true);
    await expect.poll(() => shadow(el).querySelector('.loading')).toBeTruthy();
    expect(await showsWithin(el, '.summary'), 'content while far below the fold').toBe(false);
    expect(await requestLog(apiBase, own), 'reads while far below the fold').toEqual([]);
    el.scrollIntoView();
    await expect.poll(() => shadow(el).querySelector('.summary')).toBeTruthy();
    expect(await requestLog(apiBase, own)).toHaveLength(1);
  });

  it('renders an element added far below the fold after the page loaded (a single-page app’s view) at once', async () => {
    spacer();
    const el = mount('svc-review-summary', { ...settings(key), 'product-ref': product });
    await expect.poll(() => shadow(el).querySelector('.summary'), { timeout: 10_000 }).toBeTruthy();
  });
});

describe('images and the hero', () => {
  const tileImages = (gallery: Element) => [...shadow(gallery).querySelectorAll<HTMLImageElement>('img[part="media"]')];

  it('a gallery below the fold loads every picture lazily with low priority', async () => {
    spacer();
    const gallery = mount('svc-post-gallery', { ...settings(key), 'page-size': '8', columns: '4' });
    gallery.style.width = '760px';
    gallery.scrollIntoView();
    await expect.poll(() => tileImages(gallery).length, { timeout: 10_000 }).toBe(8);
    for (const img of tileImages(gallery)) expect([img.loading, img.getAttribute('fetchpriority')]).toEqual(['lazy', 'low']);
  });

  it('a gallery above the fold loads its first row at once, the rest lazily with low priority', async () => {
    const gallery = mount('svc-post-gallery', { ...settings(key), 'page-size': '8', columns: '4' });
    gallery.style.width = '760px';
    await expect.poll(() => tileImages(gallery).length, { timeout: 10_000 }).toBe(8);
    const priorities = () => tileImages(gallery).map((img) => `${img.loading} ${img.getAttribute('fetchpriority')}`);
    await expect.poll(priorities).toEqual([...Array(4).fill('eager auto'), ...Array(4).fill('lazy low')]);
  });

  it('a shoppable post loads its picture at once above the fold, lazily with low priority below it', async () => {
    const above = mount('svc-shoppable-post', { ...settings(key), 'post-id': IMAGE_POST });
    above.style.width = '400px';
    spacer();
    const below = whileLoading(() => mount('svc-shoppable-post', { ...settings(key), 'post-id': IMAGE_POST }));
    below.style.width = '400px';
    const picture = (el: Element) => el.shadowRoot?.querySelector<HTMLImageElement>('img.picture');
    await expect.poll(() => picture(above), { timeout: 10_000 }).toBeTruthy();
    await expect.poll(() => [picture(above)!.loading, picture(above)!.getAttribute('fetchpriority')]).toEqual(['eager', 'auto']);
    expect(picture(below)).toBeFalsy();
    below.scrollIntoView();
    await expect.poll(() => picture(below), { timeout: 10_000 }).toBeTruthy();
    expect([picture(below)!.loading, picture(below)!.getAttribute('fetchpriority')]).toEqual(['lazy', 'low']);
  });

  it('tells above the fold from below it without reading the window’s size, which would lay out the page first', async () => {
    // Read in the observer's callback, right after other elements changed the page, `innerHeight` made the browser lay it out.
    const reads = [vi.spyOn(window, 'innerHeight', 'get'), vi.spyOn(window, 'innerWidth', 'get')];
    try {
      const above = mount('svc-shoppable-post', { ...settings(key), 'post-id': IMAGE_POST });
      above.style.width = '400px';
      spacer(700);
      // Just below the fold: outside the viewport, inside the observer's margin.
      const below = mount('svc-shoppable-post', { ...settings(key), 'post-id': IMAGE_POST });
      below.style.width = '400px';
      const picture = (el: Element) => el.shadowRoot?.querySelector<HTMLImageElement>('img.picture');
      await expect.poll(() => picture(above) && picture(below), { timeout: 10_000 }).toBeTruthy();
      await expect.poll(() => picture(above)!.loading).toBe('eager');
      expect(picture(below)!.loading).toBe('lazy');
      for (const read of reads) expect(read).not.toHaveBeenCalled();
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });

  it('decodes blurhashes 16 px on the long side, in the media’s shape, and scales them by CSS', async () => {
    const post = (await (await fetch(`${apiBase}/v1/posts/${IMAGE_POST}?market=us`, { headers: { Authorization: `Bearer ${key}` } })).json()) as { media: { location: string; width: number; height: number } };
    // A picture of its own: one the browser already has (an earlier test's) shows at once, with no placeholder to see.
    const own = { ...post, media: { ...post.media, location: `${post.media.location}?uncached=${crypto.randomUUID()}` } };
    const el = mount('svc-shoppable-post', settings(key));
    // Watched, not sampled: with reduced motion (which another test file may turn on for the whole tab
    // meanwhile), the placeholder leaves as soon as the picture has loaded, which on loopback is soon.
    const placeholder = new Promise<{ width: number; height: number; shown: number }>((resolve) =>
      watchShadow(el, (root) => {
        const canvas = root.querySelector<HTMLCanvasElement>('canvas.placeholder');
        if (canvas) resolve({ width: canvas.width, height: canvas.height, shown: canvas.getBoundingClientRect().width });
        return canvas !== null;
      }),
    );
    el.post = own as unknown as typeof el.post;
    el.style.width = '400px';
    const { width, height, shown } = await placeholder;
    expect(Math.max(width, height)).toBe(PLACEHOLDER_SIZE);
    expect(width / height).toBeCloseTo(post.media.width / post.media.height, 1);
    expect(shown).toBeGreaterThan(width * 4);
  });

  it('adds one preconnect to the API origin as the first element connects, and no second one', async () => {
    const origin = new URL(apiBase).origin;
    const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].filter((link) => link.href.replace(/\/$/, '') === origin);
    mount('svc-review-summary', { ...settings(key), 'product-ref': product, variant: 'badge' });
    expect(links()).toHaveLength(1);
    expect(links()[0]!.crossOrigin).toBe('anonymous');
    mount('svc-review-summary', { ...settings(key), 'product-ref': product });
    mount('svc-shoppable-post', { ...settings(key), 'post-id': IMAGE_POST });
    expect(links()).toHaveLength(1);
  });

  it('adds no preconnect for an API base that is not http(s)', async () => {
    mount('svc-review-summary', { ...settings(key), 'api-base': 'ftp://example.com', 'product-ref': product });
    expect(document.head.querySelectorAll('link[rel="preconnect"]')).toHaveLength(0);
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcPostGallery } from '../../src/elements/post-gallery/svc-post-gallery.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { viewTiming } from '../../src/controllers/view-tracker.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * The engagement events with real scrolling against the emulator: `svc-post-view`
 * (half visible for a continuous second, once per post, never hidden or scrolled past),
 * `svc-widget-view`, `svc-product-view` and `svc-video-play`, for the gallery's tiles,
 * carousel slides and lightbox, and the shoppable post.
 */
const apiBase = inject('apiBase');
const IMAGE_POST = 'pst_lrc9h58g4tyj';
const VIDEO_POST = 'pst_n51pt29medk4';
const DEFAULT_DWELL = viewTiming.dwell;
/** How long "nothing happens" is watched: well past the dwell time in use. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, viewTiming.dwell * 2 + 500));

type Raw = Record<string, unknown>;
interface Seen {
  type: string;
  detail: { post?: { id: string }; index?: number; kind?: string; product?: { id: string; title: string } };
  target: EventTarget | null;
}

let key: string;
let events: Seen[];
const record = (event: Event) => events.push({ type: event.type, detail: (event as CustomEvent).detail, target: event.target });
const TYPES = ['svc-post-view', 'svc-widget-view', 'svc-product-view', 'svc-video-play'];
const of = (type: string) => events.filter((event) => event.type === type);
const viewedIds = () => of('svc-post-view').map((event) => event.detail.post!.id);

beforeAll(async () => {
  key = await testKey(apiBase, 'engagement');
});

beforeEach(async () => {
  events = [];
  for (const type of TYPES) document.addEventListener(type, record);
  await page.viewport(900, 600);
  window.scrollTo(0, 0);
});

afterEach(() => {
  for (const type of TYPES) document.removeEventListener(type, record);
  document.body.replaceChildren();
  viewTiming.dwell = DEFAULT_DWELL;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

function spacer(height: number): HTMLElement {
  const block = document.createElement('div');
  block.style.height = `${height}px`;
  document.body.append(block);
  return block;
}

function gallery(attributes: Record<string, string>, style = ''): SvcPostGallery {
  const element = document.createElement('svc-post-gallery');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.cssText = `display: block; width: 600px; ${style}`;
  document.body.append(element);
  return element;
}

async function readWire(postId: string): Promise<Raw> {
  const response = await fetch(`${apiBase}/v1/posts/${postId}?market=us`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as Raw;
}

function shoppable(post: Raw, parent: Element = document.body): SvcShoppablePost {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; width: 400px';
  element.post = post;
  parent.append(element);
  return element;
}

const tiles = (element: SvcPostGallery) => [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.tile')];
async function waitForTiles(element: SvcPostGallery, count: number): Promise<HTMLButtonElement[]> {
  await expect.poll(() => tiles(element).length, { timeout: 10_000 }).toBe(count);
  return tiles(element);
}

/** Share of a node inside the viewport (the test iframe's). */
function visibleShare(node: Element): number {
  const r = node.getBoundingClientRect();
  const width = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
  const height = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  return r.width > 0 && r.height > 0 ? (width * height) / (r.width * r.height) : 0;
}

/** Makes the page report itself hidden or visible, as a background tab does (headless Chromium keeps every tab visible). */
function setPageVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('svc-post-view on gallery tiles (the real one-second dwell)', () => {
  it('reports the tiles at least half in view after a second, the rest once scrolled to, each once', async () => {
    spacer(300);
    const element = gallery({ 'page-size': '12', columns: '3' });
    spacer(1200);
    const found = await waitForTiles(element, 12);
    const inView = found.filter((tile) => visibleShare(tile) >= 0.5).map((tile) => tile.dataset['postId']);
    const outOfView = found.filter((tile) => visibleShare(tile) < 0.5);
    expect(inView.length).toBeGreaterThan(0);
    expect(outOfView.length).toBeGreaterThan(0);
    await expect.poll(() => viewedIds().sort(), { timeout: 5_000 }).toEqual([...inView].sort());
    const first = of('svc-post-view')[0]!;
    expect(first.target).toBe(element);
    expect(first.detail.index).toBe(found.findIndex((tile) => tile.dataset['postId'] === first.detail.post!.id));

    // Scroll the rest into view, a screenful at a time, resting on each.
    for (let y = 300; y < 1400; y += 400) {
      window.scrollTo(0, y);
      const shown = found.filter((tile) => visibleShare(tile) >= 0.5).map((tile) => tile.dataset['postId']!);
      await expect.poll(() => shown.every((id) => viewedIds().includes(id)), { timeout: 5_000 }).toBe(true);
    }
    expect(viewedIds().sort()).toEqual(found.map((tile) => tile.dataset['postId']).sort());
    const indices = of('svc-post-view').map((event) => event.detail.index).sort((a, b) => a! - b!);
    expect(indices).toEqual(found.map((_, index) => index));

    // Back to the top: nothing is reported twice.
    window.scrollTo(0, 0);
    await quiet();
    expect(of('svc-post-view')).toHaveLength(12);
    expect(of('svc-widget-view').map((event) => event.detail)).toEqual([{ kind: 'post-gallery' }]);
  });

  it('a gallery scrolled past quickly reports no post; resting on it does', async () => {
    spacer(1500);
    const element = gallery({ 'page-size': '6', columns: '3' });
    spacer(1500);
    await waitForTiles(element, 6);
    // In view for a couple of frames, then gone.
    element.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    window.scrollTo(0, document.documentElement.scrollHeight);
    await quiet();
    expect(of('svc-post-view')).toEqual([]);
    // The widget itself was half visible, if briefly: it counts as seen.
    expect(of('svc-widget-view')).toHaveLength(1);

    element.scrollIntoView({ block: 'center' });
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBe(6);
  });
});

describe('svc-post-view and svc-widget-view: thresholds and hidden elements', () => {
  beforeEach(() => {
    viewTiming.dwell = 200;
  });

  it('a tile less than half in view does not count; half in view does', async () => {
    // Mounted just below the fold, with room to scroll.
    const element = gallery({ 'page-size': '3', columns: '3', load: 'none' }, `margin-top: ${innerHeight}px`);
    spacer(2000);
    const [tile] = await waitForTiles(element, 3);
    const height = tile!.getBoundingClientRect().height;
    // A third of the row in view (at the bottom of the viewport).
    window.scrollTo(0, element.getBoundingClientRect().top + scrollY - innerHeight + height / 3);
    await expect.poll(() => visibleShare(tile!)).toBeCloseTo(1 / 3, 1);
    await quiet();
    expect(of('svc-post-view')).toEqual([]);
    expect(of('svc-widget-view')).toEqual([]);
    // Two thirds in view.
    window.scrollBy(0, height / 3);
    await expect.poll(() => visibleShare(tile!)).toBeCloseTo(2 / 3, 1);
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBe(3);
    expect(of('svc-widget-view')).toHaveLength(1);
  });

  it('for an element in view that had no box when the observer first looked, once it has one', async () => {
    // No box (its first render had not come, or the theme held it at no height): growing in full view
    // crosses no threshold of the observer's, and a gallery so never prepared its lightbox either.
    const element = gallery({ 'page-size': '3', columns: '3', load: 'none' }, 'height: 0');
    await waitForTiles(element, 3);
    await quiet();
    expect(of('svc-widget-view')).toEqual([]);
    element.style.height = '';
    await expect.poll(() => of('svc-widget-view').map((event) => event.target), { timeout: 5_000 }).toEqual([element]);
  });

  it('never for a hidden element (visibility, display: none) or one with no size, until it is shown', async () => {
    const invisible = gallery({ 'page-size': '3', columns: '3' }, 'visibility: hidden');
    const wire = await readWire(IMAGE_POST);
    const none = shoppable(wire);
    none.style.display = 'none';
    const clipped = document.createElement('div');
    clipped.style.cssText = 'height: 0; overflow: hidden';
    document.body.append(clipped);
    const sizeless = shoppable(wire, clipped);
    await waitForTiles(invisible, 3);
    await quiet();
    expect(events).toEqual([]);

    invisible.style.visibility = 'visible';
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBe(3);
    expect(of('svc-widget-view').map((event) => event.target)).toEqual([invisible]);
    invisible.remove();
    none.style.display = 'block';
    await expect.poll(() => of('svc-post-view').map((event) => event.target), { timeout: 5_000 }).toContain(none);
    none.remove();
    clipped.style.height = 'auto';
    sizeless.scrollIntoView();
    await expect.poll(() => of('svc-post-view').filter((event) => event.target === sizeless).length, { timeout: 5_000 }).toBe(1);
  });

  it('a hidden tab does not count: the dwell starts when the page is visible again', async () => {
    setPageVisibility('hidden');
    const element = gallery({ 'page-size': '3', columns: '3' });
    await waitForTiles(element, 3);
    await quiet();
    expect(of('svc-post-view')).toEqual([]);
    setPageVisibility('visible');
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBe(3);
  });

  it('carousel: the slides in view, then the next one when moved to', async () => {
    const element = gallery({ 'page-size': '8', layout: 'carousel', columns: '3' });
    await expect.poll(() => tiles(element).length, { timeout: 10_000 }).toBe(8);
    const found = tiles(element);
    const shown = found.filter((tile) => visibleShare(tile) >= 0.5 && visibleShare(tile.closest('.slide')!) > 0);
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBeGreaterThan(0);
    await quiet();
    const first = viewedIds();
    // Slides clipped by the track do not count.
    const track = element.shadowRoot!.querySelector('.carousel-track')!.getBoundingClientRect();
    const inTrack = found.filter((tile) => {
      const r = tile.getBoundingClientRect();
      return Math.min(r.right, track.right) - Math.max(r.left, track.left) >= r.width / 2;
    });
    expect(first.sort()).toEqual(inTrack.map((tile) => tile.dataset['postId']).sort());
    expect(first.length).toBeLessThan(8);
    expect(shown.length).toBeGreaterThan(0);
    element.shadowRoot!.querySelector<HTMLButtonElement>('button.next')!.click();
    await expect.poll(() => viewedIds().length, { timeout: 5_000 }).toBe(first.length + 1);
    expect(new Set(viewedIds()).size).toBe(viewedIds().length);
  });
});

describe('the lightbox', () => {
  // Its code (fetched on a gallery's first open) can take long to prepare on a cold test server.
  beforeAll(() => import('../../src/elements/post-gallery/svc-post-lightbox.ts'), 60_000);
  beforeEach(() => {
    viewTiming.dwell = 200;
  });

  it('reports a post shown in the lightbox unless its tile was seen, and its listed products', async () => {
    const element = gallery({ 'page-size': '4', columns: '4' });
    const found = await waitForTiles(element, 4);
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBe(4);
    found[3]!.click();
    const lightbox = () => element.shadowRoot!.querySelector('svc-post-lightbox');
    await expect.poll(() => lightbox()?.shadowRoot?.querySelector('dialog')?.open, { timeout: 10_000 }).toBe(true);
    const products = () => of('svc-product-view');
    const post = () => lightbox()!.posts[lightbox()!.index]!;
    await expect.poll(() => products().length).toBe(post().taggedProducts.length);
    expect(products().map((event) => [event.detail.product!.id, event.detail.post!.id])).toEqual(post().taggedProducts.map((tagged) => [tagged.product.id, post().id]));
    await quiet();
    // The tile was seen already; the shoppable post inside the lightbox reports nothing of its own.
    expect(of('svc-post-view')).toHaveLength(4);
    expect(of('svc-widget-view').map((event) => event.detail.kind)).toEqual(['post-gallery']);

    // The next page's first post, whose tile was never seen, is seen in the lightbox.
    lightbox()!.shadowRoot!.querySelector<HTMLButtonElement>('button.next')!.click();
    const grown = await waitForTiles(element, 8);
    await expect.poll(() => lightbox()?.shadowRoot?.querySelector<HTMLElement>('.card')?.dataset['postId']).toBe(grown[4]!.dataset['postId']);
    await expect.poll(() => of('svc-post-view').length, { timeout: 5_000 }).toBe(5);
    const last = of('svc-post-view')[4]!;
    expect(last.target).toBe(element);
    expect(last.detail.index).toBe(4);
    expect(last.detail.post!.id).toBe(post().id);
  });

  it('svc-video-play when the shopper starts a video, once; not for a muted autoplay until the shopper plays it', async () => {
    const element = gallery({ 'page-size': '50', columns: '4' });
    await waitForTiles(element, 50);
    const videoTile = tiles(element).find((tile) => /^Video by/.test(tile.getAttribute('aria-label') ?? ''))!;
    const lightbox = () => element.shadowRoot!.querySelector('svc-post-lightbox');
    // The open lightbox's video (a closed lightbox stays, with the last post's card).
    const player = () => lightbox()?.shadowRoot?.querySelector<HTMLVideoElement>('dialog[open] video');
    videoTile.click();
    await expect.poll(player, { timeout: 10_000 }).toBeTruthy();
    expect(of('svc-video-play')).toEqual([]);
    // The test's own play() calls: a later pause (the test's, or closing the lightbox) may interrupt them, which rejects them.
    const play = () => void player()!.play().catch(() => undefined);
    await userEvent.click(player()!);
    if (player()!.paused) play();
    await expect.poll(() => of('svc-video-play').map((event) => event.detail.post!.id)).toEqual([videoTile.dataset['postId']]);
    expect(of('svc-video-play')[0]!.target).toBe(element);
    player()!.pause();
    play();
    await quiet();
    expect(of('svc-video-play')).toHaveLength(1);
    lightbox()!.close();
    // Closed, and the gallery told (the dialog's close event).
    await expect.poll(() => lightbox()?.open).toBe(false);

    // With autoplay: the muted autoplay is not reported; the shopper's play is.
    events = [];
    element.autoplay = true;
    videoTile.click();
    await expect.poll(() => player()?.paused, { timeout: 10_000 }).toBe(false);
    await quiet();
    expect(of('svc-video-play')).toEqual([]);
    await userEvent.click(player()!);
    if (player()!.paused) play();
    await expect.poll(() => of('svc-video-play')).toHaveLength(1);
  }, 60_000);
});

describe('<svc-shoppable-post>', () => {
  beforeEach(() => {
    viewTiming.dwell = 200;
  });

  it('svc-post-view once per post, again for another post; svc-product-view when a card opens; svc-widget-view once', async () => {
    const element = shoppable(await readWire(IMAGE_POST));
    await expect.poll(() => of('svc-post-view').map((event) => event.detail.post!.id), { timeout: 5_000 }).toEqual([IMAGE_POST]);
    expect(of('svc-widget-view').map((event) => [event.detail.kind, event.target])).toEqual([['shoppable-post', element]]);
    const hotspot = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    await userEvent.click(hotspot);
    expect(of('svc-product-view').map((event) => event.detail.post!.id)).toEqual([IMAGE_POST]);
    expect(hotspot.getAttribute('aria-label')).toContain(of('svc-product-view')[0]!.detail.product!.title);
    // Closing the card is not a view.
    await userEvent.click(hotspot);
    expect(of('svc-product-view')).toHaveLength(1);

    element.post = await readWire(VIDEO_POST);
    await expect.poll(() => of('svc-post-view').map((event) => event.detail.post!.id), { timeout: 5_000 }).toEqual([IMAGE_POST, VIDEO_POST]);
    await quiet();
    expect(of('svc-post-view')).toHaveLength(2);
    expect(of('svc-widget-view')).toHaveLength(1);
  });

  it('svc-video-play when the play button starts the video', async () => {
    const element = shoppable(await readWire(VIDEO_POST));
    await expect.poll(() => element.shadowRoot!.querySelector('[part~="play-button"]'), { timeout: 15_000 }).not.toBeNull();
    expect(of('svc-video-play')).toEqual([]);
    await userEvent.click(element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="play-button"]')!);
    await expect.poll(() => of('svc-video-play').map((event) => [event.detail.post!.id, event.target])).toEqual([[VIDEO_POST, element]]);
  });
});

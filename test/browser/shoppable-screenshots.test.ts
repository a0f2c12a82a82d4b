import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { sv } from '../../src/i18n/sv.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * Open cards in wide, narrow, German and right-to-left elements: each card stays inside
 * the element and the viewport, and a screenshot (gitignored `screenshots/`) is kept to look at.
 */
const apiBase = inject('apiBase');
/** Real posts of the emulator: a landscape one with many products, a portrait one, a video. */
const LANDSCAPE_POST = 'pst_xk6ldfnk9gb9';
const PORTRAIT_POST = 'pst_xceg1jqrqad4';
const VIDEO_POST = 'pst_n51pt29medk4';

let key: string;

async function mount(postId: string, market: string, style: string, attributes: Record<string, string> = {}): Promise<SvcShoppablePost> {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market, 'api-base': apiBase, 'post-id': postId, ...attributes })) element.setAttribute(name, value);
  element.setAttribute('style', style);
  document.body.append(element);
  await expect.poll(() => element.shadowRoot!.querySelector('.picture.loaded'), { timeout: 10_000 }).not.toBeNull();
  return element;
}

function within(inner: DOMRect, outer: { left: number; top: number; right: number; bottom: number }): boolean {
  return inner.left >= outer.left - 0.5 && inner.top >= outer.top - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;
}

interface Opened {
  side: string | undefined;
  /** Room between the element's left (right) edge and the hotspot's centre, for a card that opens to that side. */
  roomOnLeft: number;
  roomOnRight: number;
  width: number;
}

/**
 * Opens each shown hotspot's card in turn and checks that it stays inside the element and
 * the viewport; returns where each opened (there must be at least one to look at).
 */
async function everyCardInside(element: SvcShoppablePost): Promise<Opened[]> {
  const root = element.shadowRoot!;
  const viewport = { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight };
  const opened: Opened[] = [];
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.hotspot')) {
    if (!button.checkVisibility()) continue;
    button.click();
    await element.updateComplete;
    const card = root.getElementById(button.getAttribute('aria-controls')!)!;
    expect(card.checkVisibility()).toBe(true);
    const rect = card.getBoundingClientRect();
    expect(within(rect, element.getBoundingClientRect()), `card of ${button.getAttribute('aria-label')} inside the element`).toBe(true);
    expect(within(rect, viewport), `card of ${button.getAttribute('aria-label')} inside the viewport`).toBe(true);
    const spot = button.getBoundingClientRect();
    // The card's room is the media's box (issue 42: it never covers the product list beside it).
    const box = element.shadowRoot!.querySelector('.stage')!.getBoundingClientRect();
    expect(within(rect, box), `card of ${button.getAttribute('aria-label')} inside the media, off the list`).toBe(true);
    opened.push({ side: card.dataset['side'], roomOnLeft: spot.left + spot.width / 2 - box.left, roomOnRight: box.right - spot.left - spot.width / 2, width: rect.width });
    button.click();
    await element.updateComplete;
  }
  expect(opened.length, 'hotspots shown to open').toBeGreaterThan(0);
  return opened;
}

async function openFirstCard(element: SvcShoppablePost): Promise<HTMLElement> {
  const button = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.hotspot')].find((b) => b.checkVisibility())!;
  await userEvent.click(button);
  await element.updateComplete;
  const card = element.shadowRoot!.getElementById(button.getAttribute('aria-controls')!)!;
  await Promise.all(card.getAnimations().map((animation) => animation.finished));
  return card;
}

beforeAll(async () => {
  key = await testKey(apiBase, 'shoppable_screens');
  // A theme's usual font; viewports stay within the test runner's frame so screenshots are not scaled.
  document.body.style.fontFamily = 'system-ui, sans-serif';
});

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('dir');
});

describe('open cards stay inside the element and the viewport', () => {
  it('wide element: products beside the media', async () => {
    await page.viewport(1040, 700);
    const element = await mount(LANDSCAPE_POST, 'us', 'width:960px;margin:16px');
    expect(getComputedStyle(element.shadowRoot!.querySelector('.layout')!).flexDirection).toBe('row');
    await everyCardInside(element);
    await openFirstCard(element);
    await page.screenshot({ path: '../../screenshots/shoppable-wide.png', element });
  });

  it('narrow element (320 px): products below the media', async () => {
    await page.viewport(360, 720);
    const element = await mount(PORTRAIT_POST, 'us', 'width:320px;margin:8px');
    expect(getComputedStyle(element.shadowRoot!.querySelector('.layout')!).flexDirection).toBe('column');
    expect(document.documentElement.scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(document.documentElement.clientWidth);
    await everyCardInside(element);
    await openFirstCard(element);
    await page.screenshot({ path: '../../screenshots/shoppable-narrow.png', element });
  });

  it('German market', async () => {
    await page.viewport(800, 720);
    const element = await mount(PORTRAIT_POST, 'de', 'width:420px;margin:16px');
    await everyCardInside(element);
    const card = await openFirstCard(element);
    expect(card.textContent).toMatch(/€/);
    await page.screenshot({ path: '../../screenshots/shoppable-de.png', element });
  });

  it('right to left: cards open toward the left first and stay inside', async () => {
    await page.viewport(1400, 720);
    document.documentElement.setAttribute('dir', 'rtl');
    // Wide enough that some hotspots have room for a card on either side within the media (the list beside it is no room): there the direction decides.
    const element = await mount(PORTRAIT_POST, 'us', 'width:1300px;margin:16px', { lang: 'ar' });
    const opened = await everyCardInside(element);
    const free = opened.filter((card) => card.roomOnLeft > card.width + 40 && card.roomOnRight > card.width + 40);
    expect(free.length, 'hotspots with room on both sides').toBeGreaterThan(0);
    for (const card of free) expect(card.side).toBe('left');
    // To the right only where a card would not fit on the left.
    for (const card of opened) if (card.side === 'right') expect(card.roomOnLeft, 'no room on the left for a card opened right').toBeLessThan(card.width + 40);
    await openFirstCard(element);
    await page.screenshot({ path: '../../screenshots/shoppable-rtl.png', element });
  });

  it('fixed height with cover, and a video poster', async () => {
    await page.viewport(900, 720);
    const covered = await mount(PORTRAIT_POST, 'us', 'width:420px;height:380px;margin:16px', { fit: 'cover' });
    await everyCardInside(covered);
    await page.screenshot({ path: '../../screenshots/shoppable-cover.png', element: covered });
    document.body.replaceChildren();
    const video = await mount(VIDEO_POST, 'se', 'width:480px;margin:16px');
    // The poster stands in for the video until a shopper plays it, with its play button and its products.
    const root = video.shadowRoot!;
    const poster = root.querySelector<HTMLImageElement>('img.picture')!;
    expect(poster.naturalWidth).toBeGreaterThan(0);
    expect(root.querySelector('video')).toBeNull();
    expect(root.querySelector('button.play')!.getAttribute('aria-label')).toBe(sv['gallery.playVideo']);
    await everyCardInside(video);
    await page.screenshot({ path: '../../screenshots/shoppable-video.png', element: video });
  });
});

describe('an open card follows a change of room', () => {
  const box = (element: Element) => element.getBoundingClientRect();

  it('the element narrows while the card is open: the card narrows and moves with it, inside the element and the viewport', async () => {
    await page.viewport(800, 720);
    const element = await mount(PORTRAIT_POST, 'us', 'width:420px;margin:16px');
    const card = await openFirstCard(element);
    const wide = box(card).width;
    // Narrower than an open card's own width (18rem): only a new width cap keeps it inside.
    element.style.width = '220px';
    await expect.poll(() => Math.round(box(card).width)).toBeLessThan(Math.round(wide));
    await expect.poll(() => within(box(card), box(element))).toBe(true);
    expect(box(card).width).toBeLessThanOrEqual(220 - 16 + 0.5);
    expect(within(box(card), { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight })).toBe(true);
  });

  it('an element wider than the viewport, scrolled sideways: each card opens inside the part in view', async () => {
    await page.viewport(360, 720);
    const element = await mount(LANDSCAPE_POST, 'us', 'width:700px;margin:8px');
    document.documentElement.scrollLeft = 200;
    await expect.poll(() => document.documentElement.scrollLeft).toBe(200);
    await everyCardInside(element);
    document.documentElement.scrollLeft = 0;
  });
});

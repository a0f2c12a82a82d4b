import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { testKey } from '../support/emulator-control.ts';
import { mountShop, readSeed, type Seed, type Shop } from './a11y-page.ts';
import {
  animationsSettled,
  deepActiveElement,
  deepElements,
  describe as describeElement,
  emulateMedia,
  expectNoAxeViolations,
  focusIndicator,
  horizontalOverflow,
  smallTargets,
  until,
} from './a11y-support.ts';

/**
 * The page with every element under user preferences and small screens:
 * `prefers-reduced-motion: reduce` (no transitions, animations, smooth scrolling or
 * autoplay), `forced-colors: active` (hotspots, bars and focus stay visible, in system
 * colours), and a 320 px wide viewport, which is 1280 px at 400 % zoom (WCAG 1.4.10):
 * no horizontal scrolling of the page or inside an element, except the carousel's and
 * the product list's own one-dimensional tracks, targets still 24 × 24 px, no axe
 * violations.
 */
const apiBase = inject('apiBase');
// The machine is shared: images, the emulator and Vite compete for two cores.
vi.setConfig({ testTimeout: 60_000 });
let seed: Seed;

beforeAll(async () => {
  seed = await readSeed(apiBase);
});

afterEach(async () => {
  document.body.replaceChildren();
  document.body.style.paddingTop = '';
  await emulateMedia([]);
  await page.viewport(1100, 900);
});

async function openShop(name: string, options: Partial<Parameters<typeof mountShop>[0]> = {}): Promise<Shop> {
  return mountShop({ apiBase, key: await testKey(apiBase, `media_${name}`), seed, ...options });
}

const inside = <T extends Element = HTMLElement>(host: Element, selector: string) => [...(host.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
const widgets = (shop: Shop) => [shop.summary, shop.shoppable, shop.gallery, shop.carousel, shop.reviews];

/** Elements (and their ::before / ::after) under `root` that still move: transitions or animations with a duration. */
function moving(root: Element): string[] {
  const problems: string[] = [];
  for (const element of [root, ...deepElements(root)]) {
    for (const pseudo of [null, '::before', '::after'] as const) {
      const style = getComputedStyle(element, pseudo);
      if (pseudo && style.content === 'none') continue;
      const seconds = (list: string) => list.split(',').map((value) => parseFloat(value) * (value.trim().endsWith('ms') ? 0.001 : 1));
      const transition = seconds(style.transitionDuration).some((duration, index) => duration > 0 && style.transitionProperty.split(',')[index]?.trim() !== 'none');
      const animation = style.animationName !== 'none' && seconds(style.animationDuration).some((duration) => duration > 0);
      if (transition) problems.push(`${describeElement(element)}${pseudo ?? ''}: transition ${style.transitionProperty} ${style.transitionDuration}`);
      if (animation) problems.push(`${describeElement(element)}${pseudo ?? ''}: animation ${style.animationName} ${style.animationDuration}`);
    }
    if (getComputedStyle(element).scrollBehavior === 'smooth') problems.push(`${describeElement(element)}: scroll-behavior smooth`);
  }
  return problems;
}

describe('prefers-reduced-motion: reduce', () => {
  it('no transitions, animations or smooth scrolling anywhere, in any state', { timeout: 60_000 }, async () => {
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const shop = await openShop('reduced');
    for (const widget of widgets(shop)) expect(moving(widget), widget.localName).toEqual([]);
    // A card open, a tile hovered, the lightbox open: still nothing moves.
    inside<HTMLButtonElement>(shop.shoppable, 'button.hotspot:not([hidden])')[0]!.click();
    await until(() => inside(shop.shoppable, '.card:not([hidden])')[0], 'card');
    expect(moving(shop.shoppable)).toEqual([]);
    await userEvent.hover(inside(shop.gallery, 'button.tile')[0]!);
    expect(moving(shop.gallery)).toEqual([]);
    inside<HTMLButtonElement>(shop.gallery, 'button.tile')[0]!.click();
    const lightbox = await until(() => inside(shop.gallery, 'svc-post-lightbox')[0], 'lightbox');
    await until(() => lightbox.shadowRoot?.querySelector('dialog[open] svc-shoppable-post'), 'dialog');
    expect(moving(lightbox)).toEqual([]);
  });

  it('the carousel jumps to the next slide at once instead of scrolling smoothly', async () => {
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const { carousel } = await openShop('reduced_carousel');
    const track = inside(carousel, '.carousel-track')[0]!;
    const tiles = inside<HTMLButtonElement>(carousel, 'button.tile');
    tiles[0]!.focus();
    await userEvent.keyboard('{End}');
    // One frame later the last slide is already in place (a smooth scroll takes several hundred ms).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const box = track.getBoundingClientRect();
    const last = tiles[5]!.getBoundingClientRect();
    expect(last.right).toBeLessThanOrEqual(box.right + 1);
    expect(last.left).toBeGreaterThanOrEqual(box.left - 1);
  });

  it('videos never start by themselves, even with autoplay', async () => {
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const gallery = document.createElement('svc-post-gallery');
    for (const [name, value] of Object.entries({ 'publishable-key': await testKey(apiBase, 'media_autoplay'), market: 'us', 'api-base': apiBase, 'page-size': '8', autoplay: '' })) gallery.setAttribute(name, value);
    document.body.append(gallery);
    const videoTile = await until(() => inside<HTMLButtonElement>(gallery, 'button.tile').find((tile) => /^Video/.test(tile.getAttribute('aria-label') ?? '')), 'a video tile');
    videoTile.click();
    const lightbox = await until(() => inside(gallery, 'svc-post-lightbox')[0], 'lightbox');
    const video = await until(() => lightbox.shadowRoot?.querySelector('video'), 'video');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(video.autoplay).toBe(false);
    expect(video.paused).toBe(true);
    // Without the preference, `autoplay` does start it (muted): the check above can fail.
    await emulateMedia([]);
    const position = () => lightbox.shadowRoot!.querySelector('.position')?.textContent ?? '';
    const at = position();
    lightbox.shadowRoot!.querySelector<HTMLButtonElement>('button.next')!.click();
    await expect.poll(() => position()).not.toBe(at);
    lightbox.shadowRoot!.querySelector<HTMLButtonElement>('button.prev')!.click();
    await expect.poll(() => position()).toBe(at);
    await until(() => lightbox.shadowRoot?.querySelector('video')?.autoplay, 'autoplay without the preference');
  });
});

/** Animations in `root`'s shadow trees (their pseudo-elements' too) that run longer than `limit` ms, or for ever. */
function longAnimations(root: Element, limit: number): string[] {
  const hosts = [root, ...deepElements(root)].filter((element) => element.shadowRoot);
  return hosts.flatMap((host) =>
    host
      .shadowRoot!.getAnimations()
      .filter((animation) => Number(animation.effect?.getComputedTiming().endTime ?? 0) > limit)
      .map((animation) => {
        const effect = animation.effect as KeyframeEffect;
        return `${describeElement(effect.target!)}${effect.pseudoElement ?? ''}: ${(animation as CSSAnimation).animationName ?? 'animation'} ends at ${effect.getComputedTiming().endTime} ms`;
      }),
  );
}

describe('motion without the preference', () => {
  it('nothing that starts by itself moves for more than five seconds (WCAG 2.2.2), once loaded', async () => {
    const shop = await openShop('motion');
    for (const widget of widgets(shop)) expect(longAnimations(widget, 5000), widget.localName).toEqual([]);
    // The hotspots did pulse, and the check sees it (a finished pulse stays in effect, still).
    const pulses = shop.shoppable.shadowRoot!.getAnimations().filter((animation) => (animation as CSSAnimation).animationName === 'pulse');
    expect(pulses.length).toBeGreaterThan(0);
  });

  it("a tile's blurhash leaves the rendering once its picture has faded in over it, or at once where no fade runs (off screen, reduced motion)", async () => {
    const uncovered = (gallery: Element) => inside(gallery, 'button.tile').filter((tile) => tile.querySelector('img.media.loaded') && getComputedStyle(tile.querySelector('canvas.placeholder')!).display === 'none').length;
    // In view: after the picture's fade.
    const { gallery } = await openShop('placeholders');
    gallery.scrollIntoView();
    await expect.poll(() => uncovered(gallery), { timeout: 10_000 }).toBe(4);
    // Far below the fold, where content-visibility skips the tiles (the first row loads at once): no fade runs, so no fade's end comes.
    document.body.replaceChildren();
    document.body.style.paddingTop = '6000px';
    const far = await openShop('placeholders_far');
    expect(far.gallery.getBoundingClientRect().top).toBeGreaterThan(innerHeight * 3);
    await expect.poll(() => uncovered(far.gallery), { timeout: 10_000 }).toBe(4);
    document.body.replaceChildren();
    document.body.style.paddingTop = '';
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const reduced = await openShop('placeholders_reduced');
    const loaded = () => inside(reduced.gallery, 'button.tile').filter((tile) => tile.querySelector('img.media.loaded'));
    // Pictures load in their own time (on a busy machine, after the gallery has rendered): wait for the first.
    await expect.poll(() => loaded().length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Each loaded picture's blurhash is gone at once: no fade to wait for.
    const hidden = loaded().map((tile) => getComputedStyle(tile.querySelector('canvas.placeholder')!).display);
    expect(new Set(hidden)).toEqual(new Set(['none']));
  });
});

/** The colour a system colour keyword resolves to right now. */
function systemColor(keyword: string): string {
  const probe = document.createElement('span');
  probe.style.cssText = `color: ${keyword}; forced-color-adjust: none`;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

describe('forced-colors: active', () => {
  it('hotspots, stars, bars and every focus indicator stay visible, in system colours; axe finds nothing', { timeout: 90_000 }, async () => {
    await emulateMedia([{ name: 'forced-colors', value: 'active' }]);
    expect(matchMedia('(forced-colors: active)').matches).toBe(true);
    const shop = await openShop('forced');
    const canvas = systemColor('Canvas');
    const text = systemColor('CanvasText');
    const highlight = systemColor('Highlight');
    // Hotspot dots: a Canvas disc with a CanvasText ring.
    for (const dot of inside(shop.shoppable, 'button.hotspot:not([hidden]) .dot')) {
      const style = getComputedStyle(dot);
      expect(parseFloat(style.borderTopWidth)).toBeGreaterThanOrEqual(2);
      expect(style.borderTopColor).toBe(text);
      expect(style.backgroundColor).toBe(canvas);
    }
    // The filled stars and bars are drawn in CanvasText, the empty track outlined.
    const filled = inside(shop.summary, '.stars-filled path')[0]!;
    expect(getComputedStyle(filled).fill).toBe(text);
    const fill = inside(shop.summary, '.bar-fill').find((bar) => bar.getBoundingClientRect().width > 0)!;
    expect(getComputedStyle(fill).backgroundColor).toBe(text);
    // Every focus stop, Tab after Tab: an outline (box shadows are dropped in this mode).
    shop.before.focus();
    const problems: string[] = [];
    for (let i = 0; i < 150; i++) {
      await userEvent.keyboard('{Tab}');
      const element = deepActiveElement()!;
      if (element === shop.after) break;
      await animationsSettled(element);
      const indicator = focusIndicator(element);
      if (!indicator.visible || !indicator.how.startsWith('outline')) problems.push(`${describeElement(element)}: ${indicator.how}`);
      else if (!indicator.how.includes(highlight) && !indicator.how.includes(text)) problems.push(`${describeElement(element)}: ${indicator.how} is not Highlight or CanvasText`);
    }
    expect(problems).toEqual([]);
    for (const widget of widgets(shop)) await expectNoAxeViolations(widget, `${widget.localName} in forced colours`);
  });

  it('an open hotspot and a pressed bar stand out in Highlight', async () => {
    await emulateMedia([{ name: 'forced-colors', value: 'active' }]);
    const { shoppable, summary } = await openShop('forced_states');
    const highlight = systemColor('Highlight');
    const hotspot = inside<HTMLButtonElement>(shoppable, 'button.hotspot:not([hidden])')[0]!;
    hotspot.click();
    await expect.poll(() => hotspot.getAttribute('aria-expanded')).toBe('true');
    expect(getComputedStyle(hotspot.querySelector('.dot')!, '::before').backgroundColor).toBe(highlight);
    const card = await until(() => inside(shoppable, '.card:not([hidden])')[0], 'card');
    expect(parseFloat(getComputedStyle(card).borderTopWidth)).toBeGreaterThanOrEqual(1);
    const bar = inside<HTMLButtonElement>(summary, 'button.bar')[0]!;
    bar.click();
    await expect.poll(() => bar.getAttribute('aria-pressed')).toBe('true');
    const row = bar.closest('li')!;
    const pressedBorder = [getComputedStyle(bar).borderTopColor, getComputedStyle(row).borderTopColor];
    expect(pressedBorder).toContain(highlight);
  });
});

describe('320 px wide (400 % zoom of 1280 px)', () => {
  /** The carousel's track and the product list scroll along one axis by design (with buttons and arrow keys). */
  const oneAxisTracks = (element: Element) => element.matches('.carousel-track, .product-list');

  it('no page scrolling sideways, nothing wider than its element, targets still 24 px, axe finds nothing', { timeout: 90_000 }, async () => {
    await page.viewport(320, 800);
    const shop = await openShop('narrow', { width: '100%' });
    const check = async (state: string) => {
      expect(document.documentElement.scrollWidth, `page width (${state})`).toBeLessThanOrEqual(document.documentElement.clientWidth + 1);
      for (const widget of widgets(shop)) {
        expect(horizontalOverflow(widget, { allow: oneAxisTracks }), `${widget.localName} (${state})`).toEqual([]);
        const box = widget.getBoundingClientRect();
        expect(box.left, `${widget.localName} left (${state})`).toBeGreaterThanOrEqual(-1);
        expect(box.right, `${widget.localName} right (${state})`).toBeLessThanOrEqual(321);
      }
    };
    await check('loaded');
    for (const widget of widgets(shop)) {
      expect(smallTargets(widget), `${widget.localName} targets at 320 px`).toEqual([]);
      await expectNoAxeViolations(widget, `${widget.localName} at 320 px`);
    }

    // An open card stays inside the viewport.
    const hotspot = inside<HTMLButtonElement>(shop.shoppable, 'button.hotspot:not([hidden])').at(-1)!;
    hotspot.click();
    const card = await until(() => inside(shop.shoppable, '.card:not([hidden])')[0], 'card');
    await animationsSettled(card);
    const cardBox = card.getBoundingClientRect();
    expect(cardBox.left).toBeGreaterThanOrEqual(0);
    expect(cardBox.right).toBeLessThanOrEqual(320);
    await check('card open');

    // The review list filtered.
    inside<HTMLButtonElement>(shop.reviews, 'button.bar')[0]!.click();
    await until(() => inside(shop.reviews, '[part="clear-filter"]')[0], 'filtered');
    await check('reviews filtered');

    // The lightbox fits the viewport, its content wraps.
    inside<HTMLButtonElement>(shop.gallery, 'button.tile')[0]!.click();
    const lightbox = await until(() => inside(shop.gallery, 'svc-post-lightbox')[0], 'lightbox');
    const dialog = await until(() => lightbox.shadowRoot?.querySelector<HTMLDialogElement>('dialog[open]'), 'dialog');
    await until(() => dialog.querySelector('svc-shoppable-post'), 'post');
    await animationsSettled(dialog);
    const dialogBox = dialog.getBoundingClientRect();
    expect(dialogBox.left).toBeGreaterThanOrEqual(-1);
    expect(dialogBox.right).toBeLessThanOrEqual(321);
    expect(horizontalOverflow(dialog, { allow: oneAxisTracks })).toEqual([]);
    expect(smallTargets(dialog)).toEqual([]);
    await expectNoAxeViolations(shop.gallery, 'lightbox at 320 px');
  });
});

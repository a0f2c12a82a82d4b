import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { testKey } from '../support/emulator-control.ts';
import { mountShop, readSeed, type Seed, type Shop } from './a11y-page.ts';
import { animationsSettled, deepActiveElement, describe as describeElement, focusIndicator, hostsOf, until } from './a11y-support.ts';

/**
 * Keyboard only, through a page with every element: Tab reaches every control with a
 * visible focus indicator at each stop; the summary's bars filter the list; hotspots
 * come in reading order, open their card and close with Escape; the lightbox keeps
 * focus inside (Tab and Shift+Tab cycle), moves with the arrow keys and gives focus
 * back to its tile; "Load more" and the carousel's arrow keys announce what they did;
 * the review list sorts, shows originals and loads more.
 */
const apiBase = inject('apiBase');
// The machine is shared: images, the emulator and Vite compete for two cores.
vi.setConfig({ testTimeout: 60_000 });
let seed: Seed;

beforeAll(async () => {
  seed = await readSeed(apiBase);
  await page.viewport(1100, 900);
});

afterEach(() => {
  document.body.replaceChildren();
});

async function shop(name: string, options: Partial<Parameters<typeof mountShop>[0]> = {}): Promise<Shop> {
  return mountShop({ apiBase, key: await testKey(apiBase, `keyboard_${name}`), seed, ...options });
}

interface Stop {
  element: Element;
  label: string;
  owner: string;
  focus: string;
  visible: boolean;
}

/** The focus indicator once transitions have ended. */
async function settledFocus(element: Element) {
  await animationsSettled(element);
  return focusIndicator(element);
}

/** Presses Tab (or Shift+Tab) once and reads where focus went. */
async function press(key: '{Tab}' | '{Shift>}{Tab}{/Shift}'): Promise<Stop> {
  await userEvent.keyboard(key);
  const element = deepActiveElement()!;
  await animationsSettled(element);
  const indicator = focusIndicator(element);
  return { element, label: describeElement(element), owner: hostsOf(element)[0]?.localName ?? 'page', focus: indicator.how, visible: indicator.visible };
}

/** Tabs from `from` until `to` has focus (at most `limit` stops), returning every stop on the way. */
async function walk(from: HTMLElement, to: Element, limit = 150): Promise<Stop[]> {
  from.focus();
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    const stop = await press('{Tab}');
    if (stop.element === to) return stops;
    stops.push(stop);
  }
  throw new Error(`Tab never reached ${describeElement(to)}; stops: ${stops.map((stop) => stop.label).join('\n')}`);
}

const inside = <T extends Element = HTMLElement>(host: Element, selector: string) => [...(host.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
const statusText = (host: Element) =>
  inside(host, '[role="status"]')
    .map((node) => node.textContent?.replace(/\s+/g, ' ').trim())
    .join(' | ');

describe('a keyboard walk through the page', () => {
  it('Tab reaches every control of every element, each with a visible focus indicator', { timeout: 90_000 }, async () => {
    const { before, after, summary, shoppable, gallery, carousel, reviews } = await shop('walk');
    const stops = await walk(before, after);
    const invisible = stops.filter((stop) => !stop.visible).map((stop) => `${stop.label}: ${stop.focus}`);
    expect(invisible, 'stops without a visible focus indicator').toEqual([]);
    const reached = new Set(stops.map((stop) => stop.element));
    const mustReach = [
      ...inside(summary, 'button.bar'),
      ...inside(shoppable, 'button.hotspot:not([hidden])'),
      ...inside(shoppable, '.product-list a'),
      ...inside(gallery, 'button.tile'),
      ...inside(gallery, 'button.load-more'),
      ...inside(carousel, 'button.tile'),
      ...inside(reviews, 'button.bar'),
      ...inside(reviews, 'select'),
      ...inside(reviews, '[part="translation-toggle"]'),
      ...inside(reviews, '[part="load-more"]'),
    ];
    expect(mustReach.length).toBeGreaterThan(25);
    expect(mustReach.filter((target) => !reached.has(target)).map(describeElement), 'controls Tab did not reach').toEqual([]);
    // The elements come in document order: no element's stops interleave with another's.
    const owners = stops.map((stop) => stop.owner).filter((owner, index, all) => owner !== all[index - 1]);
    expect(owners.filter((owner) => owner !== 'page')).toEqual(['svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery', 'svc-reviews']);
    // Shift+Tab goes back the same way.
    const back = await press('{Shift>}{Tab}{/Shift}');
    expect(back.element).toBe(stops.at(-1)!.element);
  });

  it('hotspots are reached in reading order (rows top to bottom, then the line direction), named with product and price', { timeout: 60_000 }, async () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      const { shoppable, before } = await shop(`hotspots_${dir}`, { dir });
      const visible = inside<HTMLButtonElement>(shoppable, 'button.hotspot:not([hidden])');
      expect(visible.length).toBeGreaterThan(1);
      before.focus();
      const order: HTMLElement[] = [];
      for (let i = 0; i < 60 && order.length < visible.length; i++) {
        const stop = await press('{Tab}');
        if (stop.element.matches('button.hotspot')) order.push(stop.element as HTMLElement);
      }
      expect(order).toHaveLength(visible.length);
      const centres = order.map((spot) => {
        const box = spot.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2, name: spot.getAttribute('aria-label') ?? '' };
      });
      const stage = inside(shoppable, '.stage')[0]!.getBoundingClientRect();
      const rowTolerance = stage.height * 0.05 + 1;
      for (let i = 1; i < centres.length; i++) {
        const [a, b] = [centres[i - 1]!, centres[i]!];
        const sameRow = Math.abs(b.y - a.y) <= rowTolerance;
        if (sameRow) expect(dir === 'ltr' ? b.x >= a.x - 1 : b.x <= a.x + 1, `${a.name} then ${b.name} (${dir})`).toBe(true);
        else expect(b.y, `${a.name} then ${b.name} (${dir})`).toBeGreaterThan(a.y);
      }
      for (const centre of centres) expect(centre.name).toMatch(/^.+, \$\d[\d,]*\.\d\d$/);
      document.body.replaceChildren();
    }
  });
});

describe('actions by keyboard', () => {
  it('a summary bar (Enter, Space) filters the review list, which says how many match', async () => {
    const { summary, reviews } = await shop('filter');
    const bars = inside<HTMLButtonElement>(summary, 'button.bar');
    bars[0]!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => bars[0]!.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => reviews.getAttribute('rating')).toBe('5');
    await expect.poll(() => statusText(reviews)).toMatch(/\d+ reviews? match/);
    await until(() => inside(reviews, '[part="review"]').length > 0 && inside(reviews, '[part="review"]').every((review) => review.dataset['rating'] === '5'), 'five-star reviews only');
    // Space on the pressed bar clears the filter.
    bars[0]!.focus();
    await userEvent.keyboard(' ');
    await expect.poll(() => bars[0]!.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => reviews.getAttribute('rating')).toBeNull();
    // The list's own "Show all reviews" is reachable too.
    inside<HTMLButtonElement>(reviews, 'button.bar')[1]!.focus();
    await userEvent.keyboard('{Enter}');
    const showAll = await until(() => inside<HTMLButtonElement>(reviews, '[part="clear-filter"]')[0], 'show all');
    const stop = await press('{Tab}');
    expect(stop.element === showAll || inside(reviews, 'button.bar').includes(stop.element as HTMLElement)).toBe(true);
    showAll.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => reviews.getAttribute('rating')).toBeNull();
  });

  it('a hotspot opens its card with Enter; Tab enters the card; Escape closes it and focus returns', async () => {
    const { shoppable } = await shop('card');
    const hotspot = inside<HTMLButtonElement>(shoppable, 'button.hotspot:not([hidden])')[0]!;
    hotspot.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => hotspot.getAttribute('aria-expanded')).toBe('true');
    const card = shoppable.shadowRoot!.getElementById(hotspot.getAttribute('aria-controls')!)!;
    expect(card.hidden).toBe(false);
    expect(card.getAttribute('aria-label')).toBe(hotspot.getAttribute('aria-label'));
    const link = await press('{Tab}');
    expect(card.contains(link.element), `Tab after the hotspot went to ${link.label}`).toBe(true);
    expect(link.element.textContent).toMatch(/View product/);
    expect(link.visible, link.focus).toBe(true);
    const close = await press('{Tab}');
    expect(close.element.getAttribute('aria-label')).toBe('Close');
    expect(close.visible, close.focus).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => hotspot.getAttribute('aria-expanded')).toBe('false');
    expect(deepActiveElement()).toBe(hotspot);
    expect((await settledFocus(hotspot)).visible).toBe(true);
    // Enter on the close button closes too, focus back on the hotspot.
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => hotspot.getAttribute('aria-expanded')).toBe('true');
    await press('{Tab}');
    await press('{Tab}');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => hotspot.getAttribute('aria-expanded')).toBe('false');
    expect(deepActiveElement()).toBe(hotspot);
  });

  it('the lightbox: Enter opens it, Tab and Shift+Tab stay inside, arrows move, Escape closes and focus returns to the tile', { timeout: 60_000 }, async () => {
    const { gallery } = await shop('lightbox');
    const tile = inside<HTMLButtonElement>(gallery, 'button.tile')[1]!;
    tile.focus();
    await userEvent.keyboard('{Enter}');
    const lightbox = await until(() => inside(gallery, 'svc-post-lightbox')[0], 'lightbox');
    const dialog = await until(() => (lightbox.shadowRoot?.querySelector('dialog')?.open ? lightbox.shadowRoot.querySelector('dialog') : null), 'open dialog');
    await until(() => dialog.querySelector('svc-shoppable-post'), 'post in the dialog');
    const inDialog = (element: Element | null) => element !== null && (dialog.contains(element) || hostsOf(element).some((host) => dialog.contains(host)));
    expect(inDialog(deepActiveElement()), `focus on open: ${describeElement(deepActiveElement())}`).toBe(true);
    // Tab goes round the dialog's controls and comes back to where it started.
    const forward: Stop[] = [];
    for (let i = 0; i < 40; i++) {
      const stop = await press('{Tab}');
      expect(inDialog(stop.element), `Tab ${i + 1} left the dialog for ${stop.label}`).toBe(true);
      expect(stop.visible, `${stop.label}: ${stop.focus}`).toBe(true);
      if (forward.some((seen) => seen.element === stop.element)) break;
      forward.push(stop);
    }
    expect(forward.length).toBeGreaterThanOrEqual(3);
    expect(forward.map((stop) => stop.element.getAttribute('aria-label'))).toEqual(expect.arrayContaining(['Close', 'Previous post', 'Next post']));
    for (let i = 0; i < forward.length + 2; i++) {
      const stop = await press('{Shift>}{Tab}{/Shift}');
      expect(inDialog(stop.element), `Shift+Tab ${i + 1} left the dialog for ${stop.label}`).toBe(true);
    }
    // Arrow keys move between posts, and the position is announced.
    const position = dialog.querySelector('.position')!;
    expect(position.textContent).toMatch(/Post 2 of 4/);
    inside(lightbox, 'button.close')[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => position.textContent).toMatch(/Post 3 of 4/);
    expect(position.getAttribute('aria-live')).toBe('polite');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => position.textContent).toMatch(/Post 2 of 4/);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => dialog.open).toBe(false);
    await expect.poll(() => deepActiveElement()).toBe(tile);
    expect((await settledFocus(tile)).visible).toBe(true);
  });

  it('"Load more" by keyboard loads the next page and announces "n more posts loaded"', async () => {
    const { gallery } = await shop('load_more');
    const button = inside<HTMLButtonElement>(gallery, 'button.load-more')[0]!;
    button.focus();
    await userEvent.keyboard('{Enter}');
    await until(() => inside(gallery, 'button.tile').length === 8, 'eight tiles');
    await expect.poll(() => statusText(gallery)).toBe('4 more posts loaded');
    const live = inside(gallery, '[role="status"]')[0]!;
    expect(live.getAttribute('aria-live')).toBe('polite');
  });

  it('the carousel: arrow keys move focus between slides (mirrored right to left), Home and End, and say which slide is shown', { timeout: 60_000 }, async () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      const { carousel } = await shop(`carousel_${dir}`, { dir });
      const region = inside(carousel, '.carousel')[0]!;
      expect(region.getAttribute('role')).toBe('region');
      expect(region.getAttribute('aria-roledescription')).toBe('carousel');
      const slides = inside(carousel, '.slide');
      expect(slides[0]!.getAttribute('aria-roledescription')).toBe('slide');
      expect(slides[0]!.getAttribute('aria-label')).toBe('1 of 6');
      const tiles = inside<HTMLButtonElement>(carousel, 'button.tile');
      tiles[0]!.focus();
      const forward = dir === 'ltr' ? '{ArrowRight}' : '{ArrowLeft}';
      const backward = dir === 'ltr' ? '{ArrowLeft}' : '{ArrowRight}';
      await userEvent.keyboard(forward);
      await expect.poll(() => deepActiveElement()).toBe(tiles[1]);
      await expect.poll(() => statusText(carousel)).toBe('Post 2 of 6');
      expect((await settledFocus(tiles[1]!)).visible).toBe(true);
      await userEvent.keyboard('{End}');
      await expect.poll(() => deepActiveElement()).toBe(tiles[5]);
      await expect.poll(() => statusText(carousel)).toMatch(/Post 6 of \d+/);
      // The last slide is scrolled into view (on the left when right to left).
      const track = inside(carousel, '.carousel-track')[0]!.getBoundingClientRect();
      const shown = (tile: Element) => {
        const box = tile.getBoundingClientRect();
        return box.left >= track.left - 1 && box.right <= track.right + 1;
      };
      await expect.poll(() => shown(tiles[5]!), { message: `the last slide in view (${dir})` }).toBe(true);
      await userEvent.keyboard('{Home}');
      await expect.poll(() => deepActiveElement()).toBe(tiles[0]);
      await expect.poll(() => statusText(carousel)).toBe('Post 1 of 6');
      await expect.poll(() => shown(tiles[0]!), { message: `the first slide in view (${dir})` }).toBe(true);
      await userEvent.keyboard(backward);
      expect(deepActiveElement()).toBe(tiles[0]);
      // The previous/next buttons work with Enter and keep focus.
      const next = inside<HTMLButtonElement>(carousel, 'button.nav.next')[0]!;
      next.focus();
      await userEvent.keyboard('{Enter}');
      await expect.poll(() => statusText(carousel)).toBe('Post 2 of 6');
      expect(deepActiveElement()).toBe(next);
      expect((await settledFocus(next)).visible).toBe(true);
      document.body.replaceChildren();
    }
  });

  it('the review list: sort with the keyboard, show the original, load more', async () => {
    const { reviews } = await shop('reviews', { market: 'de' });
    const select = inside<HTMLSelectElement>(reviews, 'select')[0]!;
    const sorts: string[] = [];
    reviews.addEventListener('svc-review-sort', (event) => sorts.push((event as CustomEvent<{ sort: string }>).detail.sort));
    select.focus();
    expect((await settledFocus(select)).visible).toBe(true);
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(() => sorts).toEqual(['highest']);
    await expect.poll(() => reviews.getAttribute('sort')).toBe('highest');
    // The list in the old order stays on show, without its "load more", until the new order is in.
    await until(() => inside(reviews, '[part="load-more"]')[0], 'the highest-rated page');
    const toggle = await until(() => inside<HTMLButtonElement>(reviews, '[part="translation-toggle"]')[0], 'a translated review');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => toggle.textContent?.trim()).toBe('Übersetzung anzeigen');
    expect(deepActiveElement()).toBe(toggle);
    const more = await until(() => inside<HTMLButtonElement>(reviews, '[part="load-more"]')[0], 'the load-more button');
    more.focus();
    await userEvent.keyboard('{Enter}');
    await until(() => inside(reviews, '[part="review"]').length === 6, 'six reviews');
  });
});

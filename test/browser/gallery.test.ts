import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import type { SvcPostGallery } from '../../src/elements/post-gallery/svc-post-gallery.ts';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';

/**
 * <svc-post-gallery> against the emulator: each layout, reserved space, empty and
 * error states, and a screenshot of each layout (gitignored `screenshots/`).
 */
const apiBase = inject('apiBase');
let key: string;

interface Info {
  counts: { posts: number };
  labels: { id: string; post_count: number }[];
  galleries: { id: string; post_count: number }[];
  profiles: { id: string; post_count: number }[];
  products: { id: string; handle: string; post_count: number }[];
}
let info: Info;

beforeAll(async () => {
  key = await testKey(apiBase, 'gallery_layouts');
  info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as Info;
});

afterEach(() => {
  document.body.replaceChildren();
  document.body.removeAttribute('style');
});

function mount(attributes: Record<string, string>, options: { key?: string; style?: string } = {}): SvcPostGallery {
  const element = document.createElement('svc-post-gallery');
  for (const [name, value] of Object.entries({ 'publishable-key': options.key ?? key, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.setAttribute('style', `display: block; font-family: system-ui, sans-serif; ${options.style ?? ''}`);
  document.body.append(element);
  return element;
}

/** Lets the images finish fading in before a screenshot. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
const tiles = (element: SvcPostGallery) => [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.tile')];
const loadedImages = (element: SvcPostGallery) => element.shadowRoot!.querySelectorAll('img.media.loaded').length;

async function waitForTiles(element: SvcPostGallery, count: number): Promise<HTMLButtonElement[]> {
  await expect.poll(() => tiles(element).length, { timeout: 10_000 }).toBe(count);
  return tiles(element);
}

describe('layouts', () => {
  it('grid: renders a page of posts as buttons in responsive columns, first row eager', async () => {
    await page.viewport(1100, 900);
    const element = mount({ 'page-size': '8', columns: '4' }, { style: 'width: 1000px' });
    const [first, , , , fifth] = await waitForTiles(element, 8);
    const list = element.shadowRoot!.querySelector('ul.grid')!;
    expect(getComputedStyle(list).gridTemplateColumns.split(' ')).toHaveLength(4);
    expect(first!.getAttribute('aria-label')).toMatch(/^(Photo|Video) by @[\w.]+(: .+)?$/);
    const firstImage = first!.querySelector('img')!;
    // Above the fold: the first row loads at once, at normal priority (the page's hero keeps the high one).
    await expect.poll(() => firstImage.getAttribute('loading')).toBe('eager');
    expect(firstImage.getAttribute('fetchpriority')).toBe('auto');
    expect(firstImage.getAttribute('decoding')).toBe('async');
    expect(Number(firstImage.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(firstImage.getAttribute('height'))).toBeGreaterThan(0);
    expect(firstImage.alt.trim()).not.toBe('');
    expect(fifth!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(fifth!.querySelector('img')!.getAttribute('fetchpriority')).toBe('low');
    // Square tiles by default, blurhash canvas under each image.
    const box = first!.getBoundingClientRect();
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);
    expect(first!.querySelector('canvas.placeholder')).not.toBeNull();
    await expect.poll(() => loadedImages(element), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await settle();
    await page.screenshot({ path: '../../screenshots/gallery-grid.png', element });
  });

  it('grid: fewer columns on a narrow screen, never more than `columns`', async () => {
    const element = mount({ 'page-size': '6', columns: '3' }, { style: 'width: 320px' });
    await waitForTiles(element, 6);
    const list = element.shadowRoot!.querySelector('ul.grid')!;
    expect(getComputedStyle(list).gridTemplateColumns.split(' ')).toHaveLength(2);
    element.style.width = '1200px';
    await expect.poll(() => getComputedStyle(list).gridTemplateColumns.split(' ').length).toBe(3);
    expect(element.scrollWidth).toBeLessThanOrEqual(1200);
  });

  it('grid: the theme may set the most columns with --svc-gallery-columns', async () => {
    const element = mount({ 'page-size': '6' }, { style: 'width: 1000px; --svc-gallery-columns: 3' });
    await waitForTiles(element, 6);
    // Measured after layout, before the next paint (a ResizeObserver), not during the update.
    await expect.poll(() => getComputedStyle(element.shadowRoot!.querySelector('ul.grid')!).gridTemplateColumns.split(' ')).toHaveLength(3);
  });

  it('carousel: a scroll-snapping track of slides with previous/next buttons and "n of total" slides', async () => {
    await page.viewport(1100, 700);
    const element = mount({ layout: 'carousel', 'page-size': '10', columns: '4' }, { style: 'width: 1000px' });
    await waitForTiles(element, 10);
    const root = element.shadowRoot!;
    const region = root.querySelector('[aria-roledescription="carousel"]')!;
    expect(region.getAttribute('role')).toBe('region');
    const slides = root.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(10);
    expect(slides[2]!.getAttribute('aria-label')).toBe('3 of 10');
    const track = root.querySelector<HTMLElement>('.carousel-track')!;
    expect(getComputedStyle(track).scrollSnapType).toMatch(/x mandatory/);
    const prev = root.querySelector<HTMLButtonElement>('button.prev')!;
    const next = root.querySelector<HTMLButtonElement>('button.next')!;
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => loadedImages(element), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await settle();
    await page.screenshot({ path: '../../screenshots/gallery-carousel.png', element });
    next.click();
    await expect.poll(() => Math.abs(track.scrollLeft)).toBeGreaterThan(100);
    await expect.poll(() => root.querySelector('[role="status"]')!.textContent).toMatch(/Post 2 of 10/);
    await expect.poll(() => prev.getAttribute('aria-disabled')).toBe('false');
  });

  it('masonry: tiles keep their media aspect ratio, in columns, in reading order', async () => {
    await page.viewport(1100, 1200);
    const element = mount({ layout: 'masonry', 'page-size': '12', columns: '3' }, { style: 'width: 900px' });
    const found = await waitForTiles(element, 12);
    // A tile without a picture (a video with no poster) has no image to compare with: the others must be enough.
    const pictured = found.filter((tile) => tile.querySelector('img'));
    expect(pictured.length, 'tiles with a picture').toBeGreaterThanOrEqual(6);
    for (const tile of pictured) {
      const image = tile.querySelector('img')!;
      const ratio = Number(image.getAttribute('height')) / Number(image.getAttribute('width'));
      const box = tile.getBoundingClientRect();
      expect(Math.abs(box.height / box.width - ratio)).toBeLessThan(0.02);
    }
    const lefts = new Set(found.map((tile) => Math.round(tile.getBoundingClientRect().left)));
    expect(lefts.size).toBe(3);
    // The first three posts start the three columns (reading order runs across).
    const tops = found.slice(0, 3).map((tile) => Math.round(tile.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    // The list is as tall as its tallest column: nothing overlaps the content after it.
    const list = element.shadowRoot!.querySelector('ul.masonry')!.getBoundingClientRect();
    const bottom = Math.max(...found.map((tile) => tile.getBoundingClientRect().bottom));
    expect(Math.abs(list.bottom - bottom)).toBeLessThan(2);
    await expect.poll(() => loadedImages(element), { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    await settle();
    await page.screenshot({ path: '../../screenshots/gallery-masonry.png', element });
  });
});

describe('narrow and right to left', () => {
  it('works at 320 px wide without scrolling sideways, in every layout', async () => {
    for (const layout of ['grid', 'masonry', 'carousel']) {
      const element = mount({ layout, 'page-size': '6' }, { style: 'width: 320px' });
      await waitForTiles(element, 6);
      expect(element.scrollWidth, layout).toBeLessThanOrEqual(320);
      const base = element.shadowRoot!.querySelector('.base')!;
      expect(base.scrollWidth, layout).toBeLessThanOrEqual(320);
      for (const tile of tiles(element)) expect(tile.getBoundingClientRect().width, layout).toBeGreaterThanOrEqual(24);
      element.remove();
    }
  });

  it('carousel: right to left, the track starts at the right and the arrow keys are mirrored', async () => {
    const element = mount({ layout: 'carousel', 'page-size': '8', dir: 'rtl' }, { style: 'width: 800px' });
    const found = await waitForTiles(element, 8);
    expect(found[0]!.getBoundingClientRect().right).toBeGreaterThan(found[1]!.getBoundingClientRect().right);
    found[0]!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(element.shadowRoot!.activeElement).toBe(found[1]);
    await userEvent.keyboard('{ArrowRight}');
    expect(element.shadowRoot!.activeElement).toBe(found[0]);
    await userEvent.keyboard('{End}');
    expect(element.shadowRoot!.activeElement).toBe(found[7]);
  });
});

describe('reserved space', () => {
  it('grid: the element is as tall before the data as with the first page', async () => {
    const slowKey = await testKey(apiBase, 'gallery_cls', { faults: { latencyMs: 600 } });
    const element = mount({ 'page-size': '8', columns: '4' }, { key: slowKey, style: 'width: 800px' });
    await element.updateComplete;
    const before = element.getBoundingClientRect();
    expect(before.height).toBeGreaterThan(300);
    expect(element.shadowRoot!.querySelectorAll('.skeleton')).toHaveLength(8);
    await waitForTiles(element, 8);
    const after = element.getBoundingClientRect();
    expect(after.height).toBe(before.height);
    expect(after.width).toBe(before.width);
  });
});

describe('states', () => {
  it('collapses when no post matches, unless the theme fills the empty slot', async () => {
    const unused = info.labels.find((label) => label.post_count === 0);
    expect(unused).toBeDefined();
    const loads: unknown[] = [];
    const element = mount({ 'label-id': unused!.id });
    element.addEventListener('svc-load', (event) => loads.push((event as CustomEvent).detail));
    await expect.poll(() => element.matches(':state(empty)'), { timeout: 10_000 }).toBe(true);
    expect(element.getBoundingClientRect().height).toBe(0);
    expect(tiles(element)).toHaveLength(0);
    expect(loads).toEqual([{ count: 0 }]);

    const themed = mount({ 'label-id': unused!.id });
    const empty = document.createElement('p');
    empty.slot = 'empty';
    empty.textContent = 'Be the first to share a photo!';
    themed.append(empty);
    await expect.poll(() => themed.matches(':state(empty)'), { timeout: 10_000 }).toBe(true);
    expect(themed.getBoundingClientRect().height).toBeGreaterThan(0);
    await expect.element(page.getByText('Be the first to share a photo!')).toBeVisible();
  });

  it('stays quiet when the first page fails (its box held, the error part not displayed), and heals when the API is back', async () => {
    const faultyKey = await testKey(apiBase, 'gallery_error', { faults: { down: true } });
    const errors: unknown[] = [];
    const element = mount({ 'page-size': '4' }, { key: faultyKey });
    element.addEventListener('svc-error', (event) => errors.push((event as CustomEvent).detail.error));
    await expect.poll(() => element.shadowRoot!.querySelector('[role="alert"]')?.textContent, { timeout: 15_000 }).toMatch(/Could not reach the store/);
    const alert = element.shadowRoot!.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.getAttribute('part')).toBe('error');
    expect(getComputedStyle(alert).display).toBe('none');
    expect(element.shadowRoot!.querySelector('button')).toBeNull();
    expect(element.getBoundingClientRect().height, 'the loading box, held').toBeGreaterThan(100);
    expect(element.matches(':state(error)')).toBe(true);
    expect(errors).toHaveLength(1);
    expect((errors[0] as { code: string }).code).toBe('network');
    await setFaults(apiBase, faultyKey, {});
    window.dispatchEvent(new Event('online'));
    await waitForTiles(element, 4);
    expect(element.shadowRoot!.querySelector('[role="alert"]')).toBeNull();
  });

  it('changing a filter attribute refetches', async () => {
    const element = mount({ 'page-size': '5' });
    const first = await waitForTiles(element, 5);
    const firstIds = first.map((tile) => tile.dataset['postId']);
    const label = info.labels.find((l) => l.post_count > 5 && l.post_count < info.counts.posts)!;
    element.setAttribute('label-id', label.id);
    const ids = () => tiles(element).map((tile) => tile.dataset['postId']);
    await expect.poll(() => ids().length === 5 && ids().join() !== firstIds.join(), { timeout: 10_000 }).toBe(true);
    const log = await requestLog(apiBase, key);
    expect(log.some((entry) => entry.path === '/v1/posts' && String(entry.query['label_id']) === label.id)).toBe(true);
  });

  it('sends the filters from its attributes: product, gallery, profile, several labels with label-match', async () => {
    const filterKey = await testKey(apiBase, 'gallery_filters');
    const product = info.products.find((p) => p.post_count > 0)!;
    const gallery = info.galleries[0]!;
    const profile = info.profiles[0]!;
    const [a, b] = info.labels;
    const element = mount({ 'product-ref': product.handle, 'page-size': '3' }, { key: filterKey });
    await expect.poll(() => element.matches(':state(loaded)') || element.matches(':state(empty)'), { timeout: 10_000 }).toBe(true);
    element.removeAttribute('product-ref');
    element.setAttribute('gallery-id', gallery.id);
    element.setAttribute('profile-id', profile.id);
    element.setAttribute('label-id', ` ${a!.id}, ${b!.id} `);
    element.setAttribute('label-match', 'all');
    await expect
      .poll(async () => (await requestLog(apiBase, filterKey)).filter((entry) => entry.path === '/v1/posts').length, { timeout: 10_000 })
      .toBe(2);
    const [first, second] = (await requestLog(apiBase, filterKey)).filter((entry) => entry.path === '/v1/posts');
    expect(first!.query).toMatchObject({ market: 'us', limit: '3', product_ref: product.handle });
    expect(second!.query).toMatchObject({ gallery_id: gallery.id, profile_id: profile.id, label_id: [a!.id, b!.id], label_match: 'all' });
    expect(second!.query['product_ref']).toBeUndefined();
  });

  it('clamps a bad page size with a warning', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(String(message));
    try {
      const element = mount({ 'page-size': '500' });
      await waitForTiles(element, 50);
      expect(warnings.some((w) => /page-size="500".*using 50/.test(w))).toBe(true);
    } finally {
      console.warn = original;
    }
  });
});

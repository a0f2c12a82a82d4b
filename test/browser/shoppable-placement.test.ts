import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * Hotspots sit on the exact pixel of the media, except that one closer to the media's
 * edge than its own radius moves inward just enough to be drawn whole. The expected
 * points are computed here from the <img>'s box and the object-fit rules, independently
 * of the element's code.
 */
const apiBase = inject('apiBase');
/** A real portrait post of the emulator (512 × 640). */
const PORTRAIT_POST = 'pst_lrc9h58g4tyj';

type Raw = Record<string, unknown>;
interface Spot {
  x: number;
  y: number;
  title: string;
}

const SPOTS: Spot[] = [
  { x: 0, y: 0, title: 'Top left' },
  { x: 1, y: 0, title: 'Top right' },
  { x: 0, y: 1, title: 'Bottom left' },
  { x: 1, y: 1, title: 'Bottom right' },
  { x: 0.5, y: 0.5, title: 'Centre' },
  { x: 0.5, y: 0, title: 'Top edge' },
  { x: 0, y: 0.5, title: 'Left edge' },
  { x: 1, y: 0.5, title: 'Right edge' },
  { x: 0.5, y: 1, title: 'Bottom edge' },
  { x: 0.3, y: 0.65, title: 'Inside' },
];

let key: string;
let wire: Raw;

function withSpots(post: Raw, spots: Spot[]): Raw {
  return {
    ...post,
    tagged_products: spots.map((spot, index) => ({
      x: spot.x,
      y: spot.y,
      product: { id: `prd_geo_${index}`, title: spot.title, handle: `geo-${index}`, price: { price: 10 + index, currency: 'USD' }, url: `https://shop.example.com/products/geo-${index}` },
    })),
  };
}

function mount(post: Raw, style: string, attributes: Record<string, string> = {}): SvcShoppablePost {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.setAttribute('style', style);
  element.post = post;
  document.body.append(element);
  return element;
}

const shadow = (element: SvcShoppablePost) => element.shadowRoot!;
const picture = (element: SvcShoppablePost) => shadow(element).querySelector<HTMLImageElement>('img.picture')!;
const hotspot = (element: SvcShoppablePost, title: string) =>
  [...shadow(element).querySelectorAll<HTMLButtonElement>('button.hotspot')].find((button) => button.getAttribute('aria-label')!.startsWith(`${title},`))!;

/** The part of the picture on screen: its drawn box (object-fit rules) cut to the <img>'s box. */
function shownMedia(img: HTMLImageElement, fit: 'contain' | 'cover') {
  const rect = img.getBoundingClientRect();
  const scale = (fit === 'cover' ? Math.max : Math.min)(rect.width / img.naturalWidth, rect.height / img.naturalHeight);
  const width = img.naturalWidth * scale;
  const height = img.naturalHeight * scale;
  const left = rect.left + (rect.width - width) / 2;
  const top = rect.top + (rect.height - height) / 2;
  return { rect, left, top, width, height, shown: { left: Math.max(left, rect.left), top: Math.max(top, rect.top), right: Math.min(left + width, rect.right), bottom: Math.min(top + height, rect.bottom) } };
}

/**
 * Where `spot` is drawn, from the <img>'s box, its natural size and the CSS object-fit
 * rules, for a hotspot of `radius`: on its point, moved inward just enough to lie whole
 * inside the shown picture.
 */
function expectedPoint(img: HTMLImageElement, fit: 'contain' | 'cover', spot: Spot, radius: number) {
  const { rect, left, top, width, height, shown: area } = shownMedia(img, fit);
  const x = left + spot.x * width;
  const y = top + spot.y * height;
  const shown = x >= rect.left - 0.5 && x <= rect.right + 0.5 && y >= rect.top - 0.5 && y <= rect.bottom + 0.5;
  const inward = (value: number, start: number, end: number) => Math.min(end - radius, Math.max(start + radius, value));
  return { x: inward(x, area.left, area.right), y: inward(y, area.top, area.bottom), shown };
}

async function loaded(element: SvcShoppablePost): Promise<void> {
  await element.updateComplete;
  await expect.poll(() => picture(element)?.complete && picture(element).naturalWidth > 0, { timeout: 5_000 }).toBe(true);
  await expect.poll(() => picture(element).classList.contains('loaded')).toBe(true);
}

/** The largest distance between a shown hotspot's centre and its expected point; a mismatch in what is shown counts as infinite. */
function worstError(element: SvcShoppablePost, fit: 'contain' | 'cover', spots: Spot[]): number {
  let worst = 0;
  for (const spot of spots) {
    const button = hotspot(element, spot.title);
    const rect = button.getBoundingClientRect();
    const expected = expectedPoint(picture(element), fit, spot, rect.width / 2);
    const visible = button.checkVisibility();
    if (visible !== expected.shown) return Number.POSITIVE_INFINITY;
    if (!visible) continue;
    worst = Math.max(worst, Math.abs(rect.left + rect.width / 2 - expected.x), Math.abs(rect.top + rect.height / 2 - expected.y));
  }
  return worst;
}

beforeAll(async () => {
  await page.viewport(1000, 900);
  key = await testKey(apiBase, 'shoppable_geometry');
  const response = await fetch(`${apiBase}/v1/posts/${PORTRAIT_POST}?market=us`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  wire = (await response.json()) as Raw;
  expect(wire['media']).toMatchObject({ width: 512, height: 640 });
});

afterEach(() => {
  document.body.replaceChildren();
});

// Containers around a 4:5 picture: wider than it, taller than it, and of the same shape.
const SHAPES = [
  { name: 'wider', width: 600, height: 300, resized: [460, 260] },
  { name: 'taller', width: 240, height: 480, resized: [300, 620] },
  { name: 'same aspect', width: 400, height: 500, resized: [320, 400] },
] as const;

describe('hotspots on the exact point of the media', () => {
  for (const fit of ['contain', 'cover'] as const) {
    for (const shape of SHAPES) {
      it(`${fit}, ${shape.name} container: every hotspot within 1 px, also after a resize`, async () => {
        const element = mount(withSpots(wire, SPOTS), `width:${shape.width}px;height:${shape.height}px`, { fit, 'hide-products': '' });
        await loaded(element);
        const img = picture(element).getBoundingClientRect();
        expect(img.width).toBeCloseTo(shape.width, 0);
        expect(img.height).toBeCloseTo(shape.height, 0);
        await expect.poll(() => worstError(element, fit, SPOTS)).toBeLessThanOrEqual(1);
        if (fit === 'contain' || shape.name === 'same aspect') {
          for (const spot of SPOTS) expect(hotspot(element, spot.title).checkVisibility()).toBe(true);
        }

        element.style.width = `${shape.resized[0]}px`;
        element.style.height = `${shape.resized[1]}px`;
        await expect.poll(() => Math.round(picture(element).getBoundingClientRect().width)).toBe(shape.resized[0]);
        await expect.poll(() => worstError(element, fit, SPOTS)).toBeLessThanOrEqual(1);
      });
    }
  }

  it('a theme-fixed aspect (--svc-shoppable-aspect) fits the media too, with the product list below', async () => {
    const element = mount(withSpots(wire, SPOTS), 'width:360px;--svc-shoppable-aspect:1', { fit: 'contain' });
    await loaded(element);
    const img = picture(element).getBoundingClientRect();
    expect(img.width).toBeCloseTo(360, 0);
    expect(img.height).toBeCloseTo(360, 0);
    await expect.poll(() => worstError(element, 'contain', SPOTS)).toBeLessThanOrEqual(1);
  });

  it('a capped height (--svc-shoppable-max-height, as in a lightbox) fits the media too', async () => {
    const element = mount(withSpots(wire, SPOTS), 'width:480px;--svc-shoppable-max-height:300px', { 'hide-products': '' });
    await loaded(element);
    const img = picture(element).getBoundingClientRect();
    expect(img.width).toBeCloseTo(480, 0);
    expect(img.height).toBeCloseTo(300, 0);
    await expect.poll(() => worstError(element, 'contain', SPOTS)).toBeLessThanOrEqual(1);
  });

  it('by default the media area takes the media’s own aspect ratio, reserved before the picture loads', async () => {
    const element = mount(withSpots(wire, SPOTS), 'width:400px', { 'hide-products': '' });
    await element.updateComplete;
    const stage = shadow(element).querySelector('[part~="media"]')!;
    const before = stage.getBoundingClientRect();
    expect(before.height).toBeCloseTo((400 * 640) / 512, 0);
    expect(shadow(element).querySelector('canvas.placeholder')).not.toBeNull();
    await loaded(element);
    expect(stage.getBoundingClientRect().height).toBeCloseTo(before.height, 1);
    await expect.poll(() => worstError(element, 'contain', SPOTS)).toBeLessThanOrEqual(1);
  });
});

describe('hotspots at the edges', () => {
  for (const fit of ['contain', 'cover'] as const) {
    it(`${fit}: every hotspot's box lies whole inside the shown picture, corners moved inward by at most their radius`, async () => {
      const element = mount(withSpots(wire, SPOTS), 'width:420px;--svc-shoppable-aspect:1', { fit, 'hide-products': '' });
      await loaded(element);
      await expect.poll(() => worstError(element, fit, SPOTS)).toBeLessThanOrEqual(1);
      const { shown } = shownMedia(picture(element), fit);
      const { left, top, right, bottom } = hotspot(element, 'Top left').getBoundingClientRect();
      const outside = (spot: Spot) => {
        const box = hotspot(element, spot.title).getBoundingClientRect();
        return box.width > 0 && (box.left < shown.left - 0.5 || box.top < shown.top - 0.5 || box.right > shown.right + 0.5 || box.bottom > shown.bottom + 0.5);
      };
      expect(SPOTS.filter(outside).map((spot) => spot.title)).toEqual([]);
      if (fit === 'contain') {
        // The top-left point is the shown picture's corner: the hotspot's box touches both edges.
        expect(left).toBeCloseTo(shown.left, 0);
        expect(top).toBeCloseTo(shown.top, 0);
        expect(right - left).toBeGreaterThanOrEqual(24);
        expect(bottom - top).toBeGreaterThanOrEqual(24);
      }
    });
  }
});

describe('cover crop', () => {
  it('hides hotspots the crop cuts off, and their products stay in the list', async () => {
    // A 4:5 picture covering a 2:1 area: a wide band at the top and the bottom is cut off.
    const spots: Spot[] = [
      { x: 0.5, y: 0.05, title: 'Hat' },
      { x: 0.4, y: 0.5, title: 'Shirt' },
      { x: 0.6, y: 0.97, title: 'Shoes' },
    ];
    const element = mount(withSpots(wire, spots), 'width:600px;--svc-shoppable-aspect:2', { fit: 'cover' });
    await loaded(element);
    await expect.poll(() => worstError(element, 'cover', spots)).toBeLessThanOrEqual(1);
    expect(hotspot(element, 'Hat').checkVisibility()).toBe(false);
    expect(hotspot(element, 'Shoes').checkVisibility()).toBe(false);
    expect(hotspot(element, 'Shirt').checkVisibility()).toBe(true);

    const list = page.elementLocator(element).getByRole('list');
    for (const title of ['Hat', 'Shirt', 'Shoes']) {
      await expect.element(list.getByRole('link', { name: new RegExp(`^${title}\\b`) })).toBeVisible();
    }

    // Contain shows the whole picture again: every hotspot comes back.
    element.fit = 'contain';
    await expect.poll(() => worstError(element, 'contain', spots)).toBeLessThanOrEqual(1);
    for (const spot of spots) expect(hotspot(element, spot.title).checkVisibility()).toBe(true);
  });
});

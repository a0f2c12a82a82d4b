import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * Products tagged close together in one photo: their hotspots' 44 px targets never cover
 * each other, on a phone (390 px) or a desktop (1,280 px), and each dot stays within half
 * a target of its product's point. Boxes are read from the page; the points from the
 * picture's box and its object-fit, independently of the element's code.
 */
const apiBase = inject('apiBase');
/** A real portrait post of the emulator (512 × 640). */
const PORTRAIT_POST = 'pst_lrc9h58g4tyj';

type Raw = Record<string, unknown>;
let key: string;
let wire: Raw;

/** Close pairs: 2 % of the width apart (8 px at 390), one on top of another, and three in a row. */
const SPOTS = [
  { x: 0.3, y: 0.3 },
  { x: 0.32, y: 0.305 },
  { x: 0.7, y: 0.5 },
  { x: 0.7, y: 0.5 },
  { x: 0.4, y: 0.8 },
  { x: 0.42, y: 0.8 },
  { x: 0.44, y: 0.8 },
];

function mount(width: number): SvcShoppablePost {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase, 'hide-products': '' })) element.setAttribute(name, value);
  element.style.width = `${width}px`;
  element.post = {
    ...wire,
    tagged_products: SPOTS.map((spot, index) => ({
      ...spot,
      product: { id: `prd_close_${index}`, title: `Close ${index}`, handle: `close-${index}`, price: { price: 10 + index, currency: 'USD' }, url: `https://shop.example.com/products/close-${index}` },
    })),
  };
  document.body.append(element);
  return element;
}

/** Each hotspot's centre, and its product's point on screen: in the picture's box as `object-fit: contain` draws it (512 × 640) in the media area. */
function centres(element: SvcShoppablePost): { at: { x: number; y: number }; point: { x: number; y: number }; width: number }[] {
  const area = element.shadowRoot!.querySelector('img.picture')!.getBoundingClientRect();
  const scale = Math.min(area.width / 512, area.height / 640);
  const media = { left: area.left + (area.width - 512 * scale) / 2, top: area.top + (area.height - 640 * scale) / 2, width: 512 * scale, height: 640 * scale };
  return [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.hotspot')].map((button) => {
    const box = button.getBoundingClientRect();
    const index = Number(button.id.replace('hotspot-', ''));
    return { at: { x: box.left + box.width / 2, y: box.top + box.height / 2 }, point: { x: media.left + SPOTS[index]!.x * media.width, y: media.top + SPOTS[index]!.y * media.height }, width: box.width };
  });
}

beforeAll(async () => {
  key = await testKey(apiBase, 'shoppable_spread');
  const response = await fetch(`${apiBase}/v1/posts/${PORTRAIT_POST}?market=us`, { headers: { authorization: `Bearer ${key}` } });
  wire = (await response.json()) as Raw;
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('hotspots of close products', () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: no two 44 px targets overlap; a dot of a close pair within half a target of its point, of three in a row within one and a half`, async () => {
      await page.viewport(width + 20, 900);
      const element = mount(width);
      await element.updateComplete;
      await expect.poll(() => element.shadowRoot!.querySelectorAll('button.hotspot').length).toBe(SPOTS.length);
      const spots = centres(element);
      expect(spots[0]!.width).toBeCloseTo(44, 0);
      for (const [i, a] of spots.entries()) {
        expect(Math.hypot(a.at.x - a.point.x, a.at.y - a.point.y), `hotspot ${i} from its point`).toBeLessThanOrEqual((i < 4 ? a.width / 2 : 1.5 * a.width) + 0.5);
        for (const b of spots.slice(i + 1)) expect(Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y), 'two targets\' centres').toBeGreaterThanOrEqual(a.width - 0.5);
      }
    });
  }
});

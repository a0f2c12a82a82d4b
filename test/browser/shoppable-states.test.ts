import { healTiming } from '../../src/controllers/heal.ts';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { decode } from 'blurhash';
import { userEvent } from 'vitest/browser';
import { normalizePost } from '../../src/api/normalize-post.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { english as en } from '../support/english.ts';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';

/** Reading by post-id, the loading, error and not-found states, the post property's three shapes, and video posts. */
const apiBase = inject('apiBase');
const IMAGE_POST = 'pst_lrc9h58g4tyj';
const VIDEO_POST = 'pst_n51pt29medk4';
const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

type Raw = Record<string, unknown>;

let key: string;

function create(attributes: Record<string, string>, post?: unknown): SvcShoppablePost {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.style.width = '400px';
  if (post !== undefined) element.post = post;
  return element;
}

function record(element: Element, type: string): CustomEvent[] {
  const events: CustomEvent[] = [];
  element.addEventListener(type, (event) => events.push(event as CustomEvent));
  return events;
}

const hotspotNames = (element: SvcShoppablePost) => [...element.shadowRoot!.querySelectorAll('button.hotspot')].map((b) => b.getAttribute('aria-label'));

async function readWire(postId: string, market = 'us'): Promise<Raw> {
  const response = await fetch(`${apiBase}/v1/posts/${postId}?market=${market}`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as Raw;
}

/** API v1's camelCase spelling of a wire object. */
function camelCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCase);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), camelCase(inner)]));
}

beforeAll(async () => {
  key = await testKey(apiBase, 'shoppable_states');
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('post-id', () => {
  it('reads the post from the Storefront API and shows a hotspot per tagged product', async () => {
    const fresh = await testKey(apiBase, 'shoppable_fetch', { faults: { latencyMs: 300 } });
    const wire = await readWire(IMAGE_POST);
    const element = create({ 'publishable-key': fresh, market: 'us', 'api-base': apiBase, 'post-id': IMAGE_POST });
    const loads = record(element, 'svc-load');
    document.body.append(element);
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[role="status"]')).not.toBeNull();
    await expect.poll(() => loads.length, { timeout: 5_000 }).toBe(1);
    expect(loads[0]!.detail.post.id).toBe(IMAGE_POST);
    const tagged = wire['tagged_products'] as { product: { title: string } }[];
    expect(tagged.length).toBeGreaterThan(0);
    await expect.poll(() => hotspotNames(element).length).toBe(tagged.length);
    for (const { product } of tagged) expect(hotspotNames(element).some((name) => name!.startsWith(product.title))).toBe(true);
    const log = await requestLog(apiBase, fresh);
    expect(log.filter((entry) => entry.path === `/v1/posts/${IMAGE_POST}`)).toHaveLength(1);
  });

  it('an unknown post id shows the not-found state and fires svc-error', async () => {
    const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase, 'post-id': 'pst_doesnotexist' });
    const errors = record(element, 'svc-error');
    document.body.append(element);
    await expect.poll(() => element.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim(), { timeout: 5_000 }).toBe(en['error.not_found']);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.detail.error.code).toBe('not_found');
    expect(errors[0]!.bubbles && errors[0]!.composed).toBe(true);
    expect(element.shadowRoot!.querySelector('button')).toBeNull();
  });

  it('a server failure keeps the loading box, empty, and fires svc-error; the element heals', async () => {
    const flaky = await testKey(apiBase, 'shoppable_flaky');
    await setFaults(apiBase, flaky, { fail500: 3 });
    const element = create({ 'publishable-key': flaky, market: 'us', 'api-base': apiBase, 'post-id': IMAGE_POST, style: 'display:block;width:400px' });
    const errors = record(element, 'svc-error');
    document.body.append(element);
    await expect.poll(() => element.shadowRoot!.querySelector('.loading'), { timeout: 15_000 }).not.toBeNull();
    const loadingHeight = element.getBoundingClientRect().height;
    await expect.poll(() => element.shadowRoot!.querySelector('[role="alert"]'), { timeout: 15_000 }).not.toBeNull();
    expect(errors.map((event) => event.detail.error.code)).toEqual(['server']);
    expect(element.shadowRoot!.querySelector('[role="alert"] button'), 'no button: the page stays quiet').toBeNull();
    expect(element.shadowRoot!.querySelector<HTMLElement>('[role="alert"]')!.getBoundingClientRect().height).toBe(0);
    expect(element.getBoundingClientRect().height).toBe(loadingHeight);
    Object.assign(healTiming, { firstMs: 100, maxMs: 200 });
    try {
      window.dispatchEvent(new Event('online'));
      await expect.poll(() => hotspotNames(element).length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      Object.assign(healTiming, { firstMs: 5_000, maxMs: 20_000 });
    }
  });

  it('without a publishable key, shows the setup error instead of reading', async () => {
    const element = create({ market: 'us', 'api-base': apiBase, 'post-id': IMAGE_POST });
    const errors = record(element, 'svc-error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.append(element);
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[role="alert"]')?.textContent).toContain(en['error.config']);
    expect(errors[0]?.detail.error.code).toBe('config');
  });
});

describe('the post property', () => {
  it('beats post-id: no request is made', async () => {
    const fresh = await testKey(apiBase, 'shoppable_prop');
    const wire = await readWire(IMAGE_POST);
    const element = create({ 'publishable-key': fresh, market: 'us', 'api-base': apiBase, 'post-id': 'pst_doesnotexist' }, wire);
    document.body.append(element);
    await element.updateComplete;
    expect(hotspotNames(element).length).toBe((wire['tagged_products'] as unknown[]).length);
    expect(element.shadowRoot!.querySelector('[role="alert"]')).toBeNull();
    expect(await requestLog(apiBase, fresh)).toEqual([]);
  });

  it('renders wire snake_case, API v1 camelCase and normalized posts the same', async () => {
    const wire = await readWire(IMAGE_POST);
    const normalized = normalizePost(wire);
    expect(normalized.ok).toBe(true);
    const shapes = [wire, camelCase(wire), normalized.ok ? normalized.value : undefined];
    const names: (string | null)[][] = [];
    for (const post of shapes) {
      const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase }, post);
      document.body.append(element);
      await element.updateComplete;
      names.push(hotspotNames(element));
      expect(element.shadowRoot!.querySelector<HTMLImageElement>('img.picture')!.src).toBe((wire['media'] as Raw)['location']);
    }
    expect(names[0]!.length).toBeGreaterThan(0);
    expect(names[1]).toEqual(names[0]);
    expect(names[2]).toEqual(names[0]);
  });

  it('resolves relative media URLs against the API base, and needs no key to show a given post', async () => {
    const wire = await readWire(IMAGE_POST);
    const relative = { ...wire, media: { ...(wire['media'] as Raw), location: `/media/posts/${IMAGE_POST}.jpg` } };
    const withKey = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase }, relative);
    document.body.append(withKey);
    await withKey.updateComplete;
    expect(withKey.shadowRoot!.querySelector<HTMLImageElement>('img.picture')!.src).toBe(`${apiBase}/media/posts/${IMAGE_POST}.jpg`);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const keyless = create({ market: 'us' }, wire);
    document.body.append(keyless);
    await keyless.updateComplete;
    expect(hotspotNames(keyless).length).toBeGreaterThan(0);
  });

  it('a post that cannot be read shows nothing and warns once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wire = await readWire(IMAGE_POST);
    const broken = { ...wire, media: { location: 'javascript:alert(1)' } };
    const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase }, broken);
    document.body.append(element);
    await element.updateComplete;
    element.fit = 'cover';
    await element.updateComplete;
    expect(element.shadowRoot!.children.length).toBe(0);
    expect(element.getBoundingClientRect().height).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/media/);
  });
});

describe('media', () => {
  it("shows the blurhash's average colour in the render's own task and paints its blur in a later one", async () => {
    const wire = await readWire(IMAGE_POST);
    const hash = (wire['media'] as { hash: string }).hash;
    const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase, 'hide-products': '' }, wire);
    document.body.append(element);
    await element.updateComplete;
    const canvas = element.shadowRoot!.querySelector<HTMLCanvasElement>('canvas.placeholder')!;
    const pixels = () => Array.from(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data);
    // The colour is the blurhash's first component (digits 2 to 5, base 83), as sRGB.
    const dc = [...hash.slice(2, 6)].reduce((value, char) => value * 83 + BASE83.indexOf(char), 0);
    expect(canvas.style.backgroundColor).toBe(`rgb(${dc >> 16}, ${(dc >> 8) & 255}, ${dc & 255})`);
    expect(pixels().some((value) => value !== 0), 'nothing painted yet').toBe(false);
    const blur = Array.from(decode(hash, canvas.width, canvas.height));
    await expect.poll(pixels).toEqual(blur);
  });

  it('reserves the space from width/height and paints the blurhash until the picture loads, then fades it in', async () => {
    const wire = await readWire(IMAGE_POST);
    const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase, 'hide-products': '' }, wire);
    document.body.append(element);
    await element.updateComplete;
    const media = wire['media'] as { width: number; height: number };
    const stage = element.shadowRoot!.querySelector('[part~="media"]')!;
    const reserved = stage.getBoundingClientRect().height;
    expect(reserved).toBeCloseTo((400 * media.height) / media.width, 0);
    const canvas = element.shadowRoot!.querySelector('canvas.placeholder');
    expect(canvas).not.toBeNull();
    const img = element.shadowRoot!.querySelector<HTMLImageElement>('img.picture')!;
    await expect.poll(() => img.classList.contains('loaded'), { timeout: 5_000 }).toBe(true);
    expect(getComputedStyle(img).transitionProperty).toContain('opacity');
    await expect.poll(() => element.shadowRoot!.querySelector('canvas.placeholder'), { timeout: 3_000 }).toBeNull();
    expect(stage.getBoundingClientRect().height).toBe(reserved);
  });

  it('a video post shows hotspots on its poster; the play button swaps in a playable video without autoplay', async () => {
    const wire = await readWire(VIDEO_POST);
    const media = wire['media'] as Raw;
    const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase }, wire);
    document.body.append(element);
    await element.updateComplete;
    const poster = element.shadowRoot!.querySelector<HTMLImageElement>('img.picture')!;
    expect(poster.src).toBe(media['poster']);
    expect(element.shadowRoot!.querySelector('video')).toBeNull();
    const names = hotspotNames(element);
    expect(names.length).toBe((wire['tagged_products'] as unknown[]).length);

    // Hotspots work on the poster.
    const hotspot = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    await userEvent.click(hotspot);
    expect(hotspot.getAttribute('aria-expanded')).toBe('true');

    const play = element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="play-button"]')!;
    expect(play.getAttribute('aria-label')).toBe(en['gallery.playVideo']);
    await userEvent.click(play);
    const video = element.shadowRoot!.querySelector('video')!;
    expect(video.src).toBe(media['location']);
    expect(video.controls && video.muted && video.playsInline).toBe(true);
    expect(video.hasAttribute('autoplay')).toBe(false);
    expect(element.shadowRoot!.activeElement).toBe(video);
    // The products stay reachable in the list while the video plays.
    expect(element.shadowRoot!.querySelectorAll('[part~="product-list"] [part~="product"]').length).toBe(names.length);
  });

  it('stops observing resizes when disconnected, and picks up again when reconnected', async () => {
    const wire = await readWire(IMAGE_POST);
    const element = create({ 'publishable-key': key, market: 'us', 'api-base': apiBase, 'hide-products': '' }, wire);
    element.style.height = '300px';
    document.body.append(element);
    await expect.poll(() => element.shadowRoot!.querySelector('.picture.loaded'), { timeout: 5_000 }).not.toBeNull();
    const centre = () => {
      const rect = element.shadowRoot!.querySelector('button.hotspot')!.getBoundingClientRect();
      return Math.round(rect.left + rect.width / 2);
    };
    const attached = centre();
    element.remove();
    element.style.width = '800px';
    document.body.append(element);
    await expect.poll(() => centre()).not.toBe(attached);
  });
});

import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import type { SvcPostGallery } from '../../src/elements/post-gallery/svc-post-gallery.ts';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';

/** Paging of <svc-post-gallery> against the emulator: "Load more", scrolling, failures of a later page. */
const apiBase = inject('apiBase');
let total: number;

beforeAll(async () => {
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { counts: { posts: number } };
  total = info.counts.posts;
});

afterEach(() => {
  document.body.replaceChildren();
});

async function mount(attributes: Record<string, string>, key?: string): Promise<{ element: SvcPostGallery; key: string }> {
  const ownKey = key ?? (await testKey(apiBase, 'gallery_paging'));
  const element = document.createElement('svc-post-gallery');
  for (const [name, value] of Object.entries({ 'publishable-key': ownKey, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; width: 800px';
  document.body.append(element);
  return { element, key: ownKey };
}

const tiles = (element: SvcPostGallery) => [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.tile')];
const loadMore = (element: SvcPostGallery) => element.shadowRoot!.querySelector<HTMLButtonElement>('button.load-more');
const status = (element: SvcPostGallery) => element.shadowRoot!.querySelector('[role="status"]')!.textContent ?? '';

async function waitForTiles(element: SvcPostGallery, count: number): Promise<HTMLButtonElement[]> {
  await expect.poll(() => tiles(element).length, { timeout: 10_000 }).toBe(count);
  return tiles(element);
}

describe('paging', () => {
  it('"Load more" pages through every post to the end, then disappears', async () => {
    const { element } = await mount({ 'page-size': '50' });
    const loads: unknown[] = [];
    element.addEventListener('svc-load', (event) => loads.push((event as CustomEvent).detail));
    await waitForTiles(element, 50);
    expect(loads).toEqual([{ count: 50 }]);
    let clicks = 0;
    while (loadMore(element) !== null) {
      const before = tiles(element).length;
      loadMore(element)!.click();
      clicks++;
      await expect.poll(() => tiles(element).length, { timeout: 10_000 }).toBe(Math.min(total, before + 50));
      await element.updateComplete;
      expect(clicks).toBeLessThan(20);
    }
    const ids = tiles(element).map((tile) => tile.dataset['postId']);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(clicks).toBe(Math.ceil(total / 50) - 1);
    expect(status(element)).toMatch(new RegExp(`${total - 50 * clicks} more posts? loaded`));
    expect(loads).toHaveLength(1);
    // The emulator paints each picture it serves, in the test runner's own process: give it time.
  }, 60_000);

  it('a failed later page keeps the posts on screen, shows an inline retry, and the retry recovers', async () => {
    const { element, key } = await mount({ 'page-size': '6' });
    const errors: unknown[] = [];
    element.addEventListener('svc-error', (event) => errors.push((event as CustomEvent).detail.error));
    const first = (await waitForTiles(element, 6)).map((tile) => tile.dataset['postId']);
    await setFaults(apiBase, key, { down: true });
    loadMore(element)!.click();
    const alert = page.elementLocator(element).getByRole('alert');
    await expect.element(alert, { timeout: 15_000 }).toHaveTextContent(/Could not reach the store/);
    expect(tiles(element).map((tile) => tile.dataset['postId'])).toEqual(first);
    expect(errors).toHaveLength(1);
    expect(loadMore(element)).toBeNull();
    await setFaults(apiBase, key, {});
    await page.elementLocator(element).getByRole('button', { name: 'Try again' }).click();
    const all = await waitForTiles(element, 12);
    expect(all.slice(0, 6).map((tile) => tile.dataset['postId'])).toEqual(first);
    expect(element.shadowRoot!.querySelector('[role="alert"]')).toBeNull();
    await expect.poll(() => status(element)).toMatch(/6 more posts loaded/);
    expect(loadMore(element)).not.toBeNull();
  });

  it('load="scroll" loads the next page when the end comes into view, and stops when disconnected', async () => {
    // The gallery starts far below the fold.
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.prepend(spacer);
    window.scrollTo(0, 0);
    const { element, key } = await mount({ 'page-size': '8', load: 'scroll' });
    await waitForTiles(element, 8);
    expect(loadMore(element)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tiles(element)).toHaveLength(8);
    element.shadowRoot!.querySelector('.sentinel')!.scrollIntoView();
    await waitForTiles(element, 16);
    const requests = (await requestLog(apiBase, key)).filter((entry) => entry.path === '/v1/posts').length;
    element.remove();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await requestLog(apiBase, key)).filter((entry) => entry.path === '/v1/posts').length).toBe(requests);
    window.scrollTo(0, 0);
  });

  it('load="none" shows one page only', async () => {
    const { element } = await mount({ 'page-size': '5', load: 'none' });
    await waitForTiles(element, 5);
    expect(loadMore(element)).toBeNull();
    expect(element.shadowRoot!.querySelector('.sentinel')).toBeNull();
  });

  it('carousel: moving past the last slide by keyboard loads the next page', async () => {
    const { element } = await mount({ 'page-size': '4', layout: 'carousel' });
    const found = await waitForTiles(element, 4);
    found[3]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    const grown = await waitForTiles(element, 8);
    await expect.poll(() => element.shadowRoot!.activeElement).toBe(grown[4]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(element.shadowRoot!.activeElement).toBe(grown[3]);
    await expect.poll(() => status(element)).toMatch(/Post 4 of 8/);
  });
});

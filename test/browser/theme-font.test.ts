import { afterEach, beforeAll, expect, inject, it, vi } from 'vitest';
import { testKey } from '../support/emulator-control.ts';
import { mountShop, readSeed, type Seed } from './a11y-page.ts';
import { deepElements, describe as describeElement } from './a11y-support.ts';

/**
 * Every element of every widget writes in the shop's font. A control that keeps the
 * browser's own font (a `<button>`'s 13.33 px Arial) looks foreign as soon as it holds
 * text, and even empty it costs the first paint: the browser looks up one more font
 * family and size before it can lay the page out.
 */
const apiBase = inject('apiBase');
vi.setConfig({ testTimeout: 60_000 });
let seed: Seed;

beforeAll(async () => {
  seed = await readSeed(apiBase);
});

afterEach(() => {
  document.body.replaceChildren();
});

it("every element inside the widgets has the shop's font family", async () => {
  const shop = await mountShop({ apiBase, key: await testKey(apiBase, 'theme_font'), seed });
  shop.root.style.fontFamily = '"Shop Serif", Georgia, serif';
  const badge = document.createElement('svc-review-summary');
  badge.setAttribute('product-ref', seed.product);
  badge.setAttribute('variant', 'badge');
  shop.storefront.append(badge);
  await expect.poll(() => badge.shadowRoot?.querySelector('[part~="badge"] [part~="count"]')?.textContent?.trim()).toBeTruthy();
  const hosts = [shop.summary, badge, shop.shoppable, shop.gallery, shop.carousel, shop.reviews];
  const family = getComputedStyle(shop.root).fontFamily;
  const inside = hosts.flatMap((host) => deepElements(host).filter((element) => element.getRootNode() !== document));
  expect(inside.length).toBeGreaterThan(100);
  const foreign = inside.filter((element) => getComputedStyle(element).fontFamily !== family).map((element) => `${describeElement(element)}: ${getComputedStyle(element).fontFamily}`);
  expect(foreign).toEqual([]);
});

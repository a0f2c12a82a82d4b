import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import { testKey } from '../support/emulator-control.ts';
import { emulatorProducts, mostReviewed, mount, shadow, unreviewedProduct, type EmulatorProduct } from './review-support.ts';

/**
 * Screenshots (gitignored `screenshots/`) of the summary (full, badge, empty) and the
 * list (filtered by star, with a review shown in translation) in `us` and `de`, to look
 * at. Each also checks that nothing in the element scrolls sideways at its width.
 */
const apiBase = inject('apiBase');

let reviewed: EmulatorProduct;
let unreviewed: EmulatorProduct;
let others: EmulatorProduct[];
let key: string;

beforeAll(async () => {
  const products = await emulatorProducts(apiBase);
  reviewed = mostReviewed(products);
  unreviewed = unreviewedProduct(products);
  others = products.filter((p) => p.review_count > 0 && p !== reviewed).slice(0, 3);
  key = await testKey(apiBase, 'review_shots');
  await page.viewport(1280, 720);
});

afterEach(() => document.body.replaceChildren());

function frame(width: number, zoom = 2): HTMLElement {
  const box = document.createElement('div');
  // zoom: 2 renders like a 2x screen, so the screenshots show the details.
  box.style.cssText = `width:${width}px;padding:24px;background:#fff;color:#1f2328;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;box-sizing:border-box;zoom:${zoom}`;
  document.body.style.margin = '0';
  document.body.append(box);
  return box;
}

/** Nothing in the element sticks out of its frame sideways (so nothing scrolls in 2-D). */
function expectNoSidewaysScroll(host: Element): void {
  const frameBox = host.parentElement!.getBoundingClientRect();
  const root = shadow(host);
  for (const node of root.querySelectorAll('*')) {
    if (node.closest('.stars-filled')) continue; // clipped on purpose
    const box = node.getBoundingClientRect();
    if (box.width === 0) continue;
    expect(box.right, node.className || node.localName).toBeLessThanOrEqual(frameBox.right + 0.5);
    expect(box.left, node.className || node.localName).toBeGreaterThanOrEqual(frameBox.left - 0.5);
  }
  expect(host.scrollWidth).toBeLessThanOrEqual(host.clientWidth + 1);
}

async function settle(el: Element, selector: string): Promise<void> {
  await expect.poll(() => shadow(el).querySelector(selector), { timeout: 10_000 }).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe.each(['us', 'de'])('screenshots in %s', (market) => {
  const attrs = () => ({ 'api-base': apiBase, 'publishable-key': key, market });

  it('summary: full, badges and empty', async () => {
    const box = frame(600);
    const full = mount('svc-review-summary', { ...attrs(), 'product-ref': reviewed.handle }, box);
    await settle(full, '[part="generated-summary"]');
    await page.screenshot({ path: `../../screenshots/review-summary-${market}.png`, element: box });
    expectNoSidewaysScroll(full);
    box.remove();

    const cards = frame(600);
    cards.style.display = 'flex';
    cards.style.flexWrap = 'wrap';
    cards.style.gap = '12px 32px';
    const badges = [reviewed, ...others].map((product) => {
      const card = document.createElement('div');
      card.style.cssText = 'display:grid;gap:4px;font-size:14px';
      const title = document.createElement('strong');
      title.textContent = product.handle.replace(/-/g, ' ');
      card.append(title);
      cards.append(card);
      return mount('svc-review-summary', { ...attrs(), 'product-ref': product.handle, variant: 'badge' }, card);
    });
    const empty = mount('svc-review-summary', { ...attrs(), 'product-ref': unreviewed.handle }, cards);
    empty.style.flexBasis = '100%';
    for (const badge of badges) await settle(badge, '[role="img"]');
    await settle(empty, '[part="empty"]');
    await page.screenshot({ path: `../../screenshots/review-badges-${market}.png`, element: cards });
    cards.remove();

    const narrow = frame(320, 1);
    const small = mount('svc-review-summary', { ...attrs(), 'product-ref': reviewed.handle }, narrow);
    await settle(small, '[part="generated-summary"]');
    await page.screenshot({ path: `../../screenshots/review-summary-${market}-320.png`, element: narrow });
    expectNoSidewaysScroll(small);
  });

  it('list: filtered by star, and a review shown in translation', async () => {
    const box = frame(640, 1);
    const list = mount('svc-reviews', { ...attrs(), 'product-ref': reviewed.handle, 'page-size': '3' }, box);
    await settle(list, '[part~="bar"]');
    await userEvent.click(shadow(list).querySelector<HTMLButtonElement>('button[aria-label^="5 "]')!);
    await expect.poll(() => [...shadow(list).querySelectorAll<HTMLElement>('[part~="review"]')].every((item) => item.dataset['rating'] === '5') && shadow(list).querySelectorAll('[part~="review"]').length > 0, { timeout: 10_000 }).toBe(true);
    await settle(list, '[part="translation"]');
    await page.screenshot({ path: `../../screenshots/reviews-filtered-${market}.png`, element: box });
    expectNoSidewaysScroll(list);

    // A close-up (2x) of the first translated review, then its original text.
    box.style.zoom = '2';
    box.style.width = '560px';
    const translated = () => shadow(list).querySelector('[part="translation"]')!.closest('li')!;
    translated().scrollIntoView();
    await page.screenshot({ path: `../../screenshots/review-translated-${market}.png`, element: translated() });
    await userEvent.click(translated().querySelector<HTMLButtonElement>('[part="translation-toggle"]')!);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await page.screenshot({ path: `../../screenshots/review-original-${market}.png`, element: translated() });
    box.remove();

    const narrow = frame(320, 1);
    const small = mount('svc-reviews', { ...attrs(), 'product-ref': reviewed.handle, 'page-size': '2' }, narrow);
    await settle(small, '[part~="review"]');
    await page.screenshot({ path: `../../screenshots/reviews-${market}-320.png`, element: narrow });
    expectNoSidewaysScroll(small);
  });
});

it('screenshot: forced colors and right-to-left', async () => {
  const session = cdp();
  await session.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
  try {
    const box = frame(600);
    box.dir = 'rtl';
    const attrs = { 'api-base': apiBase, 'publishable-key': key, market: 'us' };
    const full = mount('svc-review-summary', { ...attrs, 'product-ref': reviewed.handle }, box);
    const badge = mount('svc-review-summary', { ...attrs, 'product-ref': others[2]!.handle, variant: 'badge' }, box);
    await settle(full, '.summary [part~="bar"]');
    await settle(badge, '[role="img"]');
    await userEvent.click(shadow(full).querySelector<HTMLButtonElement>('button[aria-label^="4 "]')!);
    await page.screenshot({ path: '../../screenshots/review-summary-forced-colors-rtl.png', element: box });
    const stars = shadow(badge).querySelector('[role="img"]')!.getBoundingClientRect();
    const fill = shadow(badge).querySelector('.stars-filled')!.getBoundingClientRect();
    expect(Math.abs(fill.right - stars.right)).toBeLessThan(0.5);
  } finally {
    await session.send('Emulation.setEmulatedMedia', { features: [] });
  }
});

import { afterEach, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/review-summary/svc-review-summary.ts';
import { testKey } from '../support/emulator-control.ts';
import { apiGet, emulatorProducts, mostReviewed, mount, shadow, text, type WireSummary } from './review-support.ts';

/**
 * The summary does not import the list: this file loads only the summary's
 * registration module, and `<svc-reviews>` is defined only once a bar is pressed
 * with a list for the same product on the page (its module is loaded on demand).
 */
const apiBase = inject('apiBase');

afterEach(() => document.body.replaceChildren());

it('loads <svc-reviews> on demand, and filters it', async () => {
  const products = await emulatorProducts(apiBase);
  const product = mostReviewed(products);
  const key = await testKey(apiBase, 'lazy');
  const attrs = { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': product.handle };
  const summary = mount('svc-review-summary', attrs);
  const list = mount('svc-reviews', { ...attrs, 'page-size': '50' });
  // The loaded summary (while loading, an invisible copy of its layout holds the place).
  await expect.poll(() => shadow(summary).querySelector('.summary [part~="bar"]'), { timeout: 10_000 }).toBeTruthy();
  expect(customElements.get('svc-reviews')).toBeUndefined();
  expect(list.shadowRoot).toBeNull();

  await userEvent.click(shadow(summary).querySelector<HTMLButtonElement>('.summary button[aria-label^="2 stars"]')!);
  await expect.poll(() => customElements.get('svc-reviews'), { timeout: 10_000 }).toBeDefined();
  const ratings = () => [...(list.shadowRoot?.querySelectorAll<HTMLElement>('[part~="review"]') ?? [])].map((item) => Number(item.dataset['rating']));
  await expect.poll(() => ratings().length > 0 && ratings().every((rating) => rating === 2), { timeout: 10_000 }).toBe(true);
  expect(list.shadowRoot!.querySelector('button[aria-label^="2 stars"]')!.getAttribute('aria-pressed')).toBe('true');
  // The list announces the match count even though the filter came before it rendered.
  const expected = await apiGet<WireSummary>(apiBase, `/products/${product.handle}/review-summary?market=us`);
  const count = expected.distribution['2']!;
  await expect.poll(() => text(list.shadowRoot!.querySelector('[role="status"]'))).toBe(`${count} ${count === 1 ? 'review matches' : 'reviews match'}`);
});

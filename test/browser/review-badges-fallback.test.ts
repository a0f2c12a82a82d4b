import { afterEach, expect, inject, it, vi } from 'vitest';
import '../../src/elements/review-summary/svc-review-summary.ts';
import { requestLog, setRatingsAvailable, testKey } from '../support/emulator-control.ts';
import { emulatorProducts, expectBadgeFigures, mount, shadow } from './review-support.ts';

/**
 * An API without the batched ratings read (its path answers 404): badges fall back to
 * one review-summary read per product, without a word on the console, and the page
 * remembers it for that API base (its own file: the memory lasts as long as the page).
 */
const apiBase = inject('apiBase');

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

it('reads one summary per product when /v1/products/ratings answers 404, silently, and remembers it', async () => {
  const products = await emulatorProducts(apiBase);
  const key = await testKey(apiBase, 'badges_fallback');
  await setRatingsAvailable(apiBase, key, false);
  const noise = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));
  const mountBadges = (refs: string[]) => refs.map((ref) => mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': ref, variant: 'badge' }));
  const shown = (els: Element[]) => els.every((el) => shadow(el).querySelector('[role="img"], .none'));

  const first = products.slice(0, 12).map((product) => product.handle);
  const els = mountBadges(first);
  await expect.poll(() => shown(els), { timeout: 15_000 }).toBe(true);
  const log = await requestLog(apiBase, key);
  expect(log.filter((entry) => entry.path === '/v1/products/ratings').map((entry) => entry.status)).toEqual([404]);
  const summaries = log.filter((entry) => entry.path !== '/v1/products/ratings');
  expect(summaries.map((entry) => entry.path).sort()).toEqual(first.map((ref) => `/v1/products/${ref}/review-summary`).sort());
  expect(summaries.every((entry) => entry.status === 200)).toBe(true);
  // Each badge shows its own product's figures, read from its summary.
  await expectBadgeFigures(apiBase, els, first);

  // Remembered for the page: later badges go straight to the summaries.
  const later = products.slice(12, 18).map((product) => product.handle);
  const more = mountBadges(later);
  await expect.poll(() => shown(more), { timeout: 15_000 }).toBe(true);
  const after = await requestLog(apiBase, key);
  expect(after.filter((entry) => entry.path === '/v1/products/ratings')).toHaveLength(1);
  expect(after).toHaveLength(1 + first.length + later.length);
  for (const spy of noise) expect(spy).not.toHaveBeenCalled();
});

import axe from 'axe-core';
import { afterEach, beforeAll, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import { testKey } from '../support/emulator-control.ts';
import { type EmulatorProduct, emulatorProducts, mostReviewed, mount, shadow, unreviewedProduct } from './review-support.ts';

/** axe-core's WCAG 2.2 AA rules over the review elements in their main states (axe reads open shadow roots). */
const apiBase = inject('apiBase');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let reviewed: EmulatorProduct;
let unreviewed: EmulatorProduct;
let key: string;

beforeAll(async () => {
  const products = await emulatorProducts(apiBase);
  reviewed = mostReviewed(products);
  unreviewed = unreviewedProduct(products);
  key = await testKey(apiBase, 'review_a11y');
});

afterEach(() => document.body.replaceChildren());

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { runOnly: { type: 'tag', values: TAGS } });
  return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`));
}

it.each(['us', 'de'])('has no WCAG AA violations in %s (summary, badge, empty, filtered list with a translation shown)', async (market) => {
  document.documentElement.lang = 'en';
  const attrs = { 'api-base': apiBase, 'publishable-key': key, market };
  const summary = mount('svc-review-summary', { ...attrs, 'product-ref': reviewed.handle });
  const badge = mount('svc-review-summary', { ...attrs, 'product-ref': reviewed.handle, variant: 'badge' });
  const empty = mount('svc-review-summary', { ...attrs, 'product-ref': unreviewed.handle });
  const list = mount('svc-reviews', { ...attrs, 'product-ref': reviewed.handle, 'page-size': '10' });
  await expect.poll(() => shadow(summary).querySelector('.summary [part~="bar"]') && shadow(badge).querySelector('[role="img"]') && shadow(empty).querySelector('[part="empty"]'), { timeout: 10_000 }).toBeTruthy();
  await expect.poll(() => shadow(list).querySelector('[part~="review"]') && shadow(list).querySelector('[part~="bar"]'), { timeout: 10_000 }).toBeTruthy();
  await userEvent.click(shadow(list).querySelector<HTMLButtonElement>('button[part~="bar"]')!);
  await expect.poll(() => shadow(list).querySelector('[part="translation-toggle"]'), { timeout: 10_000 }).toBeTruthy();
  await userEvent.click(shadow(list).querySelector<HTMLButtonElement>('[part="translation-toggle"]')!);
  expect(await violations()).toEqual([]);
}, 30_000);

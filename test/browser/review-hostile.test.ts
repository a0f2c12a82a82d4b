import { afterEach, beforeAll, expect, inject, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import { testKey } from '../support/emulator-control.ts';
import { type EmulatorProduct, emulatorProducts, mostReviewed, mount, shadow } from './review-support.ts';

/**
 * The emulator's `hostile` fault puts attack strings (markup, script and comment
 * breakouts, `javascript:` URLs in disguise, U+2028, bidi overrides, 100 kB texts, an own
 * `__proto__`, a JSON-LD key that closes the script) into every text and URL field. The
 * review elements and the rich snippet must show them as text, and nothing may run:
 * payloads that run call `window.__pwned`, `alert`, or load the emulator's planted URL.
 */
const apiBase = inject('apiBase');

let product: EmulatorProduct;
let key: string;
const pwned = vi.fn();

beforeAll(async () => {
  const products = await emulatorProducts(apiBase);
  product = mostReviewed(products);
  key = await testKey(apiBase, 'hostile_reviews', { faults: { hostile: true } });
  (window as unknown as { __pwned: unknown }).__pwned = pwned;
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

async function plantedHits(since: number): Promise<unknown[]> {
  const hits = (await (await fetch(`${apiBase}/__emulator/pwned-log`)).json()) as { at: number }[];
  return hits.filter((hit) => hit.at >= since);
}

it('shows hostile reviews, summaries and snippets as text, and runs nothing', async () => {
  const since = Date.now();
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const attrs = { 'api-base': apiBase, 'publishable-key': key, market: 'de', 'product-ref': product.handle };
  const summary = mount('svc-review-summary', attrs);
  const badge = mount('svc-review-summary', { ...attrs, variant: 'badge' });
  const list = mount('svc-reviews', { ...attrs, 'page-size': '50' });
  list.style.width = '320px';
  mount('svc-rich-snippet', attrs);

  await expect.poll(() => shadow(summary).querySelector('[part="generated-summary"]'), { timeout: 10_000 }).toBeTruthy();
  await expect.poll(() => shadow(badge).querySelector('[role="img"]'), { timeout: 10_000 }).toBeTruthy();
  await expect.poll(() => shadow(list).querySelectorAll('[part~="review"]').length, { timeout: 10_000 }).toBe(product.review_count > 50 ? 50 : product.review_count);
  const more = shadow(list).querySelector<HTMLButtonElement>('[part~="load-more"]');
  if (more) {
    await userEvent.click(more);
    await expect.poll(() => shadow(list).querySelectorAll('[part~="review"]').length, { timeout: 10_000 }).toBe(product.review_count);
  }
  for (const toggle of shadow(list).querySelectorAll<HTMLButtonElement>('[part="translation-toggle"]')) toggle.click();
  await list.updateComplete;

  // Attack strings arrived, and stayed text: no element was made from them.
  const root = shadow(list);
  expect(root.textContent).toContain('<script>');
  expect(root.querySelectorAll('script, iframe, object, embed, svg:not(.verified-icon):not([viewBox="0 0 24 24"]):not([viewBox="0 0 120 24"]), style:not([data-lit])').length).toBe(0);
  for (const image of root.querySelectorAll('img')) {
    expect(image.getAttribute('part')).toBe('media-thumbnail');
    expect(image.src).toMatch(/^https?:\/\//);
  }
  for (const link of root.querySelectorAll('a')) expect(link.href).toMatch(/^https?:\/\//);
  expect(shadow(summary).querySelectorAll('img, script, iframe').length).toBe(0);
  // 100 kB texts, 10 000-character words and bidi overrides stay inside the 320 px list.
  const edge = list.getBoundingClientRect().right;
  for (const node of root.querySelectorAll('*')) {
    if (node.closest('.stars-filled')) continue;
    expect(node.getBoundingClientRect().right, node.className || node.localName).toBeLessThanOrEqual(edge + 0.5);
  }

  // The rich snippet: one script in the head whose JSON is the data (without __proto__ or unsafe URLs).
  const snippet = () => document.head.querySelector<HTMLScriptElement>('script[data-svc-rich-snippet]');
  await expect.poll(snippet, { timeout: 10_000 }).toBeTruthy();
  const json = snippet()!.text;
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  const data = JSON.parse(json) as Record<string, unknown>;
  expect(Object.keys(data).some((name) => name.startsWith('</script>'))).toBe(true);
  expect(Object.hasOwn(data, '__proto__')).toBe(false);
  for (const match of json.matchAll(/"(?:url|image|@id|sameAs|logo)":(\[[^\]]*\]|"(?:[^"\\]|\\.)*")/g)) {
    const values = JSON.parse(match[1]!) as string | string[];
    for (const value of [values].flat()) expect(new URL(value).protocol).toMatch(/^https?:$/);
  }
  const reparsed = new DOMParser().parseFromString(`<!doctype html>${document.documentElement.getHTML()}`, 'text/html');
  expect(reparsed.querySelectorAll('script[data-svc-rich-snippet]')).toHaveLength(1);
  expect(JSON.parse(reparsed.querySelector<HTMLScriptElement>('script[data-svc-rich-snippet]')!.text)).toEqual(data);

  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(pwned).not.toHaveBeenCalled();
  expect(alert).not.toHaveBeenCalled();
  expect(await plantedHits(since)).toEqual([]);
}, 45_000);

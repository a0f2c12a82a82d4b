/**
 * Helpers for the review and rich-snippet browser tests: the emulator's seed facts
 * (read from its info document, not hard-coded), the API's own answers to compare the
 * elements with, and small DOM helpers for shadow roots.
 */
import { expect } from 'vitest';

export interface EmulatorProduct {
  id: string;
  handle: string;
  review_count: number;
}

export interface WireSummary {
  average: number;
  count: number;
  distribution: Record<string, number>;
  summary: { text: string; language: string } | null;
}

export async function emulatorProducts(apiBase: string): Promise<EmulatorProduct[]> {
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: EmulatorProduct[] };
  return info.products;
}

/** The product with the most reviews. */
export const mostReviewed = <T extends { review_count: number }>(products: T[]): T => products.reduce((best, p) => (p.review_count > best.review_count ? p : best));

/** A product without reviews (the seed has some). */
export const unreviewedProduct = <T extends { review_count: number }>(products: T[]): T => products.find((p) => p.review_count === 0)!;

/** Reads the API directly (with the demo key), for expected values. */
export async function apiGet<T>(apiBase: string, path: string, key = 'svc_pk_demo'): Promise<T> {
  const response = await fetch(`${apiBase}/v1${path}`, { headers: { Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Checks that each badge shows its own product's average and count, as the product's review summary gives them. */
export async function expectBadgeFigures(apiBase: string, badges: Element[], refs: string[]): Promise<void> {
  for (const [index, ref] of refs.entries()) {
    const expected = await apiGet<WireSummary>(apiBase, `/products/${ref}/review-summary?market=us`);
    const root = shadow(badges[index]!);
    if (expected.count === 0) expect(text(root.querySelector('.none')), ref).toBe('No reviews yet');
    else {
      expect(root.querySelector('[role="img"]')!.getAttribute('aria-label'), ref).toBe(`${expected.average.toFixed(1)} out of 5 stars`);
      expect(text(root.querySelector('[part="count"] [aria-hidden="true"]')), ref).toBe(`(${expected.count})`);
    }
  }
}

/** Creates an element with attributes in `parent` (the body by default). */
export function mount<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | true>, parent: Element = document.body): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value === true ? '' : value);
  parent.append(element);
  return element;
}

export function shadow(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`${element.localName} has no shadow root`);
  return element.shadowRoot;
}

/**
 * Calls `check` on `element`'s shadow root now and after each change inside it, until
 * `check` returns true or the returned function is called: a state that comes and goes
 * between two samples of a poll is still seen.
 */
export function watchShadow(element: Element, check: (root: ShadowRoot) => boolean | void): () => void {
  const root = shadow(element);
  const watcher = new MutationObserver(() => void (check(root) && watcher.disconnect()));
  if (!check(root)) watcher.observe(root, { childList: true, subtree: true });
  return () => watcher.disconnect();
}

/** The text of a node without Lit's comment markers, whitespace collapsed. */
export function text(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function isHidden(element: Element): boolean {
  return getComputedStyle(element).display === 'none';
}

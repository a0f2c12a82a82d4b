import type { JsonLd } from '../../api/types.js';
import { isProductJsonLd, typesOf } from './json-ld.js';

/**
 * What `<svc-rich-snippet>` emits for a product, given the JSON-LD the page already has.
 *
 * - `emit`: the page describes no Product that is this one; the whole snippet goes in.
 * - `merge`: the page has this Product (same `@id`, `sku`, `gtin*` or `url`) with an
 *   `@id` and without `aggregateRating`; only `{@context, @type, @id, name,
 *   aggregateRating, review}` goes in, with the page's `@id` (and its `name`), so that
 *   search engines merge the two nodes.
 * - `step-aside`: the page has this Product with its own `aggregateRating` (two ratings
 *   for one product would compete), or without an `@id` to merge through, or the
 *   snippet has no rating to add: nothing goes in.
 * - `refuse`: the snippet is not a Product (an Organization or LocalBusiness rating is
 *   self-serving in Google's rules): nothing goes in, and the element warns.
 */
export type SnippetPlan =
  | { kind: 'emit'; value: JsonLd }
  | { kind: 'merge'; value: JsonLd; id: string }
  | { kind: 'step-aside'; reason: 'has-rating' | 'no-id' | 'nothing-to-add' }
  | { kind: 'refuse'; reason: 'not-product' };

const GTIN_PROPERTIES = ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Every object in a parsed JSON-LD document, at any depth (top level, `@graph`, nested). */
function allNodes(document: unknown, into: Record<string, unknown>[] = [], depth = 0): Record<string, unknown>[] {
  if (depth > 32) return into;
  if (Array.isArray(document)) {
    for (const item of document) allNodes(item, into, depth + 1);
  } else if (isRecord(document)) {
    into.push(document);
    for (const value of Object.values(document)) if (typeof value === 'object' && value !== null) allNodes(value, into, depth + 1);
  }
  return into;
}

/** Whether two Product nodes name the same product: same `@id`, `sku`, any `gtin*`, or `url`. */
function sameProduct(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const equal = (key: string) => {
    const left = str(a[key]);
    return left !== undefined && left === str(b[key]);
  };
  return equal('@id') || equal('sku') || GTIN_PROPERTIES.some(equal) || equal('url');
}

/** Decides what to emit for `snippet` (already sanitized) next to the page's own JSON-LD documents. */
export function planRichSnippet(snippet: JsonLd, pageDocuments: readonly unknown[]): SnippetPlan {
  if (!isProductJsonLd(snippet)) return { kind: 'refuse', reason: 'not-product' };
  const existing = allNodes(pageDocuments).find((node) => typesOf(node).some((type) => /(^|\/)Product$/.test(type)) && sameProduct(node, snippet));
  if (existing === undefined) return { kind: 'emit', value: snippet };
  if (existing['aggregateRating'] !== undefined) return { kind: 'step-aside', reason: 'has-rating' };
  const id = str(existing['@id']);
  if (id === undefined) return { kind: 'step-aside', reason: 'no-id' };
  if (snippet['aggregateRating'] === undefined) return { kind: 'step-aside', reason: 'nothing-to-add' };
  // The name makes the small node valid on its own, too; the page's own name keeps the two in agreement.
  const name = str(existing['name']) ?? snippet['name'];
  const value: JsonLd = { '@context': snippet['@context'] ?? 'https://schema.org', '@type': 'Product', '@id': id, ...(name !== undefined ? { name } : {}), aggregateRating: snippet['aggregateRating'] };
  if (snippet['review'] !== undefined) value['review'] = snippet['review'];
  return { kind: 'merge', value, id };
}

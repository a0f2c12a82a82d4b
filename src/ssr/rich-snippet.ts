import { StorefrontClient } from '../api/client.js';
import { StorefrontError } from '../api/errors.js';
import type { JsonLd } from '../api/types.js';
import { isProductJsonLd, sanitizeJsonLd, serializeJsonLd } from '../elements/rich-snippet/json-ld.js';

/**
 * Server-side rendering of the rich snippet, for pages that want their structured data
 * in the HTML itself. No DOM is used: this runs in Node 20 (which has `fetch`), in edge
 * runtimes and in the browser alike.
 */

export { serializeJsonLd } from '../elements/rich-snippet/json-ld.js';

/**
 * The markup `<script type="application/ld+json">…</script>` for a JSON-LD value, with
 * the same sanitizing (non-http(s) `url`, `image`, `@id`, `sameAs`, `logo` dropped) and
 * escaping (`<`, `>`, `&`, U+2028, U+2029 as `\u…`) as `<svc-rich-snippet>`: no string
 * in the data can end the script element or open a comment.
 */
export function richSnippetScript(jsonLd: JsonLd): string {
  return `<script type="application/ld+json">${serializeJsonLd(sanitizeJsonLd(jsonLd))}</script>`;
}

export interface RichSnippetRequest {
  /** A publishable key (`svc_pk_…`); a secret key is refused before any request. */
  publishableKey: string;
  /** Origin of the Storefront API, without `/v1`. */
  apiBase?: string;
  /** Market id or shortId (`us`, `de`, `se`). */
  market: string;
  /** The product's id or handle. */
  productRef: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/**
 * Reads a product's rich snippet from the Storefront API and returns its markup (see
 * `richSnippetScript`). Returns `''` when there is nothing to add: the plan lacks
 * Reviews (403), the product is unknown (404), or the snippet is not a schema.org
 * Product (ratings are only emitted for products). Other failures (network, 5xx after
 * retries, 429 after waiting) are thrown as `StorefrontError`s, for the page to decide.
 */
export async function fetchRichSnippetScript(request: RichSnippetRequest): Promise<string> {
  const client = new StorefrontClient({ publishableKey: request.publishableKey, ...(request.apiBase ? { apiBase: request.apiBase } : {}) });
  let snippet: JsonLd;
  try {
    snippet = await client.getRichSnippet(request.market, request.productRef, request.signal);
  } catch (error) {
    if (error instanceof StorefrontError && (error.code === 'plan_lacks_reviews' || error.code === 'not_found')) return '';
    throw error;
  }
  if (!isProductJsonLd(snippet)) return '';
  return richSnippetScript(snippet);
}

import { StorefrontClient } from '../api/client.js';
import { StorefrontError } from '../api/errors.js';
import type { JsonLd } from '../api/types.js';
import { isProductJsonLd, sanitizeJsonLd, serializeJsonLd } from '../elements/rich-snippet/json-ld.js';

/**
 * Server-side rendering of the rich snippet, for pages that want their structured data
 * in the HTML itself. No DOM is used: this runs in Node 20 (which has `fetch`), in edge
 * runtimes and in the browser alike.
 */

/**
 * `serializeJsonLd(value)`: JSON text that is safe as the content of a
 * `<script type="application/ld+json">` element, whatever strings the value holds
 * (`<`, `>`, `&`, U+2028, U+2029 written as `\u…` escapes; `JSON.parse` gives the value
 * back). No sanitizing: see `richSnippetJson` for the rich snippet's.
 */
export { serializeJsonLd } from '../elements/rich-snippet/json-ld.js';

/**
 * The JSON text for a rich snippet's `<script type="application/ld+json">`, sanitized
 * (non-http(s) `url`, `image`, `@id`, `sameAs`, `logo` dropped) and escaped as
 * `<svc-rich-snippet>` does it: the form React wants, since it cannot render raw markup
 * without a wrapper element.
 *
 * ```tsx
 * <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: richSnippetJson(jsonLd) }} />
 * ```
 */
export function richSnippetJson(jsonLd: JsonLd): string {
  return serializeJsonLd(sanitizeJsonLd(jsonLd));
}

/**
 * The markup `<script type="application/ld+json">…</script>` for a JSON-LD value, its
 * content `richSnippetJson(jsonLd)`: no string in the data can end the script element
 * or open a comment.
 */
export function richSnippetScript(jsonLd: JsonLd): string {
  return `<script type="application/ld+json">${richSnippetJson(jsonLd)}</script>`;
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
 * Reads a product's rich snippet from the Storefront API and returns its JSON text (see
 * `richSnippetJson`), for `<script type="application/ld+json" dangerouslySetInnerHTML>`.
 * Returns `''` when there is nothing to add: the plan lacks Reviews (403), the product
 * is unknown (404), or the snippet is not a schema.org Product (ratings are only
 * emitted for products). Other failures (network, 5xx after retries, 429 after
 * waiting, a bad key or `apiBase`) are thrown as `StorefrontError`s, for the page to
 * decide.
 */
export async function fetchRichSnippetJson(request: RichSnippetRequest): Promise<string> {
  const client = new StorefrontClient({ publishableKey: request.publishableKey, ...(request.apiBase ? { apiBase: request.apiBase } : {}) });
  let snippet: JsonLd;
  try {
    snippet = await client.getRichSnippet(request.market, request.productRef, request.signal);
  } catch (error) {
    if (error instanceof StorefrontError && (error.code === 'plan_lacks_reviews' || error.code === 'not_found')) return '';
    throw error;
  }
  return isProductJsonLd(snippet) ? richSnippetJson(snippet) : '';
}

/**
 * Reads a product's rich snippet and returns its markup (see `richSnippetScript`), or
 * `''` when there is nothing to add (as `fetchRichSnippetJson`).
 */
export async function fetchRichSnippetScript(request: RichSnippetRequest): Promise<string> {
  const json = await fetchRichSnippetJson(request);
  return json === '' ? '' : `<script type="application/ld+json">${json}</script>`;
}

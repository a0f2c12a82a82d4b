import { css, isServer, nothing } from 'lit';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { StorefrontError } from '../../api/errors.js';
import type { JsonLd } from '../../api/types.js';
import { queryController } from '../../controllers/query-controller.js';
import { richSnippetQuery, type RichSnippetOptions } from '../../queries/options.js';
import { queryClientFor } from '../../queries/query-client.js';
import { isSilentFailure, warnSilentFailure } from '../shared/reviews/notices.js';
import { StorefrontElement } from '../shared/base.js';
import { applyRichSnippet, removeSnippetScript } from './head-script.js';

/** Which connected element writes each product's script, so that two elements for one product share it. */
const owners = new Map<string, Set<SvcRichSnippet>>();

const noted = new Set<string>();
function noteOnce(id: string, message: string, level: 'warn' | 'info'): void {
  if (noted.has(id)) return;
  noted.add(id);
  console[level](message);
}

/**
 * Adds a product's rating and reviews to the page as structured data for search engines:
 * exactly one `<script type="application/ld+json" data-svc-rich-snippet="{product-ref}">`
 * in `document.head` (not in a shadow root), replaced when the product or market
 * changes, removed when the element is removed or the API answers 403 (plan without
 * Reviews) or 404 (unknown product). The element itself shows nothing.
 *
 * **Safe text.** The JSON is written with `<`, `>`, `&`, U+2028 and U+2029 escaped, so no
 * string in it can end the script element, and every `url`, `image`, `@id`, `sameAs`
 * and `logo` that is not an http(s) URL is dropped first.
 *
 * **Trusted Types.** Where the browser has Trusted Types, the text goes through one
 * policy named `storefront-widgets#json-ld` (created once per page and shared by every
 * copy of the library), which only passes JSON that the library serialized itself. A
 * page whose CSP has `require-trusted-types-for 'script'` and a `trusted-types`
 * directive must allow it: `trusted-types storefront-widgets#json-ld lit-html` (Lit,
 * which renders every element, needs `lit-html`).
 *
 * **No duplicate structured data.** When the page already has a schema.org Product for
 * the same product (same `@id`, `sku`, `gtin*` or `url`), the element does not add a
 * second Product: if that Product has an `@id` and no `aggregateRating`, it adds only
 * `{ "@context", "@type": "Product", "@id": (the page's id), "name", "aggregateRating",
 * "review" }`, which search engines merge into the page's node; if it already has an
 * `aggregateRating`, or has no `@id` to merge through, the element steps aside and adds
 * nothing (with one console note). Ratings are only ever emitted for a Product: a
 * snippet of another `@type` (such as an Organization's or LocalBusiness's rating,
 * which Google treats as self-serving) is never emitted, and the element warns.
 *
 * @summary Product rating and reviews as JSON-LD in the page's head.
 *
 * @fires svc-error - The snippet could not be read; `detail`: `{ error }` (a `StorefrontError`).
 */
export class SvcRichSnippet extends StorefrontElement {
  static override styles = css`
    :host {
      display: none !important;
    }
  `;
  static override properties = {
    productRef: { attribute: 'product-ref', reflect: true },
  };

  /** The product (its id or handle) whose rich snippet to add. */
  productRef?: string;

  /** The product reference this element's script is written for, if any. */
  private writtenFor: string | undefined;
  private reportedError: unknown;

  private readonly snippet = queryController<QueryObserverResult<JsonLd, StorefrontError>, RichSnippetOptions>(this, () => {
    const storefront = this.storefront;
    return storefront.ok && this.productRef ? { queryClient: queryClientFor(storefront.client), options: richSnippetQuery(storefront.client, storefront.market, this.productRef) } : undefined;
  });

  protected override render() {
    return nothing;
  }

  protected override updated(): void {
    // An update that runs after removal must not put the script back.
    if (!this.isConnected) return;
    const result = this.snippet.result;
    const ref = this.productRef;
    if (ref !== this.writtenFor) this.release();
    const error = result?.error;
    if (error && error !== this.reportedError) this.reportError(error);
    if (!ref || result === undefined) return;
    if (isSilentFailure(error)) return this.release(true);
    // Data from an earlier read stays in place when a later one fails for another reason.
    if (result.data === undefined) return;
    this.write(ref, result.data);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the DOM: the script was removed on disconnect; write it again.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A server render writes its script in place (see ssr/snippet-in-place.ts), not in a document.
    if (!isServer) this.release(true);
  }

  private write(ref: string, data: JsonLd): void {
    const plan = applyRichSnippet(document, ref, data);
    if (plan.kind === 'refuse') {
      noteOnce(`type|${ref}`, `storefront-widgets: the rich snippet of "${ref}" is not a schema.org Product, so <svc-rich-snippet> adds nothing. Ratings are only shown for products (a rating of the store itself is not eligible for review snippets).`, 'warn');
      return this.release(true);
    }
    if (plan.kind === 'step-aside') {
      noteOnce(`aside|${ref}`, `storefront-widgets: this page already describes product "${ref}" as JSON-LD${plan.reason === 'has-rating' ? ' with an aggregateRating' : plan.reason === 'no-id' ? ' without an @id to merge the rating into' : ''}, so <svc-rich-snippet> adds nothing.`, 'info');
      return this.release(true);
    }
    this.writtenFor = ref;
    let set = owners.get(ref);
    if (set === undefined) owners.set(ref, (set = new Set()));
    set.add(this);
  }

  /** Stops writing for the current product and removes its script unless another element writes it; `removeOrphan` also removes a script for `product-ref` that no element owns. */
  private release(removeOrphan = false): void {
    const ref = this.writtenFor;
    if (ref === undefined) {
      if (removeOrphan && this.productRef && !(owners.get(this.productRef)?.size ?? 0)) removeSnippetScript(document, this.productRef);
      return;
    }
    this.writtenFor = undefined;
    const set = owners.get(ref);
    set?.delete(this);
    if (!set || set.size === 0) {
      owners.delete(ref);
      removeSnippetScript(document, ref);
    } else {
      for (const other of set) other.requestUpdate();
    }
  }

  private reportError(error: StorefrontError): void {
    this.reportedError = error;
    const storefront = this.storefront;
    if (isSilentFailure(error)) {
      if (storefront.ok && this.productRef) warnSilentFailure(error, storefront.client.publishableKey, { productRef: this.productRef });
    } else {
      this.report(error);
    }
    this.emit('svc-error', { error });
  }
}

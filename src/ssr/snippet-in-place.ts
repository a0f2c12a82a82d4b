import type { JsonLd } from '../api/types.js';
import { planRichSnippet } from '../elements/rich-snippet/dedupe.js';
import { sanitizeJsonLd, serializeJsonLd } from '../elements/rich-snippet/json-ld.js';
import { escapeAttribute } from './fragment.js';
import type { PlannedElement } from './server-reads.js';

/**
 * A server-rendered `<svc-rich-snippet>`'s JSON-LD, written in place (inside the element)
 * for crawlers that run no script: the same script the element keeps in the browser,
 * which finds it there and keeps it, decided the same way against the fragment's own
 * JSON-LD (see dedupe.ts). Empty when the element would add nothing.
 */
export function inPlaceSnippet(entry: PlannedElement, pageJsonLd: readonly unknown[]): string {
  const productRef = entry.element.attributes.get('product-ref');
  const read = entry.reads[0];
  if (!productRef || read === undefined) return '';
  const plan = planRichSnippet(sanitizeJsonLd(read.data as JsonLd), pageJsonLd);
  if (plan.kind !== 'emit' && plan.kind !== 'merge') return '';
  return `<script type="application/ld+json" data-svc-rich-snippet="${escapeAttribute(productRef)}">${serializeJsonLd(plan.value)}</script>`;
}

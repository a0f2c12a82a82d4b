import { cacheLife } from 'next/cache';
import { renderWidgets } from 'storefront-widgets/ssr';

/** The product's review badge rendered on the server (its shadow root and its data), read and cached like the JSON-LD. */
export async function reviewBadgeHtml(): Promise<string> {
  'use cache';
  cacheLife('minutes');
  return renderWidgets('<svc-review-summary product-ref="aster-linen-shirt" variant="badge"></svc-review-summary>', {
    publishableKey: 'svc_pk_demo',
    market: 'us',
    apiBase: process.env.STOREFRONT_API_BASE,
  });
}

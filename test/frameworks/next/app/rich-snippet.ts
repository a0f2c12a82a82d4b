import { cacheLife } from 'next/cache';
import { fetchRichSnippetJson } from 'storefront-widgets/ssr';

/** The product's JSON-LD text, read on the server and cached (Next 16's 'use cache'). */
export async function productJsonLd(productRef: string): Promise<string> {
  'use cache';
  cacheLife('hours');
  return fetchRichSnippetJson({ publishableKey: 'svc_pk_demo', market: 'us', apiBase: process.env.STOREFRONT_API_BASE, productRef });
}

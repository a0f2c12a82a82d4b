import { headers } from 'next/headers';
import { renderWidgets } from 'storefront-widgets/ssr';

/**
 * The product's review badge and rich snippet rendered on the server (the badge's shadow
 * root and data, the snippet's JSON-LD), with the response's nonce (proxy.ts) on the
 * styles. Rendered for each request, since the nonce is new each time: `renderWidgets`
 * keeps the reads and the markup between requests.
 */
export async function ProductWidgets() {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const html = await renderWidgets(
    `<svc-review-summary product-ref="aster-linen-shirt" variant="badge"></svc-review-summary>
     <svc-rich-snippet product-ref="aster-linen-shirt"></svc-rich-snippet>`,
    { publishableKey: 'svc_pk_demo', market: 'us', apiBase: process.env.STOREFRONT_API_BASE, nonce },
  );
  // Server-rendered markup, which the element hydrates in the browser: React leaves it alone.
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}

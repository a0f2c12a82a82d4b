// A product page rendered on Deno, its widgets' reads through the read proxy of the same
// server: `deno run --allow-net --allow-env server.js`
import { createStorefrontProxy } from 'npm:storefront-widgets/edge';
import { renderWidgets } from 'npm:storefront-widgets/ssr';

const settings = { publishableKey: Deno.env.get('STOREFRONT_PUBLISHABLE_KEY'), apiBase: Deno.env.get('STOREFRONT_API_BASE'), market: 'us' };
const proxy = createStorefrontProxy({ ...settings, basePath: '/storefront-api' });

Deno.serve({ hostname: '127.0.0.1', port: Number(Deno.env.get('PORT') ?? 8000) }, async (request) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/storefront-api/')) return proxy(request);
  // Only a handle goes into the markup: nothing else of the URL.
  const handle = /^\/products\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
  if (!handle) return new Response('Not found', { status: 404 });
  const nonce = crypto.randomUUID().replaceAll('-', '');
  const widgets = await renderWidgets(
    `<svc-review-summary product-ref="${handle}"></svc-review-summary><svc-reviews product-ref="${handle}" page-size="5"></svc-reviews>`,
    // The render reads through the proxy in-process; the elements' api-base has browsers read there too.
    { ...settings, apiBase: `${url.origin}/storefront-api`, nonce, proxy },
  );
  return new Response(`<!doctype html><html><body>${widgets}</body></html>`, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `style-src 'self' 'nonce-${nonce}'` },
  });
});

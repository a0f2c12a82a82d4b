// The read proxy on Deno's own server: `deno run --allow-net --allow-env proxy.js`
import { createStorefrontProxy } from 'npm:storefront-widgets/edge';

const proxy = createStorefrontProxy({
  publishableKey: Deno.env.get('STOREFRONT_PUBLISHABLE_KEY'),
  apiBase: Deno.env.get('STOREFRONT_API_BASE'),
  // The widgets' api-base ends with it: api-base="https://shop.example/storefront-api".
  basePath: '/storefront-api',
});

Deno.serve({ hostname: '127.0.0.1', port: Number(Deno.env.get('PORT') ?? 8788) }, (request) => proxy(request));

// The read proxy on Bun's own server: `bun proxy.js`
import { createStorefrontProxy } from 'storefront-widgets/edge';

const proxy = createStorefrontProxy({
  publishableKey: Bun.env.STOREFRONT_PUBLISHABLE_KEY,
  apiBase: Bun.env.STOREFRONT_API_BASE,
  // The widgets' api-base ends with it: api-base="https://shop.example/storefront-api".
  basePath: '/storefront-api',
});

Bun.serve({ hostname: '127.0.0.1', port: Number(Bun.env.PORT ?? 8788), fetch: (request) => proxy(request) });

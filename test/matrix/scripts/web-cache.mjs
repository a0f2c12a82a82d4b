/**
 * Deno's Web Cache API (`caches.open`) as the proxy's store: a second proxy (a fresh
 * memory, as after a restart) finds the first one's answer there, with no API request.
 * The matrix runs it where `caches` exists (Deno); Node and Bun have none.
 */
import { createStorefrontProxy, webCacheStore } from 'storefront-widgets/edge';
import { apiBase, apiRequests, check, key, main, until } from './shared.mjs';

const READ = 'http://shop.example/v1/products/aster-linen-shirt/review-summary?market=us';

main(async () => {
  check(typeof globalThis.caches?.open === 'function', 'this runtime has the Web Cache API');
  const cache = await globalThis.caches.open(`storefront-matrix-${key}`);
  const first = createStorefrontProxy({ publishableKey: key, apiBase, store: webCacheStore(cache) });
  const answer = await first(new Request(READ));
  const body = await answer.text();
  check(answer.status === 200, `the first read: ${answer.status} ${body}`);
  const second = createStorefrontProxy({ publishableKey: key, apiBase, store: webCacheStore(await globalThis.caches.open(`storefront-matrix-${key}`)) });
  // The store's write may finish after the first answer.
  await until(async () => {
    const again = await second(new Request(READ));
    return (await again.text()) === body && /hit/.test(again.headers.get('cache-status') ?? '');
  }, 1000, "the second proxy's answer from the first one's cache");
  check((await apiRequests()).length === 1, 'one API request for the two proxies');
  await globalThis.caches.delete(`storefront-matrix-${key}`);
});

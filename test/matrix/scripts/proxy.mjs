/**
 * The read proxy's handler served by this runtime's own server: a read is answered from
 * the API, the same read again from the proxy's cache (one API request for the two), and
 * what the proxy refuses (another path, a write) never reaches the API.
 */
import { createStorefrontProxy } from 'storefront-widgets/edge';
import { apiBase, apiRequests, check, key, main, serve } from './shared.mjs';

const READ = '/storefront-api/v1/products/aster-linen-shirt/review-summary?market=us';

main(async () => {
  const proxy = createStorefrontProxy({ publishableKey: key, apiBase, basePath: '/storefront-api' });
  const server = await serve((request) => proxy(request));
  try {
    const first = await fetch(`${server.url}${READ}`);
    const body = await first.text();
    check(first.status === 200, `the first read: ${first.status} ${body}`);
    check(typeof JSON.parse(body).count === 'number', 'a review summary');
    const second = await fetch(`${server.url}${READ}`);
    check(second.status === 200, `the second read: ${second.status}`);
    check((await second.text()) === body, 'the same answer');
    check(/hit/.test(second.headers.get('cache-status') ?? ''), `the second from the cache (Cache-Status: ${second.headers.get('cache-status')})`);

    const elsewhere = await fetch(`${server.url}/v1/products/aster-linen-shirt/review-summary?market=us`);
    await elsewhere.arrayBuffer();
    check(elsewhere.status === 404, `a path outside the base path is refused (${elsewhere.status})`);
    const write = await fetch(`${server.url}${READ}`, { method: 'POST', body: '{}' });
    await write.arrayBuffer();
    check(write.status === 405, `a write is refused (${write.status})`);

    const requests = await apiRequests();
    check(requests.length === 1, `one API request for the two reads (${requests.length})`);
  } finally {
    await server.close();
  }
});

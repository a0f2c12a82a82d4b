/**
 * Webhooks on the proxy served by this runtime's own server: the emulator adds a review and
 * delivers its signed webhook; the proxy verifies it and the next read shows the review.
 * A forged delivery is refused and refreshes nothing.
 */
import { createStorefrontProxy } from 'storefront-widgets/edge';
import { apiRequests, apiBase, check, control, key, main, serve, until } from './shared.mjs';

const PRODUCT = 'fjord-merino-sweater';
const READ = `/v1/products/${PRODUCT}/review-summary?market=us`;
const SECRET = `whsec_${btoa('the runtime matrix webhook secret')}`;

main(async () => {
  // Long freshness: only a webhook can show a new review.
  const proxy = createStorefrontProxy({ publishableKey: key, apiBase, webhookSecrets: [SECRET], freshness: { reviewSummary: 3600, ratings: 3600, reviews: 3600, richSnippet: 3600 } });
  const server = await serve((request) => proxy(request));
  try {
    const count = async () => (await (await fetch(`${server.url}${READ}`)).json()).count;
    const before = await count();
    check((await count()) === before, 'the read again from the cache');

    const forged = await fetch(`${server.url}/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' },
      body: JSON.stringify({ type: 'product-review.submitted', data: { product: { handle: PRODUCT } } }),
    });
    await forged.arrayBuffer();
    check(forged.status === 401, `a forged delivery is refused (${forged.status})`);
    check((await apiRequests()).length === 1, 'a forged delivery refreshes nothing');

    await control('webhooks', { key, url: `${server.url}/webhooks`, secret: SECRET });
    const added = await control('reviews', { key, product_ref: PRODUCT, rating: 5 });
    check(added.delivery?.status === 200, `the signed delivery is accepted (${JSON.stringify(added.delivery)})`);
    await until(async () => (await count()) === before + 1, 2000, 'the new review on the next read');
  } finally {
    await server.close();
  }
});

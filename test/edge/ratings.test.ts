/**
 * Ratings reads batch varying sets of products: the proxy answers them from one entry
 * per product, and asks the API only for the products it lacks, in one batched read.
 */
import { describe, expect, it } from 'vitest';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { apiBase, control, startProxy } from './support.ts';

const ratings = (refs: string[]) => `/v1/products/ratings?market=us&${refs.map((ref) => `product_ref=${ref}`).join('&')}`;

async function direct(path: string, key: string): Promise<string> {
  return (await fetch(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${key}` } })).text();
}

describe('ratings by product', () => {
  it('answers a batch from the products it has, and reads only the others, in one request', async () => {
    const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string }[] };
    const [a, b, c, d] = info.products.map((product) => product.handle);
    const secret = `whsec_${Buffer.from('the-ratings-test-secret-0123456').toString('base64')}`;
    const { url, key } = await startProxy('ratings-batch', { webhookSecrets: [secret], freshness: { ratings: 3600 } });
    await control('webhooks', { key, url: `${url}/webhooks`, secret });
    // The API's own answers, with a key of their own (out of the proxy's request log).
    const other = await testKey(apiBase, 'ratings-direct');
    const asked = async () => (await requestLog(apiBase, key)).map((entry) => entry.query.product_ref);
    for (const [refs, expected] of [
      [[a!, b!, c!], [[a, b, c]]],
      [[b!, c!, d!, 'no-such-product'], [[a, b, c], [d, 'no-such-product']]],
      [[d!, a!], [[a, b, c], [d, 'no-such-product']]],
    ] as const) {
      const answer = await fetch(`${url}${ratings([...refs])}`);
      expect(answer.status).toBe(200);
      // As the API answers that read itself: in the order asked, unknown products left out.
      expect(await answer.text()).toBe(await direct(ratings([...refs]), other));
      expect(await asked()).toEqual(expected.map((refs) => [...refs]));
    }
    // A review of one product: its rating only is read again.
    const before = await direct(ratings([a!, b!]), other);
    expect((await control('reviews', { key, product_ref: a, rating: 1 })).delivery).toMatchObject({ status: 200 });
    const after = await fetch(`${url}${ratings([a!, b!])}`);
    expect(await after.text()).not.toBe(before);
    expect((await asked()).at(-1)).toBe(a);
  });
});

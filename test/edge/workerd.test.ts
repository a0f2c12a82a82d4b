/** The Workers recipe in workerd (Miniflare): the same answers as the API, its cache, its refusals. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';
import { apiBase, control } from './support.ts';
import { startWorker } from './workerd-support.ts';

describe('the read proxy in workerd', () => {
  it('answers the reads as the API does, from one request, and serves them while the API is down', async () => {
    const key = await testKey(apiBase, 'workerd');
    const { mf } = await startWorker({ key, apiBase });
    onTestFinished(() => mf.dispose());
    const path = '/v1/products/aster-linen-shirt/review-summary?market=us';
    const expected = await (await fetch(`${apiBase}${path}`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).text();
    const answers = await Promise.all(Array.from({ length: 10 }, () => mf.dispatchFetch(`http://shop.example${path}`).then(async (r) => ({ status: r.status, body: await r.text(), cc: r.headers.get('cache-control') }))));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: expected, cc: 'public, max-age=0, s-maxage=30, stale-while-revalidate=300, stale-if-error=86400' });
    expect(await requestLog(apiBase, key)).toHaveLength(1);
    const hit = await mf.dispatchFetch(`http://shop.example${path}`);
    expect(hit.headers.get('cache-status')).toMatch(/^storefront-proxy; hit/);
    await hit.text();

    await setFaults(apiBase, key, { down: true });
    const cached = await mf.dispatchFetch(`http://shop.example${path}`);
    expect(await cached.text()).toBe(expected);
    const never = await mf.dispatchFetch('http://shop.example/v1/company/review-summary?market=us');
    expect(never.status).toBe(503);
    expect(never.headers.get('retry-after')).toMatch(/^\d+$/);
    await never.text();
    await setFaults(apiBase, key, {});
  });

  it('answers reads that waited for the budget, whichever request started them', async () => {
    // In workerd a timer belongs to its request: a read queued behind the budget must not wait on one that has ended.
    const key = await testKey(apiBase, 'workerd-budget');
    const { mf } = await startWorker({ key, apiBase });
    onTestFinished(() => mf.dispose());
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => mf.dispatchFetch(`http://shop.example/v1/posts?market=us&limit=${i + 1}`).then(async (r) => (await r.text(), r.status))));
    expect(answers).toEqual(answers.map(() => 200));
    expect(await requestLog(apiBase, key)).toHaveLength(30);
  });

  it('leaves no read waiting on a request that gave up: after a 503, the read is served', async () => {
    // One request a second: of 13 distinct reads at once, the last wait past the 10 s a read waits and get 503.
    // Their requests keep their fetches alive (waitUntil), so the reads land in the cache, not in a lost flight.
    const key = await testKey(apiBase, 'workerd-gave-up');
    const { mf } = await startWorker({ key, apiBase, requestsPerSecond: 1 });
    onTestFinished(() => mf.dispose());
    const paths = Array.from({ length: 13 }, (_, i) => `/v1/posts?market=us&limit=${i + 1}`);
    const first = await Promise.all(paths.map((path) => mf.dispatchFetch(`http://shop.example${path}`).then(async (r) => (await r.text(), r.status))));
    expect(first).toContain(503);
    await expect.poll(async () => (await requestLog(apiBase, key)).length, { timeout: 20_000 }).toBe(13);
    const again = await Promise.all(paths.map((path) => mf.dispatchFetch(`http://shop.example${path}`).then(async (r) => (await r.text(), r.status))));
    expect(again).toEqual(paths.map(() => 200));
  }, 60_000);

  it('refreshes a read on a signed webhook (secrets from its binding), and nothing on a forged, old or replayed one', async () => {
    const key = await testKey(apiBase, 'workerd-webhooks');
    const secret = `whsec_${Buffer.from('workerd-webhook-secret-0123456789').toString('base64')}`;
    const older = `whsec_${Buffer.from('an-older-secret-of-a-rotation-01').toString('base64')}`;
    // Served over HTTP: the emulator delivers its webhooks to the worker.
    const { mf, url } = await startWorker({ key, apiBase, webhookSecrets: `${older}, ${secret}` }, 0);
    onTestFinished(() => mf.dispose());
    await control('webhooks', { key, url: `${url}/webhooks`, secret });
    const summary = '/v1/products/aster-linen-shirt/review-summary?market=us';
    const count = async () => ((await (await fetch(`${url}${summary}`)).json()) as { count: number }).count;
    const requests = async () => (await requestLog(apiBase, key)).length;
    const before = await count();
    expect(await requests()).toBe(1);

    const event = JSON.stringify({ version: '1', id: 'msg_w', type: 'product-review.submitted', created_at: new Date().toISOString(), data: { product: { handle: 'aster-linen-shirt' } }, origin: { flow: 'f' } });
    const post = (id: string, at: Date, signingSecret: string, body = event) =>
      fetch(`${url}/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(signingSecret).sign(id, at, event) }, body });
    const forged = `whsec_${Buffer.from('not-the-secret-of-this-shop-0123').toString('base64')}`;
    expect((await post('msg_forged', new Date(), forged)).status).toBe(401);
    expect((await post('msg_tampered', new Date(), secret, event.replace('aster', 'fjord'))).status).toBe(401);
    expect((await post('msg_old', new Date(Date.now() - 10 * 60_000), secret)).status).toBe(401);

    // A review added, its webhook delivered: the next read shows it, from one request; so none came of the refused ones.
    expect((await control('reviews', { key, product_ref: 'aster-linen-shirt', rating: 3 })).delivery).toMatchObject({ status: 200 });
    await expect.poll(count, { timeout: 1000, interval: 50 }).toBe(before + 1);
    expect(await requests()).toBe(2);

    // A delivery signed with the older secret of a rotation, then replayed: one refresh; a later one shows none came of the replays.
    const at = new Date();
    expect((await post('msg_rotated', at, older)).status).toBe(200);
    await expect.poll(requests).toBe(3);
    for (let i = 0; i < 3; i++) expect(await (await post('msg_rotated', at, older)).json()).toEqual({ received: true, duplicate: true });
    expect((await post('msg_last', new Date(), secret)).status).toBe(200);
    await expect.poll(requests).toBe(4);
    expect(await count()).toBe(before + 1);
    expect(await requests()).toBe(4);
  });

  it('refuses what is not a Storefront read', async () => {
    const key = await testKey(apiBase, 'workerd-refuse');
    const { mf } = await startWorker({ key, apiBase });
    onTestFinished(() => mf.dispose());
    const cases: [string, RequestInit, number][] = [
      ['/v1/posts?market=us', { method: 'POST', body: '{}' }, 405],
      ['/v1/posts/..%2F..%2F__emulator%2Finfo?market=us', {}, 400],
      ['/__emulator/info', {}, 404],
      ['/v1/posts?market=us&url=http://evil.example', {}, 400],
      ['/v1/posts?market=us', { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } }, 403],
      // No webhook secret bound: no webhook path.
      ['/webhooks', { method: 'POST', body: '{}' }, 404],
    ];
    for (const [path, init, status] of cases) {
      const answer = await mf.dispatchFetch(`http://shop.example${path}`, init as never);
      expect({ path, status: answer.status }).toEqual({ path, status });
      await answer.text();
    }
    expect(await requestLog(apiBase, key)).toEqual([]);
  });
});

/**
 * Several proxy instances of one shop sharing a real redis-server (test/edge/redis-support.ts),
 * in front of the real emulator over HTTP: one budget (the API never sees more than 20
 * requests in a second, and no 429), one cache (about as many API requests as one instance
 * makes), one fetch for equal misses on different instances, a webhook id handled once,
 * and answers within the budget while Redis is paused or stopped, shared again after.
 *
 * Each test fails with the instances on their own: `STOREFRONT_TEST_PER_INSTANCE=1` starts
 * them without Redis (each its own 18/s budget and cache), as the proxy was before.
 */
import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { shopNamespace } from '../../src/edge/coordination/types.ts';
import { requestLog } from '../support/emulator-control.ts';
import { apiBase } from './support.ts';
import { instances, startRedis, type Instance } from './redis-support.ts';
import { apiLoad, crowd, distinctReads, type Reader } from './crowd-support.ts';

/** A read at each instance, for the crowd. */
const readers = (all: Instance[]): Reader[] => all.map((instance) => (path) => fetch(`${instance.url}${path}`));

describe('proxy instances sharing Redis', () => {
  it('keep the API within 20 requests a second with no 429 under a crowd, with about one instance\'s requests', { timeout: 60_000 }, async () => {
    const redis = await startRedis();
    const { key, all } = await instances(4, redis.url);
    const paths = await distinctReads(90);
    const outcomes = await crowd(readers(all), paths, 60, 8);
    const load = await apiLoad(key);
    expect(load.rateLimited).toBe(0);
    expect(load.busiest).toBeLessThanOrEqual(20);
    // One instance reads each of the 90 once (fresh for 30 s, longer than the run): four sharing one cache, about as many.
    expect(load.requests).toBeLessThanOrEqual(paths.length * 1.2);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
  });

  it('make one API request for equal misses arriving at different instances at once', async () => {
    const redis = await startRedis();
    const { key, all } = await instances(4, redis.url);
    const path = '/v1/products/aster-linen-shirt/reviews?market=us&limit=7';
    const answers = await Promise.all(all.flatMap((instance) => Array.from({ length: 3 }, () => fetch(`${instance.url}${path}`).then(async (r) => ({ status: r.status, body: await r.text() })))));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
    // And a read that one instance fetched is a hit on every other.
    for (const instance of all) expect((await fetch(`${instance.url}${path}`)).headers.get('cache-status')).toMatch(/^storefront-proxy; hit/);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('wait for a dead instance\'s lock on a read no longer than the lock\'s life, then fetch it once', async () => {
    const redis = await startRedis();
    const { key, all } = await instances(2, redis.url);
    // An instance took the read's lock (3 s, renewed while it lives) and died: the lock stays until it runs out.
    const client = new Redis(redis.url);
    onTestFinished(() => client.disconnect());
    const target = '/v1/products/aster-linen-shirt/reviews?limit=9&market=us';
    expect(await client.set(`storefront-widgets:${shopNamespace(key, apiBase)}:lock:${apiBase}${target}`, 'a-dead-instance', 'PX', 3000, 'NX')).toBe('OK');
    const started = performance.now();
    const statuses = await Promise.all(all.map(async (instance) => (await fetch(`${instance.url}/v1/products/aster-linen-shirt/reviews?market=us&limit=9`)).status));
    const waited = performance.now() - started;
    expect(statuses).toEqual([200, 200]);
    expect(waited).toBeGreaterThan(2000);
    expect(waited).toBeLessThan(5000);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('fetch equal misses once however long the shared queue holds the instance that leads them (a cold start)', { timeout: 60_000 }, async () => {
    const redis = await startRedis();
    // One a second: the 13th read leaves 12 s after the first, past the 10 s the other instances once waited for its lead.
    const { key, all } = await instances(2, redis.url, { requestsPerSecond: 1 });
    const paths = await distinctReads(13);
    const readUntilServed = async (url: string, path: string): Promise<void> => {
      for (let tries = 0; tries < 10; tries++) {
        const answer = await fetch(`${url}${path}`);
        await answer.arrayBuffer();
        if (answer.status === 200) return;
        await new Promise((done) => setTimeout(done, Number(answer.headers.get('retry-after') ?? 1) * 1000));
      }
      throw new Error(`${path} was never served`);
    };
    // Every read at both instances at once, as a crowd's first seconds do: each instance leads some, waits for the others'.
    await Promise.all(all.flatMap((instance) => paths.map((path) => readUntilServed(instance.url, path))));
    await expect.poll(() => all.every((instance) => instance.proxy.cache.stats.waiting === 0), { timeout: 20_000 }).toBe(true);
    const fetches = all.reduce((n, instance) => n + instance.proxy.cache.stats.fetches, 0);
    expect(fetches).toBe(paths.length);
    expect(await requestLog(apiBase, key)).toHaveLength(paths.length);
  });

  it('read each product\'s rating once across instances, however pages batch them', async () => {
    const redis = await startRedis();
    const { key, all } = await instances(2, redis.url);
    const { products } = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string }[] };
    const [a, b, c] = products.map((product) => product.handle);
    const ratings = (refs: string[]) => `/v1/products/ratings?market=us&${refs.map((ref) => `product_ref=${ref}`).join('&')}`;
    expect((await fetch(`${all[0]!.url}${ratings([a!, b!])}`)).status).toBe(200);
    // Another batch of the same products, and one more, at the other instance: only the new one is read.
    const other = await fetch(`${all[1]!.url}${ratings([b!, c!, a!])}`);
    expect(other.status).toBe(200);
    expect(((await other.json()) as { data: { product_ref: string }[] }).data.map((item) => item.product_ref)).toEqual([b, c, a]);
    expect((await requestLog(apiBase, key)).map((entry) => entry.query['product_ref'])).toEqual([[a, b], c]);
  });

  it('handle a webhook id once across instances: a retry reaching another instance refreshes nothing', async () => {
    const redis = await startRedis();
    const secret = `whsec_${Buffer.from('scale-out-webhook-secret-0123456789').toString('base64')}`;
    const { key, all } = await instances(2, redis.url, { webhookSecrets: [secret], freshness: { reviewSummary: 3600 } });
    const path = '/v1/products/fjord-merino-sweater/review-summary?market=us';
    // Read twice on each: a read shoppers repeat, which a webhook refreshes.
    for (const instance of all) for (let i = 0; i < 2; i++) await (await fetch(`${instance.url}${path}`)).arrayBuffer();
    const reads = async () => (await requestLog(apiBase, key)).filter((entry) => entry.path.endsWith('/review-summary')).length;
    expect(await reads()).toBe(1);
    const body = JSON.stringify({ type: 'product-review.submitted', data: { product: { handle: 'fjord-merino-sweater' } } });
    const id = `msg_scale_${Date.now()}`;
    const date = new Date();
    const headers = { 'Content-Type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(date.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, date, body) };
    const first = await (await fetch(`${all[0]!.url}/webhooks`, { method: 'POST', headers, body })).json();
    const retry = await (await fetch(`${all[1]!.url}/webhooks`, { method: 'POST', headers, body })).json();
    expect([first, retry]).toEqual([
      { received: true, duplicate: false },
      { received: true, duplicate: true },
    ]);
    await expect.poll(reads).toBe(2);
    // Nothing more comes of the retry.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reads()).toBe(2);
  });

  it('answer within the budget while Redis is paused or stopped, and share again once it is back', { timeout: 90_000 }, async () => {
    const redis = await startRedis();
    const { key, all } = await instances(4, redis.url);
    const paths = await distinctReads(120);
    const warm = paths.slice(0, 20);
    expect((await crowd(readers(all), warm, 40, 1)).every((outcome) => outcome.ok)).toBe(true);

    redis.pause();
    // Kept answers stay quick; reads new to every instance go out at each one's share of the rate (four alive: 18 / 4).
    const paused = await crowd(readers(all), paths, 40, 6);
    const pausedWarm = (await crowd(readers(all), warm, 20, 1)).map((outcome) => outcome.ms);
    expect(Math.max(...pausedWarm)).toBeLessThan(1000);
    expect(paused.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(all.every((instance) => !instance.proxy.coordinator.up)).toBe(true);
    redis.resume();
    await expect.poll(() => all.every((instance) => instance.proxy.coordinator.up), { timeout: 5000, interval: 100 }).toBe(true);

    await redis.stop();
    const stopped = await crowd(readers(all), paths, 40, 3);
    expect(stopped.filter((outcome) => !outcome.ok)).toEqual([]);
    await redis.start();
    await expect.poll(() => all.every((instance) => instance.proxy.coordinator.up), { timeout: 5000, interval: 100 }).toBe(true);

    const load = await apiLoad(key);
    expect(load.rateLimited).toBe(0);
    expect(load.busiest).toBeLessThanOrEqual(20);
    // Shared again: an equal miss at every instance is one request.
    const before = (await requestLog(apiBase, key)).length;
    const path = '/v1/products/aster-linen-shirt/reviews?market=us&limit=41';
    await Promise.all(all.map((instance) => fetch(`${instance.url}${path}`).then((r) => r.arrayBuffer())));
    expect((await requestLog(apiBase, key)).length - before).toBe(1);
  });
});

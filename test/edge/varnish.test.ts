/** Varnish in front of the proxy, with the README's VCL: shoppers' cookies and keys do not split its cache, and concurrent reads make one. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { requestLog } from '../support/emulator-control.ts';
import { apiBase, startProxy } from './support.ts';
import { startVarnish } from './varnish-support.ts';

describe('Varnish in front of the proxy', () => {
  it('caches the reads for every shopper at once, as the proxy says', async () => {
    const { url, key } = await startProxy('varnish', { freshness: { reviews: 5 }, staleWhileRevalidate: 30 });
    const varnish = await startVarnish(Number(new URL(url).port));
    onTestFinished(() => varnish.stop());
    const path = '/v1/products/aster-linen-shirt/reviews?market=us&limit=3';
    // The start-up probe's fetch counted first, so that the deltas below are the shoppers' own.
    await expect.poll(() => varnish.counters()['MAIN.backend_req']).toBeGreaterThanOrEqual(1);
    const before = varnish.counters();
    const shoppers = Array.from({ length: 30 }, (_, i) => ({ Authorization: 'Bearer svc_pk_demo', Cookie: `session=${i}` }));
    const answers = await Promise.all(shoppers.map((headers) => fetch(`${varnish.url}${path}`, { headers }).then(async (r) => ({ status: r.status, body: await r.text() }))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
    // Varnish's counters are flushed now and then, not per request: wait for them. One fetch: the other
    // shoppers waited for it (hits, or woken from Varnish's waiting list). A shopper that came in as the
    // answer was being stored may count as a second miss, served by that same fetch.
    const delta = (name: string) => varnish.counters()[name]! - before[name]!;
    await expect.poll(() => delta('MAIN.backend_req')).toBe(1);
    await expect.poll(() => delta('MAIN.cache_miss')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => delta('MAIN.cache_hit') + delta('MAIN.busy_wakeup')).toBeGreaterThanOrEqual(1);

    // Past the proxy's freshness: Varnish serves its copy in grace and refetches once in the background.
    await new Promise((done) => setTimeout(done, 5500));
    const stale = await fetch(`${varnish.url}${path}`);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(answers[0]!.body);
    expect(Number(stale.headers.get('age'))).toBeGreaterThanOrEqual(5);
    // Varnish's background fetch reached the proxy, whose own copy was stale too: one more read of the API.
    await expect.poll(async () => (await requestLog(apiBase, key)).length).toBe(2);
    await expect.poll(async () => (await fetch(`${varnish.url}${path}`)).headers.get('age')).toMatch(/^[01]$/);

    // Refusals and preflights go through to the proxy, uncached.
    expect((await fetch(`${varnish.url}/v1/posts?market=us`, { method: 'POST', body: '{}' })).status).toBe(405);
    expect((await fetch(`${varnish.url}/v1/posts/..%2Fx?market=us`)).status).toBe(400);
  });
});

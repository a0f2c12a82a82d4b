/** The Workers recipe in workerd (Miniflare): the same answers as the API, its cache, its refusals. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';
import { apiBase } from './support.ts';
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
    ];
    for (const [path, init, status] of cases) {
      const answer = await mf.dispatchFetch(`http://shop.example${path}`, init as never);
      expect({ path, status: answer.status }).toEqual({ path, status });
      await answer.text();
    }
    expect(await requestLog(apiBase, key)).toEqual([]);
  });
});

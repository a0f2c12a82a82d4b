/**
 * Refresh ahead (src/edge/refresh-ahead.ts): what shoppers read often is fetched again
 * shortly before its freshness ends, within the budget and above first reads of keys
 * nobody asked for, so that a flood of never-repeated reads queued in the budget cannot
 * make shoppers' popular reads stale; with instances sharing Redis, once for all.
 * Real HTTP to the emulator, a real redis-server. Before refresh ahead, the first read
 * past each answer's freshness was served stale (`fwd=stale`), whatever the budget.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { redisCoordination } from '../../src/edge/coordination/redis.ts';
import { serveNode } from '../../src/edge/node.ts';
import { createStorefrontProxy } from '../../src/edge/proxy.ts';
import { createRefreshAhead } from '../../src/edge/refresh-ahead.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { apiBase, startProxy } from './support.ts';
import { startRedis } from './redis-support.ts';

const SUMMARY = '/v1/products/aster-linen-shirt/review-summary?market=us';
const RATINGS = '/v1/products/ratings?market=us&product_ref=aster-linen-shirt&product_ref=birch-linen-shirt';
/** Seconds the popular reads stay fresh here (the lead is then 3 s). */
const FRESH = 6;
const LEAD = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Served {
  path: string;
  status: number;
  cacheStatus: string;
  age: number;
}

/** Reads all of `urls` at once, again every `everyMs` for `ms`: what each answer said. */
async function readOften(urls: string[], ms: number, everyMs: number): Promise<Served[]> {
  const served: Served[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(url);
        await response.arrayBuffer();
        served.push({ path: new URL(url).pathname, status: response.status, cacheStatus: response.headers.get('cache-status') ?? '', age: Number(response.headers.get('age')) });
      }),
    );
    await sleep(everyMs);
  }
  return served;
}

/** Answers served past their freshness: `fwd=stale` in `Cache-Status`, or a negative ttl. */
const staleOf = (served: Served[]) => served.filter((answer) => !/^storefront-proxy; hit; ttl=\d+$/.test(answer.cacheStatus));

describe('refresh ahead', () => {
  it('unit: asks once per answer, for one read often, within its lead; forgets the least recently read keys', () => {
    const ahead = createRefreshAhead({ minReads: 3, maxKeys: 2 });
    // Fresh 10 s from 0: the lead is 3 s.
    expect(ahead.leadMs(10_000)).toBe(3000);
    expect(ahead.leadMs(60_000)).toBe(5000);
    expect(ahead.leadMs(2_000)).toBe(1000);
    expect(ahead.due('a', 0, 10_000, 1000)).toBe(false);
    expect(ahead.due('a', 0, 10_000, 1500)).toBe(false);
    // Read a third time, but not yet within the lead (and its reads' gaps: 0.5 s).
    expect(ahead.due('a', 0, 10_000, 2000)).toBe(false);
    expect(ahead.due('a', 0, 10_000, 8500)).toBe(true);
    expect(ahead.due('a', 0, 10_000, 9000)).toBe(false);
    // Read every 2 s: its window spans two gaps more, up to twice the lead or half the freshness (5 s).
    const sparse = createRefreshAhead();
    for (const at of [0, 2000, 4000]) expect(sparse.due('d', 0, 10_000, at)).toBe(false);
    expect(sparse.due('d', 0, 10_000, 5500)).toBe(true);
    // A read once within the lead is not read often.
    expect(ahead.due('b', 0, 10_000, 9000)).toBe(false);
    // A new answer counts afresh.
    for (const at of [9500, 10_000]) expect(ahead.due('a', 9400, 10_000, at)).toBe(false);
    expect(ahead.due('a', 9400, 10_000, 18_000)).toBe(true);
    // Bounded: a third key pushes out the least recently read one ('b'), whose count starts again.
    ahead.due('c', 0, 10_000, 1000);
    ahead.due('b', 0, 10_000, 8500);
    ahead.due('b', 0, 10_000, 8600);
    expect(ahead.due('b', 0, 10_000, 8700)).toBe(true);
  });

  it('keeps a popular read and a popular ratings batch fresh while a flood of never-repeated reads fills the budget', { timeout: 40_000 }, async () => {
    const { url, key } = await startProxy('ahead_flood', { requestsPerSecond: 4, freshness: { reviewSummary: FRESH, ratings: FRESH } });
    // Shoppers' reads, before the flood: read twice, kept.
    for (let i = 0; i < 2; i++) for (const path of [SUMMARY, RATINGS]) expect((await fetch(`${url}${path}`)).status).toBe(200);
    // 150 never-repeated reads at once: random cursors, unknown products, ratings sets naming one: about 37 s of the budget.
    const flood = Array.from({ length: 150 }, (_, i) =>
      fetch(`${url}${[`/v1/products/aster-linen-shirt/reviews?market=us&cursor=junk${i}`, `/v1/products/nope-${i}/review-summary?market=us`, `/v1/products/ratings?market=us&product_ref=aster-linen-shirt&product_ref=nope-${i}`][i % 3]}`)
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    );
    // Over two freshness lifetimes, each read about every 200 ms.
    const served = await readOften([`${url}${SUMMARY}`, `${url}${RATINGS}`], FRESH * 2 * 1000, 200);
    expect(served.every((answer) => answer.status === 200)).toBe(true);
    expect(staleOf(served)).toEqual([]);
    expect(Math.max(...served.map((answer) => answer.age))).toBeLessThanOrEqual(FRESH);
    // Refreshed: the summary was read from the API again (not once only), and the budget was kept.
    const log = await requestLog(apiBase, key);
    expect(log.filter((entry) => entry.path.endsWith('/aster-linen-shirt/review-summary')).length).toBeGreaterThanOrEqual(3);
    expect(log.filter((entry) => entry.status === 429)).toEqual([]);
    // The flood was answered (most of it 503 at once) and waited behind the refreshes.
    expect(log.filter((entry) => /nope-|"cursor"/.test(entry.path + JSON.stringify(entry.query))).length).toBeGreaterThan(0);
    void flood;
  });

  it('refreshes a popular read once across instances sharing Redis, none of them serving it stale', { timeout: 40_000 }, async () => {
    const redis = await startRedis();
    const key = await testKey(apiBase, 'ahead_shared');
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const proxy = createStorefrontProxy({ publishableKey: key, apiBase, coordination: redisCoordination(redis.url), freshness: { reviewSummary: FRESH } });
      await proxy.coordinator.ready();
      const server = await serveNode(proxy, { port: 0 });
      onTestFinished(async () => {
        await server.close();
        await proxy.coordinator.close();
      });
      urls.push(`${server.url}${SUMMARY}`);
    }
    expect((await fetch(urls[0]!)).status).toBe(200);
    const started = Date.now();
    // Three instances read it often, at the same moments: each would refresh it ahead on its own.
    const served = await readOften(urls, FRESH * 2 * 1000, 100);
    const seconds = (Date.now() - started) / 1000;
    expect(staleOf(served)).toEqual([]);
    const fetches = (await requestLog(apiBase, key)).filter((entry) => entry.path.endsWith('/review-summary')).length;
    // One first read, then one refresh per lifetime less its lead (and one in flight at the end), not one per instance.
    expect(fetches).toBeGreaterThanOrEqual(3);
    expect(fetches).toBeLessThanOrEqual(2 + Math.ceil(seconds / (FRESH - LEAD)));
  });
});

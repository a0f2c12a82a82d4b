/**
 * Priority across proxy instances sharing a real redis-server, in front of the emulator:
 * a read shoppers wait for at one instance goes before reads nobody waits for at another,
 * as it would within one instance. Counted by the order of the API's requests (its log),
 * not by timings. Each test fails with the instances each ranking only their own reads
 * (and with `STOREFRONT_TEST_PER_INSTANCE=1`, instances without Redis).
 */
import { describe, expect, it } from 'vitest';
import { requestLog } from '../support/emulator-control.ts';
import { apiBase } from './support.ts';
import { instances, startRedis, type Instance } from './redis-support.ts';
import { distinctReads, sentOrder } from './crowd-support.ts';

/** A read, its body drained: its status. */
const read = async (url: string): Promise<number> => {
  const answer = await fetch(url);
  await answer.arrayBuffer();
  return answer.status;
};

describe('proxy instances sharing Redis rank reads across instances', () => {
  it("fetch another instance's waiting shoppers' read before their own reads nobody waits for as much", { timeout: 30_000 }, async () => {
    const redis = await startRedis();
    // Two a second: the queue at the first instance drains slowly enough to see its order.
    const { key, all } = await instances(2, redis.url, { requestsPerSecond: 2 });
    const [a, b] = all as [Instance, Instance];
    const paths = await distinctReads(7);
    const fillers = paths.slice(0, 6);
    const wanted = paths[6]!;
    // At A: six reads its shoppers asked for twice each (waiting, repeated), queued behind the budget.
    const pending = fillers.flatMap((path) => [read(`${a.url}${path}`), read(`${a.url}${path}`)]);
    await expect.poll(() => a.proxy.cache.stats.waiting).toBeGreaterThanOrEqual(4);
    // At A: a first read of `wanted` (one shopper): A leads its fetch across instances, ranked below its repeated reads.
    pending.push(read(`${a.url}${wanted}`));
    await expect.poll(() => a.proxy.cache.stats.waiting).toBeGreaterThanOrEqual(5);
    // At B: three shoppers wait for `wanted`; B waits for A's fetch of it.
    const sentBefore = (await requestLog(apiBase, key)).length;
    pending.push(...[1, 2, 3].map(() => read(`${b.url}${wanted}`)));
    await Promise.all(pending);
    const [wantedAt, ...fillersAt] = await sentOrder(key, [wanted, ...fillers]);
    // One request for it, and before the fillers still queued at A when B's shoppers came (two may leave while B tells A).
    expect((await requestLog(apiBase, key)).length).toBe(7);
    expect(fillersAt.every((at) => at >= 0)).toBe(true);
    expect(sentBefore).toBeLessThanOrEqual(2);
    expect(wantedAt).toBeLessThanOrEqual(sentBefore + 2);
  });

  it("give the shared budget's permits to an instance's waiting shoppers before another instance's first reads", { timeout: 30_000 }, async () => {
    const redis = await startRedis();
    // Four a second together: with each instance asking in turn, they would take every other permit.
    const { key, all } = await instances(2, redis.url, { requestsPerSecond: 4 });
    const [a, b] = all as [Instance, Instance];
    const paths = await distinctReads(12);
    const firsts = paths.slice(0, 8);
    const repeated = paths.slice(8);
    // At A: eight first reads (one shopper each), queued behind the shared budget.
    const pending = firsts.map((path) => read(`${a.url}${path}`));
    await expect.poll(() => a.proxy.cache.stats.waiting).toBeGreaterThanOrEqual(6);
    // At B: four reads its shoppers wait for, two each.
    const sentBefore = (await requestLog(apiBase, key)).length;
    pending.push(...repeated.flatMap((path) => [read(`${b.url}${path}`), read(`${b.url}${path}`)]));
    await Promise.all(pending);
    const at = await sentOrder(key, repeated);
    expect((await requestLog(apiBase, key)).length).toBe(12);
    // All four before A's remaining first reads, but for one that may leave while B's queue up (in turn, the last would be about the ninth).
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(sentBefore).toBeLessThanOrEqual(2);
    expect(Math.max(...at)).toBeLessThanOrEqual(sentBefore + 4);
  });
});

/**
 * The read cache alone (src/edge/read-cache.ts): single flight, stale-while-revalidate,
 * stale-if-error, the budget and the memory cap, with a fetch function of the test's own
 * (the cache takes one; the network is tested through the proxy in proxy.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createBudget, type BudgetTicket } from '../../src/edge/budget.ts';
import { createReadCache, type Fetched } from '../../src/edge/read-cache.ts';
import { entryBytes, memoryStore } from '../../src/edge/stores.ts';

const answer = (body: string, freshMs = 1000): Fetched => ({ ok: true, status: 200, body, contentType: 'application/json', freshMs });

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

describe('read cache', () => {
  it('makes one fetch for concurrent identical reads', async () => {
    const cache = createReadCache({ requestsPerSecond: Infinity });
    let fetches = 0;
    const fetch = async () => {
      fetches++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer(`{"n":${fetches}}`);
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.read('/v1/a', fetch)));
    expect(fetches).toBe(1);
    expect(new Set(results.map((r) => (r.ok ? r.read.body : 'failed')))).toEqual(new Set(['{"n":1}']));
    expect(results.filter((r) => r.ok && r.state === 'miss')).toHaveLength(50);
  });

  it('serves a stale answer at once and refreshes it in the background', async () => {
    const time = clock();
    const cache = createReadCache({ requestsPerSecond: Infinity, now: time.now, staleWhileRevalidateMs: 60_000 });
    let version = 0;
    const fetch = async () => answer(`{"v":${++version}}`, 1000);
    expect(await cache.read('k', fetch)).toMatchObject({ ok: true, state: 'miss', read: { body: '{"v":1}' } });
    time.advance(500);
    expect(await cache.read('k', fetch)).toMatchObject({ ok: true, state: 'hit', read: { body: '{"v":1}' } });
    time.advance(1000);
    expect(await cache.read('k', fetch)).toMatchObject({ ok: true, state: 'stale', read: { body: '{"v":1}' } });
    await expect.poll(async () => (await cache.read('k', fetch)).ok && version).toBe(2);
    expect(await cache.read('k', fetch)).toMatchObject({ state: 'hit', read: { body: '{"v":2}' } });
  });

  it('serves the old answer while the API fails, and fails only with nothing kept', async () => {
    const time = clock();
    const cache = createReadCache({ requestsPerSecond: Infinity, now: time.now, staleWhileRevalidateMs: 1000, staleIfErrorMs: 60_000 });
    await cache.read('k', async () => answer('{"ok":1}', 1000));
    time.advance(10_000);
    const down = async (): Promise<Fetched> => ({ ok: false, reason: 'down' });
    expect(await cache.read('k', down)).toMatchObject({ ok: true, state: 'stale-if-error', read: { body: '{"ok":1}' } });
    expect(await cache.read('other', down)).toMatchObject({ ok: false, reason: 'down' });
    time.advance(60_000);
    expect(await cache.read('k', down)).toMatchObject({ ok: false });
  });

  it('maxAgeMs: an answer older than that is read again first, fresh or stale, with the old one to fall back on', async () => {
    const time = clock();
    const cache = createReadCache({ requestsPerSecond: Infinity, now: time.now, staleWhileRevalidateMs: 300_000, staleIfErrorMs: 600_000 });
    let version = 0;
    const fetch = async () => answer(`{"v":${++version}}`, 30_000);
    await cache.read('k', fetch);
    time.advance(20_000);
    // Fresh for the cache (30 s), too old for a render (15 s): a browser's read is served it, a render's waits for a new one.
    expect(await cache.read('k', fetch)).toMatchObject({ ok: true, state: 'hit', read: { body: '{"v":1}' } });
    expect(await cache.read('k', fetch, { maxAgeMs: 15_000 })).toMatchObject({ ok: true, state: 'miss', ageMs: 0, read: { body: '{"v":2}' } });
    time.advance(100_000);
    // Past freshness, within stale-while-revalidate: the same.
    expect(await cache.read('k', fetch, { maxAgeMs: 15_000 })).toMatchObject({ ok: true, state: 'miss', read: { body: '{"v":3}' } });
    time.advance(20_000);
    const down = async (): Promise<Fetched> => ({ ok: false, reason: 'down' });
    expect(await cache.read('k', down, { maxAgeMs: 15_000 })).toMatchObject({ ok: true, state: 'stale-if-error', read: { body: '{"v":3}' } });
  });

  it('pauses for Retry-After on a 429 and serves stale meanwhile', async () => {
    const time = clock();
    const cache = createReadCache({ now: time.now, staleWhileRevalidateMs: 60_000 });
    await cache.read('k', async () => answer('{"ok":1}', 1000));
    time.advance(2000);
    let calls = 0;
    const limited = async (): Promise<Fetched> => (calls++, { ok: false, reason: '429', rateLimited: true, retryAfterMs: 5000 });
    expect(await cache.read('k', limited)).toMatchObject({ ok: true, state: 'stale' });
    await expect.poll(() => cache.stats.rateLimited).toBe(1);
    expect(cache.budget.nextSlotIn()).toBeGreaterThan(4000);
    expect(await cache.read('k', limited)).toMatchObject({ ok: true, state: 'stale' });
    expect(calls).toBe(1);
  });

  it('expire() makes the next read refresh', async () => {
    const cache = createReadCache({ requestsPerSecond: Infinity });
    let version = 0;
    const fetch = async () => answer(`{"v":${++version}}`, 60_000);
    await cache.read('k', fetch);
    await cache.expire('k');
    expect(await cache.read('k', fetch)).toMatchObject({ state: 'stale' });
    await expect.poll(async () => ((await cache.read('k', fetch)).ok ? version : 0)).toBe(2);
  });

  it('refresh() during a fetch already sent fetches again, and keeps the newer answer whichever comes last', async () => {
    const cache = createReadCache({ requestsPerSecond: Infinity });
    const slow = held();
    let fetches = 0;
    const fetch = async () => (++fetches === 2 ? slow.answer : answer(`{"v":${fetches}}`, 60_000));
    await cache.read('k', fetch);
    await cache.expire('k');
    // A shopper's read starts a refresh; the API has made its answer ("v":2) when the change comes.
    expect(await cache.read('k', fetch)).toMatchObject({ state: 'stale' });
    await expect.poll(() => fetches).toBe(2);
    expect(await cache.refresh('k', fetch)).toBe(true);
    expect(fetches).toBe(3);
    expect(await cache.read('k', fetch)).toMatchObject({ state: 'hit', read: { body: '{"v":3}' } });
    slow.release(answer('{"v":2}', 60_000));
    await expect.poll(() => slow.settled).toBe(true);
    expect(await cache.read('k', fetch)).toMatchObject({ state: 'hit', read: { body: '{"v":3}' } });
    expect(fetches).toBe(3);
  });

  it('expire() during a fetch already sent keeps its answer as stale: the next reads fetch once more, together', async () => {
    const cache = createReadCache({ requestsPerSecond: Infinity });
    const slow = held();
    let fetches = 0;
    const fetch = async () => (++fetches === 1 ? slow.answer : answer(`{"v":${fetches}}`, 60_000));
    const first = cache.read('k', fetch);
    await expect.poll(() => fetches).toBe(1);
    await cache.expire('k');
    slow.release(answer('{"v":1}', 60_000));
    // Whoever waited for it gets it: they asked before the change.
    expect(await first).toMatchObject({ ok: true, state: 'miss', read: { body: '{"v":1}' } });
    const next = await Promise.all(Array.from({ length: 5 }, () => cache.read('k', fetch)));
    expect(next.map((r) => r.ok && r.state)).toEqual(next.map(() => 'stale'));
    await expect.poll(async () => ((await cache.read('k', fetch)).ok ? fetches : 0)).toBe(2);
    expect(await cache.read('k', fetch)).toMatchObject({ state: 'hit', read: { body: '{"v":2}' } });
  });

  it('refresh() joins a fetch still waiting for the budget (it will see the change)', async () => {
    const cache = createReadCache({ requestsPerSecond: 1 });
    let fetches = 0;
    await cache.read('other', async () => answer('{}'));
    const waiting = cache.read('k', async () => answer(`{"v":${++fetches}}`));
    await expect.poll(() => cache.stats.waiting).toBe(1);
    expect(await cache.refresh('k', async () => answer(`{"v":${++fetches}}`))).toBe(true);
    expect(await waiting).toMatchObject({ ok: true, read: { body: '{"v":1}' } });
    expect(fetches).toBe(1);
  });
});

/** An answer the test hands over when it likes. */
function held() {
  let release!: (fetched: Fetched) => void;
  const state = { settled: false };
  const answer = new Promise<Fetched>((resolve) => (release = resolve)).finally(() => setTimeout(() => (state.settled = true), 0));
  return {
    answer,
    release: (fetched: Fetched) => release(fetched),
    get settled() {
      return state.settled;
    },
  };
}

describe('read cache with a send-by time (server renders)', () => {
  it('answers at once a read the budget cannot send in time, still fetches it, and queues the next behind it', async () => {
    const budget = createBudget(1);
    // Two caches (two stores) of one key keep to one budget.
    const one = createReadCache({ budget });
    const two = createReadCache({ budget });
    const fetched: string[] = [];
    const fetch = (name: string) => async () => {
      fetched.push(name);
      return answer(`"${name}"`);
    };
    expect(await one.read('a', fetch('a'), { sendBy: Date.now() })).toMatchObject({ ok: true, state: 'miss' });
    const started = Date.now();
    expect(await two.read('b', fetch('b'), { sendBy: Date.now() + 100 })).toMatchObject({ ok: false, reason: expect.stringMatching(/budget/) });
    expect(Date.now() - started).toBeLessThan(100);
    await expect.poll(() => fetched, { timeout: 3000 }).toEqual(['a', 'b']);
    expect(await two.read('b', fetch('b'), { sendBy: Date.now() })).toMatchObject({ ok: true, state: 'hit', read: { body: '"b"' } });
  });

  it('serves an answer past its stale window, not a failure, when the budget cannot send its refresh in time', async () => {
    const time = clock();
    const budget = createBudget(1, { now: time.now });
    const cache = createReadCache({ budget, now: time.now, staleWhileRevalidateMs: 1000, staleIfErrorMs: 60_000 });
    await cache.read('k', async () => answer('{"v":1}', 1000));
    time.advance(5000);
    // The one slot taken again, until a second after this answer.
    await cache.read('other', async () => answer('{}'));
    expect(await cache.read('k', async () => answer('{"v":2}'), { sendBy: time.now() + 10 })).toMatchObject({ ok: true, state: 'stale-if-error', read: { body: '{"v":1}' } });
    // The refresh still goes once the slot is free.
    time.advance(1000);
    await expect.poll(() => cache.stats.fetches, { timeout: 3000 }).toBe(3);
  });

  it('serves an old answer once its send-by time is past, while the API is slow to answer', async () => {
    const cache = createReadCache({ requestsPerSecond: Infinity, staleWhileRevalidateMs: 0, staleIfErrorMs: 60_000 });
    await cache.read('k', async () => answer('{"v":1}', 10));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const slow = () => new Promise<Fetched>((resolve) => setTimeout(resolve, 1500, answer('{"v":2}')));
    const started = Date.now();
    expect(await cache.read('k', slow, { sendBy: Date.now() + 50 })).toMatchObject({ ok: true, state: 'stale-if-error', read: { body: '{"v":1}' } });
    expect(Date.now() - started).toBeLessThan(1000);
    // The new answer is kept once it comes.
    await expect.poll(async () => ((await cache.read('k', slow)) as { read: { body: string } }).read.body, { timeout: 3000 }).toBe('{"v":2}');
  });
});

describe('read cache: telling a read its request is sent (a render in the same process, `onSent`)', () => {
  it('tells each read once the request it waits for is sent, at once when it already is, and never a read the budget cannot send in time', async () => {
    const cache = createReadCache({ budget: createBudget(1) });
    let release: () => void = () => {};
    const slow = () => new Promise<Fetched>((resolve) => (release = () => resolve(answer('"a"', 60_000))));
    const told: string[] = [];
    const first = cache.read('a', slow, { onSent: () => told.push('first') });
    await expect.poll(() => told).toEqual(['first']);
    // Joins the flight already sent: told at once.
    const second = cache.read('a', slow, { onSent: () => told.push('second') });
    await expect.poll(() => told).toEqual(['first', 'second']);
    // The one request a second is spent: a read that may wait is told once its turn comes; one due now is answered at once, and not told.
    const third = cache.read('c', async () => answer('"c"'), { sendBy: Date.now() + 5000, onSent: () => told.push('third') });
    let sentB = false;
    const fetchB = async () => {
      sentB = true;
      return answer('"b"');
    };
    expect(await cache.read('b', fetchB, { sendBy: Date.now(), onSent: () => told.push('fourth') })).toMatchObject({ ok: false });
    release();
    expect(await Promise.all([first, second, third])).toMatchObject([{ ok: true }, { ok: true }, { ok: true }]);
    expect(told).toEqual(['first', 'second', 'third']);
    // A hit waits for nothing: not told either.
    expect(await cache.read('a', slow, { onSent: () => told.push('hit') })).toMatchObject({ ok: true, state: 'hit' });
    // Its request goes once the budget has a slot (for the reads after it), and the read that gave up is not told.
    await expect.poll(() => sentB, { timeout: 3000 }).toBe(true);
    expect(told).toEqual(['first', 'second', 'third']);
  });
});

describe('budget', () => {
  it('sends at most its number of requests in any second, the most-read first', async () => {
    const budget = createBudget(1);
    const started: string[] = [];
    const times: number[] = [];
    const demand: Record<string, number> = { a: 0, b: 1, c: 2, d: 3 };
    const tickets: BudgetTicket[] = [];
    const jobs = Object.keys(demand).map((name) =>
      budget.run(async () => {
        started.push(name);
        times.push(Date.now());
      }, () => demand[name]!, (ticket) => tickets.push(ticket)),
    );
    // The first goes at once; the others wait, and their demand changes while they do (each says so).
    Object.assign(demand, { b: 10, c: 1, d: 5 });
    for (const ticket of tickets) ticket.reprioritize();
    await Promise.all(jobs);
    expect(started).toEqual(['a', 'b', 'd', 'c']);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(999);
  });

  it('holds a slot until a second after its answer, so that a slow answer cannot bunch requests at the API', async () => {
    const budget = createBudget(1);
    const starts: number[] = [];
    const slow = budget.run(async () => {
      starts.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 400));
    }, () => 0);
    const next = budget.run(async () => void starts.push(Date.now()), () => 0);
    await Promise.all([slow, next]);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(1399);
  });
});

describe('memory store', () => {
  it('stays under its cap with 100,000 distinct reads', async () => {
    const maxBytes = 8 * 1024 * 1024;
    const store = memoryStore({ maxBytes });
    const cache = createReadCache({ store, requestsPerSecond: Infinity });
    const body = JSON.stringify({ average: 4.2, count: 57, distribution: { 1: 0, 2: 4, 3: 8, 4: 17, 5: 28 }, summary: { text: 'x'.repeat(400), language: 'en' } });
    for (let i = 0; i < 100_000; i++) {
      const result = await cache.read(`/v1/products/p${i}/review-summary?market=us`, async () => answer(body.replace('57', String(i)), 60_000));
      expect(result.ok).toBe(true);
    }
    expect(store.bytes).toBeLessThanOrEqual(maxBytes);
    // Full, and what it holds is the latest reads.
    const one = entryBytes('/v1/products/p99999/review-summary?market=us', { status: 200, body, contentType: 'application/json', storedAt: 0, freshMs: 0 });
    expect(store.size).toBeGreaterThan(maxBytes / one - 100);
    expect(await store.get('/v1/products/p99999/review-summary?market=us')).toBeDefined();
    expect(await store.get('/v1/products/p0/review-summary?market=us')).toBeUndefined();
  });
});

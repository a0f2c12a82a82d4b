import { InfiniteQueryObserver, QueryObserver } from '@tanstack/query-core';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { StorefrontClient } from '../../src/api/client.ts';
import { RATE_LIMIT } from '../../src/api/wire.ts';
import { InvalidKeyError, MalformedResponseError, NotFoundError, PlanLacksReviewsError, ServerError, TimeoutError, UnauthorizedError } from '../../src/api/errors.ts';
import type { Post } from '../../src/api/types.ts';
import { reviewSummaryQuery } from '../../src/queries/options.ts';
import { postQuery, postsQuery } from '../../src/queries/post-options.ts';
import { storefrontFor } from '../../src/queries/query-client.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';

const apiBase = inject('apiBase');

/** Every post id of the unfiltered list, read raw from the API. */
async function allPostIds(key: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(`${apiBase}/v1/posts`);
    url.searchParams.set('market', 'us');
    url.searchParams.set('limit', '50');
    if (cursor) url.searchParams.set('cursor', cursor);
    const page = (await (await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).json()) as { data: { id: string }[]; next_cursor: string | null };
    ids.push(...page.data.map((p) => p.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

afterEach(() => vi.restoreAllMocks());

describe('data layer over HTTP', () => {
  it('pages an infinite posts query to the end, each post once', async () => {
    const key = await testKey(apiBase, 'paging');
    const { client, queryClient } = storefrontFor({ publishableKey: key, apiBase });
    const observer = new InfiniteQueryObserver(queryClient, postsQuery(client, 'us', {}, 50));
    const unsubscribe = observer.subscribe(() => {});
    let result = (await observer.refetch()) as Awaited<ReturnType<typeof observer.fetchNextPage>>;
    while (result.hasNextPage) result = await observer.fetchNextPage();
    unsubscribe();
    const ids = result.data!.pages.flatMap((page) => page.items.map((post: Post) => post.id));
    expect(ids.length).toBeGreaterThanOrEqual(300);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await allPostIds(key));
  });

  it('deduplicates two observers with equal options into one request', async () => {
    const key = await testKey(apiBase, 'dedup');
    const { client, queryClient } = storefrontFor({ publishableKey: key, apiBase });
    const options = reviewSummaryQuery(client, 'de', { company: true });
    const first = new QueryObserver(queryClient, options);
    const second = new QueryObserver(queryClient, reviewSummaryQuery(client, 'de', { company: true }));
    const done = Promise.all([first, second].map((observer) => new Promise<void>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.isSuccess) {
          unsubscribe();
          resolve();
        }
      });
    })));
    await done;
    const log = await requestLog(apiBase, key);
    expect(log.filter((entry) => entry.path.endsWith('/company/review-summary'))).toHaveLength(1);
  });

  it('shares a review read with an element that mounts a moment later, within one page view', async () => {
    const key = await testKey(apiBase, 'late');
    const { client, queryClient } = storefrontFor({ publishableKey: key, apiBase });
    const read = (observer: QueryObserver<unknown, Error, unknown, unknown, readonly unknown[]>) =>
      new Promise<void>((resolve) => {
        const unsubscribe = observer.subscribe((result) => {
          if (result.isSuccess) {
            unsubscribe();
            resolve();
          }
        });
        if (observer.getCurrentResult().isSuccess) {
          unsubscribe();
          resolve();
        }
      });
    await read(new QueryObserver(queryClient, reviewSummaryQuery(client, 'us', { productRef: 'aster-linen-shirt' })) as never);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The second reader stays mounted, as an element would.
    const unsubscribe = new QueryObserver(queryClient, reviewSummaryQuery(client, 'us', { productRef: 'aster-linen-shirt' })).subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    unsubscribe();
    expect((await requestLog(apiBase, key)).filter((entry) => entry.path.endsWith('/review-summary'))).toHaveLength(1);
  });

  it('sends 120 requests issued at once within the API rate (40 at once, then 20 per second), and each is answered', async () => {
    const key = await testKey(apiBase, 'burst');
    const client = new StorefrontClient({ publishableKey: key, apiBase });
    // When each request of this key leaves (the real fetch still sends it). Requests of
    // other keys, such as an earlier test's late refetch, draw on other buckets.
    const sent: number[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      if (JSON.stringify(args[1]?.headers ?? {}).includes(key)) sent.push(performance.now());
      return realFetch(...args);
    });
    const posts = (await client.listPosts('us', {}, { limit: 50 })).items;
    const results = await Promise.all(Array.from({ length: 119 }, (_, i) => client.getPost('us', posts[i % posts.length]!.id)));
    expect(results).toHaveLength(119);
    // Replayed through the API's own bucket, no request finds it empty: a server that
    // answers as requests arrive refuses none. (One whose event loop stalls under load
    // sees them bunched and may refuse a few; the client then waits and retries.)
    let tokens: number = RATE_LIMIT.capacity;
    let last = sent[0]!;
    const refused = sent.filter((at) => {
      tokens = Math.min(RATE_LIMIT.capacity, tokens + ((at - last) * RATE_LIMIT.refillPerSecond) / 1000);
      last = at;
      if (tokens < 1) return true;
      tokens -= 1;
      return false;
    });
    expect(refused).toEqual([]);
    expect(sent.length).toBeGreaterThanOrEqual(120);
    const log = await requestLog(apiBase, key);
    expect(log.filter((entry) => entry.status === 200)).toHaveLength(120);
    expect(log.filter((entry) => entry.status !== 200 && entry.status !== 429)).toEqual([]);
  });

  it('retries a forced 429 once Retry-After has passed', async () => {
    const key = await testKey(apiBase, 'forced429', { faults: { force429: 1, retryAfterSeconds: 1 } });
    const client = new StorefrontClient({ publishableKey: key, apiBase });
    const page = await client.listPosts('us', {}, { limit: 3 });
    expect(page.items).toHaveLength(3);
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => entry.status)).toEqual([429, 200]);
    expect(log[1]!.at - log[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 with backoff, and surfaces a typed error after three tries', async () => {
    const key = await testKey(apiBase, 'fail500', { faults: { fail500: 5 } });
    const client = new StorefrontClient({ publishableKey: key, apiBase, retryDelayMs: 100 });
    const error = await client.listPosts('us', {}, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).retryable).toBe(true);
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => entry.status)).toEqual([500, 500, 500]);
    // Each try arrives at least its backoff after the one before (a loaded machine only
    // adds to a gap): 50..100 ms after the first failure, 100..200 ms after the second.
    expect(log[1]!.at - log[0]!.at).toBeGreaterThanOrEqual(49);
    expect(log[2]!.at - log[1]!.at).toBeGreaterThanOrEqual(99);
  });

  it('recovers when a 500 is followed by success', async () => {
    const key = await testKey(apiBase, 'fail500once', { faults: { fail500: 2 } });
    const client = new StorefrontClient({ publishableKey: key, apiBase, retryDelayMs: 50 });
    expect((await client.listPosts('us', {}, { limit: 2 })).items).toHaveLength(2);
    expect((await requestLog(apiBase, key)).map((entry) => entry.status)).toEqual([500, 500, 200]);
  });

  it('times out a slow answer, retries, and counts it as a failure', async () => {
    const key = await testKey(apiBase, 'slow', { faults: { latencyMs: 800 } });
    const client = new StorefrontClient({ publishableKey: key, apiBase, timeoutMs: 200, retryDelayMs: 20 });
    const error = await client.listPosts('us', {}, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).retryable).toBe(true);
    // The emulator logs a request as it arrives: three tries, each sent once the one before
    // timed out (200 ms). A busy event loop stamps an arrival late by a few ms, which
    // shortens the gap after it: each gap is well over the 20 ms retry delay (tries sent at
    // once would be some 20 ms apart), and the two together near the two timeouts.
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => entry.path)).toEqual(['/v1/posts', '/v1/posts', '/v1/posts']);
    expect(log[1]!.at - log[0]!.at).toBeGreaterThanOrEqual(150);
    expect(log[2]!.at - log[1]!.at).toBeGreaterThanOrEqual(150);
    expect(log[2]!.at - log[0]!.at).toBeGreaterThanOrEqual(350);
  });

  it('reports a malformed body as a typed, retryable error', async () => {
    const key = await testKey(apiBase, 'malformed', { faults: { malformed: 1 } });
    const client = new StorefrontClient({ publishableKey: key, apiBase });
    const error = await client.listPosts('us', {}, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).retryable).toBe(true);
  });

  it('never retries a 4xx other than 429, and types each', async () => {
    const key = await testKey(apiBase, 'fourxx');
    const client = new StorefrontClient({ publishableKey: key, apiBase });
    await expect(client.getPost('us', 'pst_does_not_exist')).rejects.toBeInstanceOf(NotFoundError);
    await expect(new StorefrontClient({ publishableKey: 'svc_pk_unknown_key', apiBase }).getPost('us', 'x')).rejects.toBeInstanceOf(UnauthorizedError);
    const noReviews = await testKey(apiBase, 'plan', { plan: 'noreviews' });
    await expect(new StorefrontClient({ publishableKey: noReviews, apiBase }).getReviewSummary('us', { company: true })).rejects.toBeInstanceOf(PlanLacksReviewsError);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
    expect(await requestLog(apiBase, noReviews)).toHaveLength(1);
  });

  it('aborts a request in flight without retrying it', async () => {
    const key = await testKey(apiBase, 'abort', { faults: { latencyMs: 1500 } });
    const client = new StorefrontClient({ publishableKey: key, apiBase });
    const controller = new AbortController();
    const pending = client.listPosts('us', {}, {}, controller.signal).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new DOMException('gone', 'AbortError')), 100);
    const error = await pending;
    expect((error as DOMException).name).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await requestLog(apiBase, key)).length).toBeLessThanOrEqual(1);
  });

  it('refuses a secret key before any request is made', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => new StorefrontClient({ publishableKey: 'svc_sk_live_secret_1234567', apiBase })).toThrow(InvalidKeyError);
    expect(() => storefrontFor({ publishableKey: 'svc_sk_live_secret_1234567', apiBase })).toThrow(InvalidKeyError);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shares one QueryClient per key and base, and a post read is cached for later readers', async () => {
    const key = await testKey(apiBase, 'cache');
    const a = storefrontFor({ publishableKey: key, apiBase });
    const b = storefrontFor({ publishableKey: key, apiBase: `${apiBase}/` });
    expect(b.queryClient).toBe(a.queryClient);
    const first = (await a.client.listPosts('us', {}, { limit: 1 })).items[0]!;
    await a.queryClient.fetchQuery(postQuery(a.client, 'us', first.id));
    await b.queryClient.fetchQuery(postQuery(b.client, 'us', first.id));
    expect((await requestLog(apiBase, key)).filter((entry) => entry.path.includes(first.id))).toHaveLength(1);
  });
});

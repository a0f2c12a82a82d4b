/**
 * A crowd of shoppers for the tests of several proxy instances or isolates sharing one
 * budget (redis.test.ts, workerd-durable.test.ts): distinct reads, an open loop of views at
 * random instances, and what reached the emulator's API.
 */
import { requestLog } from '../support/emulator-control.ts';
import { apiBase } from './support.ts';

/** One instance or isolate of the proxy: a read of `path` at it. */
export type Reader = (path: string) => Promise<Response>;

/** Distinct reads a shop's pages make: per product, its summary, its rich snippet and review pages of several sizes. */
export async function distinctReads(count: number): Promise<string[]> {
  const { products } = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string }[] };
  const reads: string[] = [];
  for (let limit = 1; reads.length < count; limit++) {
    for (const { handle } of products) {
      reads.push(`/v1/products/${handle}/reviews?market=us&limit=${limit}`);
      if (limit === 1) reads.push(`/v1/products/${handle}/review-summary?market=us`, `/v1/products/${handle}/rich-snippet?market=us`);
    }
  }
  return reads.slice(0, count);
}

export interface Outcome {
  ok: boolean;
  ms: number;
  /** When the view began, ms after the crowd did. */
  at: number;
}

/** One shopper's read at a random instance, retried as the widgets do (503 after Retry-After, a few times). */
export async function shopperRead(all: Reader[], path: string, crowdStarted: number): Promise<Outcome> {
  const started = performance.now();
  const at = started - crowdStarted;
  for (let tries = 0; tries < 6; tries++) {
    const response = await all[Math.floor(Math.random() * all.length)]!(path).catch(() => undefined);
    await response?.arrayBuffer();
    if (response?.status === 200) return { ok: true, ms: performance.now() - started, at };
    const retryAfter = Number(response?.headers.get('retry-after') ?? 1);
    await new Promise((done) => setTimeout(done, Math.min(3, Math.max(0.2, retryAfter)) * 1000));
  }
  return { ok: false, ms: performance.now() - started, at };
}

/** `perSecond` views a second for `seconds`, each of a random one of `paths` at a random instance (an open loop). */
export async function crowd(all: Reader[], paths: readonly string[], perSecond: number, seconds: number): Promise<Outcome[]> {
  const reads: Promise<Outcome>[] = [];
  const started = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await new Promise((done) => setTimeout(done, wait));
    reads.push(shopperRead(all, paths[Math.floor(Math.random() * paths.length)]!, started));
  }
  return Promise.all(reads);
}

/** What reached the API for `key`: its busiest second, its 429s and its requests. */
export async function apiLoad(key: string): Promise<{ busiest: number; rateLimited: number; requests: number }> {
  const { seconds } = (await (await fetch(`${apiBase}/__emulator/counts?key=${encodeURIComponent(key)}`)).json()) as { seconds: { requests: number; rate_limited: number }[] };
  return { busiest: Math.max(0, ...seconds.map((s) => s.requests)), rateLimited: seconds.reduce((n, s) => n + s.rate_limited, 0), requests: seconds.reduce((n, s) => n + s.requests, 0) };
}

/** Where in the API's answered requests (200) each of `paths` went (its index; -1: none), by path and `limit`. */
export async function sentOrder(key: string, paths: string[]): Promise<number[]> {
  const log = (await requestLog(apiBase, key)).filter((entry) => entry.status === 200);
  const name = (path: string, limit: unknown) => `${path}#${limit ?? ''}`;
  const sent = log.map((entry) => name(entry.path, (entry.query as Record<string, unknown>)['limit']));
  return paths.map((path) => {
    const url = new URL(path, 'http://x');
    return sent.indexOf(name(url.pathname, url.searchParams.get('limit') ?? undefined));
  });
}

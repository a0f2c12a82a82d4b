import { RateLimitedError } from '../api/errors.js';
import { createBudget, type Budget } from '../edge/budget.js';
import { createReadCache, type Fetched, type ReadCache } from '../edge/read-cache.js';
import { memoryStore, type ReadStore, type StoredRead } from '../edge/stores.js';
import type { StorefrontClient } from '../api/client.js';
import type { ReadApi } from '../page/server-state.js';
import { readerFor } from './readers.js';

/**
 * Where every read of a server render goes (server-reads.ts calls nothing else): a read
 * cache of its own (`cachedReads`: edge/read-cache.ts, with the loaded data kept as a JSON
 * body), or a read proxy in the same process (proxy-reads.ts: the API's bodies, in its cache).
 */
export interface ReadSource {
  /**
   * The read named `id` (its API, key and query), made with `load` unless one is at hand,
   * with the client the source gives it; its data and when it was made (ms since the
   * epoch). `key` names the API and key whose rate limit the read counts against. A read
   * that cannot be sent before `by` (ms since the epoch: the render's deadline) rejects at
   * once; it is still made, for later renders.
   */
  read(request: { id: string; api: ReadApi; key: string; by: number; load: (signal: AbortSignal, reader: StorefrontClient) => Promise<unknown> }): Promise<{ data: unknown; at: number }>;
  /** Whether the read named `id` is on its way to the API now (sent, for this render or another), so that its answer is near. */
  onItsWay(id: string): boolean;
}

/**
 * The oldest data a server render puts in a page (ms since the API answered): half the
 * browser's 30 s for reviews, so that the browser does not read it again as it hydrates.
 * Renders through a proxy ask it for no older answer (proxy-reads.ts).
 */
export const MAX_DATA_AGE_MS = 15_000;

export interface CachedReadsOptions {
  /** Where reads are kept: any `ReadStore` of storefront-widgets/edge. */
  store: ReadStore;
  /** How long a read serves every render as it is. Default 8 s. */
  freshMs?: number;
  /** How long past that it still serves one at once while one request reads it again. Default 7 s: with `freshMs`'s 8, a page's data is at most `MAX_DATA_AGE_MS` old. */
  staleWhileRevalidateMs?: number;
  /** How long a read may take before it is given up. Default 10 s. */
  timeoutMs?: number;
  /** The budgets of requests per key (API base and publishable key). Default: this process's, shared by every store. */
  budgets?: Map<string, Budget>;
}

/**
 * Server renders' keys in a store: apart from the read proxy's (`https://…/v1/…`), whose
 * entries are the API's bodies, where these are the elements' normalized data.
 */
export const KEY_PREFIX = 'storefront-widgets/ssr:';

/**
 * Requests per key: at most 18 in any second, as the read proxy's default, under the
 * API's 20, with room for the browsers' reads, which the fresh data the pages carry
 * mostly spares. (14 made a cold start of the bench's 20 products take 6 s.)
 */
const REQUESTS_PER_SECOND = 18;

/** One budget per key in this process, whatever the store. */
const processBudgets = new Map<string, Budget>();

/**
 * The reads of server renders through the read proxy's cache: one request for concurrent
 * identical reads, stale-while-revalidate, stale-if-error, a budget per key, answers
 * kept in `store` (bounded as it is). The data the browser gets keeps the time it was
 * read, so it reads anew when it would have anyway.
 */
export function cachedReads({ store, freshMs = 8_000, staleWhileRevalidateMs = 7_000, timeoutMs = 10_000, budgets = processBudgets }: CachedReadsOptions): ReadSource {
  const caches = new Map<string, ReadCache>();
  const cacheFor = (key: string): ReadCache => {
    let cache = caches.get(key);
    if (cache === undefined) {
      let budget = budgets.get(key);
      if (budget === undefined) budgets.set(key, (budget = createBudget(REQUESTS_PER_SECOND)));
      caches.set(key, (cache = createReadCache({ store, budget, staleWhileRevalidateMs, missTimeoutMs: timeoutMs })));
    }
    return cache;
  };
  // Each kept body parsed once (a memory store gives the same record back each time).
  const parsed = new WeakMap<StoredRead, unknown>();
  const dataOf = (read: StoredRead): unknown => {
    if (!parsed.has(read)) parsed.set(read, JSON.parse(read.body));
    return parsed.get(read);
  };
  // The reads whose request the budget has let go and that have not answered yet.
  const sent = new Set<string>();
  return {
    onItsWay: (id) => sent.has(id),
    async read({ id, api, key, by, load }) {
      const fetch = async (): Promise<Fetched> => {
        sent.add(id);
        try {
          const data = await load(AbortSignal.timeout(timeoutMs), readerFor(api));
          return { ok: true, status: 200, body: JSON.stringify(data ?? null), contentType: 'application/json', freshMs };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          return error instanceof RateLimitedError ? { ok: false, reason, rateLimited: true, retryAfterMs: error.retryAfterSeconds * 1000 } : { ok: false, reason };
        }
      };
      // (Kept as sent until the cache has it: the answer is then a moment away.)
      const result = await cacheFor(key)
        .read(KEY_PREFIX + id, fetch, { sendBy: by })
        .finally(() => sent.delete(id));
      if (!result.ok) throw new Error(`storefront-widgets: the read ${id} is not at hand: ${result.reason}.`);
      return { data: dataOf(result.read), at: result.read.storedAt };
    },
  };
}

const sources = new WeakMap<ReadStore, ReadSource>();
let processStore: ReadStore | undefined;

/** The reads through `store`, the same for every render given it (so they share their requests); without one, this process's memory store (64 MiB). */
export function readsThrough(store: ReadStore | undefined): ReadSource {
  const kept = store ?? (processStore ??= memoryStore());
  let source = sources.get(kept);
  if (source === undefined) sources.set(kept, (source = cachedReads({ store: kept })));
  return source;
}

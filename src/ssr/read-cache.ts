import { LRUCache } from 'lru-cache';

/**
 * Where every read of a server render goes (server-reads.ts calls nothing else): the one
 * seam for a cache shared with the read proxy, which can take this interface's place.
 */
export interface ReadSource {
  /**
   * The read named `id` (its API, key and query), made with `load` unless one is at hand;
   * its data and when it was made (ms since the epoch). `key` names the API and key whose
   * rate limit the read counts against. A read that cannot be sent before `by` (ms since
   * the epoch: the render's deadline) rejects at once; it is still made, for later renders.
   */
  read(request: { id: string; key: string; by: number; load: (signal: AbortSignal) => Promise<unknown> }): Promise<{ data: unknown; at: number }>;
}

export interface ProcessReadsOptions {
  /** How long a read serves every render as it is. Default 8 s. */
  freshMs?: number;
  /** How long past that it still serves one at once while it is read again (one request). Default 7 s: a page's data is at most 15 s old, half the browser's 30 s for reviews. */
  staleMs?: number;
  /** How many reads it keeps. Default 1000. */
  max?: number;
  /** How long a read may take, its wait on the budget included, before it is given up. Default 10 s. */
  timeoutMs?: number;
  /**
   * The requests a key may make: `burst` at once, `perSecond` after that. Default 6 and
   * 14: at most 20 in any second, the API's limit for a key, with nothing left for the
   * browsers' reads, which the fresh data the pages carry spares.
   */
  budget?: { burst: number; perSecond: number };
}

type Entry = { data: unknown; at: number };
type Load = (signal: AbortSignal) => Promise<unknown>;

/**
 * The reads of one process, until the shared cache replaces it: concurrent renders that
 * need the same read share one request; a read serves every render for `freshMs`, and for
 * `staleMs` more it serves at once while one request reads it again (and when that read
 * fails). Older than that, a render waits for a new read (within its deadline). Requests
 * keep to a budget per key, under the API's limit (so no 429). Keeps `max` reads, the
 * least used go first. The data the browser gets keeps the time it was read, so it reads
 * anew when it would have anyway.
 */
export function processReads({ freshMs = 8_000, staleMs = 7_000, max = 1_000, timeoutMs = 10_000, budget = { burst: 6, perSecond: 14 } }: ProcessReadsOptions = {}): ReadSource {
  // The budget as a schedule (GCRA): each request's time to be sent is known when it is
  // asked for, so a render can tell at once that a read will not come in time.
  const interval = 1000 / budget.perSecond;
  const tolerance = (budget.burst - 1) * interval;
  const theoretical = new Map<string, number>();
  /** When the next request of `key` may be sent, and that time taken. */
  const reserve = (key: string): number => {
    const now = Date.now();
    const next = Math.max(theoretical.get(key) ?? now, now);
    theoretical.set(key, next + interval);
    return Math.max(now, next - tolerance);
  };
  /** When each read in flight is sent. */
  const sendsAt = new Map<string, number>();
  const cache = new LRUCache<string, Entry, { key: string; load: Load }>({
    max,
    ttl: freshMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (id, _stale, { signal, context }) => {
      const at = reserve(context.key);
      sendsAt.set(id, at);
      try {
        const within = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
        if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
        within.throwIfAborted();
        return { data: await context.load(within), at: Date.now() };
      } finally {
        sendsAt.delete(id);
      }
    },
  });
  return {
    async read({ id, key, by, load }) {
      const kept = cache.peek(id, { allowStale: true });
      const tooOld = kept !== undefined && Date.now() - kept.at > freshMs + staleMs;
      const fetching = cache.fetch(id, { context: { key, load }, allowStale: !tooOld });
      if ((sendsAt.get(id) ?? 0) > by && (kept === undefined || tooOld)) {
        fetching.catch(() => undefined);
        throw new Error(`storefront-widgets: the read ${id} waits for the budget past the deadline.`);
      }
      const entry = await fetching;
      if (entry === undefined) throw new Error(`storefront-widgets: the read ${id} gave nothing.`);
      return entry;
    },
  };
}

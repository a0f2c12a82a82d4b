import { LRUCache } from 'lru-cache';

/**
 * Where every read of a server render goes (server-reads.ts calls nothing else): the one
 * seam for a cache shared with the read proxy, which can take this interface's place.
 */
export interface ReadSource {
  /** The read named `id` (its API, key and query), made with `load` unless one is at hand; its data and when it was made (ms since the epoch). */
  read(id: string, load: (signal: AbortSignal) => Promise<unknown>): Promise<{ data: unknown; at: number }>;
}

export interface ProcessReadsOptions {
  /** How long a read serves every render as it is. Default 5 s. */
  freshMs?: number;
  /** How long past that it still serves one at once while it is read again (each read of it asks once). Default 10 s. */
  staleMs?: number;
  /** How many reads it keeps. Default 1000. */
  max?: number;
  /** How long a read may take, its wait on the key's rate limit included, before it is given up. Default 10 s. */
  timeoutMs?: number;
}

type Entry = { data: unknown; at: number };
type Load = (signal: AbortSignal) => Promise<unknown>;

/**
 * The reads of one process, until the shared cache replaces it: concurrent renders that
 * need the same read share one request; a read serves every render for `freshMs`, and for
 * `staleMs` more it serves at once while one request reads it again (and when that read
 * fails). Older than that, a render waits for a new read. The data the browser gets keeps
 * the time it was read, so it reads anew when it would have anyway (its stale times are
 * 30 s for reviews, a minute for posts: longer than these).
 */
export function processReads({ freshMs = 5_000, staleMs = 10_000, max = 1_000, timeoutMs = 10_000 }: ProcessReadsOptions = {}): ReadSource {
  const cache = new LRUCache<string, Entry, Load>({
    max,
    ttl: freshMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (_id, _stale, { signal, context }) => ({ data: await context(AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])), at: Date.now() }),
  });
  return {
    async read(id, load) {
      const kept = cache.peek(id, { allowStale: true });
      const tooOld = kept !== undefined && Date.now() - kept.at > freshMs + staleMs;
      const entry = await cache.fetch(id, { context: load, allowStale: !tooOld });
      if (entry === undefined) throw new Error(`storefront-widgets: the read ${id} gave nothing.`);
      return entry;
    },
  };
}

import { StorefrontClient } from '../api/client.js';
import { RateLimitedError } from '../api/errors.js';
import type { RateLimiter } from '../api/rate-limit.js';
import type { ReadApi } from '../page/server-state.js';

/**
 * The server's reads pass one limit, the read cache's budget (read-cache.ts), not also the
 * key's token bucket, which paces a page's reads: a 429 goes to the cache, which pauses its budget.
 */
const cacheBudgetOnly: RateLimiter = {
  acquire: () => Promise.resolve(),
  pauseFor: (ms) => {
    throw new RateLimitedError(Math.ceil(ms / 1000));
  },
};

/** The same reads as the browser's client (its normalizer, retries and errors), paced by the read cache alone. */
class CachedReader extends StorefrontClient {
  protected override readonly limiter = cacheBudgetOnly;
}

const readers = new Map<string, StorefrontClient>();

/** The client that makes the server's reads for `api` (through `cachedReads`), one per API and key. */
export function readerFor(api: ReadApi): StorefrontClient {
  const id = `${api.apiBase ?? ''}|${api.publishableKey}`;
  let reader = readers.get(id);
  if (reader === undefined) readers.set(id, (reader = new CachedReader(api)));
  return reader;
}

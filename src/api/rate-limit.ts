import { RATE_LIMIT } from './wire.js';
import { sharedSingleton } from '../page/shared-state.js';

/**
 * A token bucket that requests wait on before they are sent. The protocol is kept
 * small and stable because buckets are shared through `globalThis` with other copies
 * (and versions) of the library on the same page.
 */
export interface RateLimiter {
  /** Resolves when a request may be sent; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** Holds every request until `ms` from now (after a 429's `Retry-After`). */
  pauseFor(ms: number): void;
}

export interface TokenBucketOptions {
  capacity: number;
  refillPerSecond: number;
  now?: () => number;
}

interface Waiter {
  resolve: () => void;
  cleanup: () => void;
}

export function createTokenBucket({ capacity, refillPerSecond, now = () => performance.now() }: TokenBucketOptions): RateLimiter {
  let tokens = capacity;
  let updatedAt = now();
  let pausedUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiters: Waiter[] = [];

  const refill = (at: number) => {
    tokens = Math.min(capacity, tokens + ((at - updatedAt) * refillPerSecond) / 1000);
    updatedAt = at;
  };

  const drain = () => {
    timer = undefined;
    const at = now();
    refill(at);
    while (waiters.length > 0 && at >= pausedUntil && tokens >= 1) {
      tokens -= 1;
      const waiter = waiters.shift()!;
      waiter.cleanup();
      waiter.resolve();
    }
    if (waiters.length > 0) {
      const wait = at < pausedUntil ? pausedUntil - at : ((1 - tokens) * 1000) / refillPerSecond;
      timer = setTimeout(drain, Math.max(1, Math.ceil(wait)));
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(signal!.reason);
        };
        const waiter: Waiter = { resolve, cleanup: () => signal?.removeEventListener('abort', onAbort) };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
        if (timer === undefined) drain();
      });
    },
    pauseFor(ms) {
      const at = now();
      refill(at);
      tokens = 0;
      pausedUntil = Math.max(pausedUntil, at + ms);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (waiters.length > 0) timer = setTimeout(drain, Math.max(1, Math.ceil(pausedUntil - at)));
    },
  };
}

/**
 * The page-wide bucket of one publishable key at one API base, shared by every element
 * and every copy of the library. A little below the API's own budget (40, 20 per
 * second), so that network jitter between client and server never turns into a 429.
 */
export function sharedRateLimiter(apiBase: string, publishableKey: string): RateLimiter {
  const buckets = sharedSingleton('rate-limiters.v1', () => new Map<string, RateLimiter>());
  const id = `${apiBase}|${publishableKey}`;
  let bucket = buckets.get(id);
  if (bucket === undefined) {
    bucket = createTokenBucket({ capacity: RATE_LIMIT.capacity - 2, refillPerSecond: RATE_LIMIT.refillPerSecond * 0.95 });
    buckets.set(id, bucket);
  }
  return bucket;
}

import { LRUCache } from 'lru-cache';

/** One answer of the API as the cache keeps it. */
export interface StoredRead {
  status: number;
  /** The body as the API sent it. */
  body: string;
  contentType: string;
  /** Epoch milliseconds when the API answered. */
  storedAt: number;
  /** How long it is fresh after `storedAt`, in milliseconds. */
  freshMs: number;
}

/**
 * Where the read cache keeps answers: memory (`memoryStore`), the runtime's Web Cache
 * API (`webCacheStore`), both (`layeredStore`), or anything else with these three
 * methods (a shared Redis or KV in a shop's own code). `keepMs` is how long the answer is
 * of any use (fresh, then stale); a store may forget it sooner.
 */
export interface ReadStore {
  get(key: string): StoredRead | undefined | Promise<StoredRead | undefined>;
  set(key: string, read: StoredRead, keepMs: number): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

/** Default cap of `memoryStore`: 64 MiB of answers (bodies and keys, as UTF-16 code units). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** What an entry costs beyond its strings: the record, the LRU's slots, the timers' numbers. */
const ENTRY_OVERHEAD_BYTES = 256;

/** The size the memory store counts for one entry: its strings at two bytes a code unit, and a fixed overhead. */
export function entryBytes(key: string, read: StoredRead): number {
  return 2 * (key.length + read.body.length + read.contentType.length) + ENTRY_OVERHEAD_BYTES;
}

export interface MemoryStore extends ReadStore {
  /** Bytes held now, as `entryBytes` counts them. */
  readonly bytes: number;
  readonly size: number;
  readonly maxBytes: number;
}

/** Answers in this process's memory: least recently used dropped first once `maxBytes` is reached. */
export function memoryStore({ maxBytes = DEFAULT_MAX_BYTES }: { maxBytes?: number } = {}): MemoryStore {
  const lru = new LRUCache<string, StoredRead>({ maxSize: maxBytes, sizeCalculation: (read, key) => entryBytes(key, read), ttlAutopurge: false });
  return {
    get: (key) => lru.get(key),
    set: (key, read, keepMs) => void lru.set(key, read, { ttl: Math.max(1, Math.ceil(keepMs)) }),
    delete: (key) => void lru.delete(key),
    get bytes() {
      return lru.calculatedSize;
    },
    get size() {
      return lru.size;
    },
    maxBytes,
  };
}

/** A store that keeps nothing: caching off (concurrent identical reads still share one request, within the budget). */
export function noStore(): ReadStore {
  return { get: () => undefined, set: () => undefined, delete: () => undefined };
}

/** The subset of the Web Cache API's `Cache` this store uses (Workers' `caches.default`, a browser's or Deno's `caches.open(…)`). */
export interface WebCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
  delete(request: Request): Promise<boolean>;
}

const META = { status: 'x-storefront-status', storedAt: 'x-storefront-stored-at', freshMs: 'x-storefront-fresh-ms' } as const;

/**
 * Answers in a Web Cache (in Workers, `caches.default`: shared by the isolates of one
 * data centre). Keys become URLs under `keyBase`, which should be a host of the zone
 * the worker serves.
 */
export function webCacheStore(cache: WebCache, { keyBase = 'https://storefront-read-cache.internal/' }: { keyBase?: string } = {}): ReadStore {
  const request = (key: string) => new Request(new URL(encodeURIComponent(key), keyBase));
  return {
    async get(key) {
      const response = await cache.match(request(key));
      if (!response) return undefined;
      const status = Number(response.headers.get(META.status));
      const storedAt = Number(response.headers.get(META.storedAt));
      const freshMs = Number(response.headers.get(META.freshMs));
      if (![status, storedAt, freshMs].every(Number.isFinite)) return undefined;
      return { status, storedAt, freshMs, body: await response.text(), contentType: response.headers.get('content-type') ?? 'application/json' };
    },
    async set(key, read, keepMs) {
      const headers = {
        'content-type': read.contentType,
        'cache-control': `max-age=${Math.max(1, Math.ceil(keepMs / 1000))}`,
        [META.status]: String(read.status),
        [META.storedAt]: String(read.storedAt),
        [META.freshMs]: String(read.freshMs),
      };
      await cache.put(request(key), new Response(read.body, { status: 200, headers }));
    },
    async delete(key) {
      await cache.delete(request(key));
    },
  };
}

/** Looks in each store in turn (memory first, say, then a shared one); an answer found further on is copied to the stores before it. */
export function layeredStore(...stores: ReadStore[]): ReadStore {
  return {
    async get(key) {
      for (let i = 0; i < stores.length; i++) {
        const read = await stores[i]!.get(key);
        if (read !== undefined) {
          // Copied for the rest of its stale life, which is what the first store would have kept.
          for (let j = 0; j < i; j++) await stores[j]!.set(key, read, Math.max(1, read.storedAt + read.freshMs - Date.now()) + LAYER_COPY_KEEP_MS);
          return read;
        }
      }
      return undefined;
    },
    async set(key, read, keepMs) {
      await Promise.all(stores.map((store) => store.set(key, read, keepMs)));
    },
    async delete(key) {
      await Promise.all(stores.map((store) => store.delete(key)));
    },
  };
}

/** How long past its freshness a copy from a further store is kept in the nearer ones. */
const LAYER_COPY_KEEP_MS = 60 * 60 * 1000;

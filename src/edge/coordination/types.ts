import type { Budget } from '../budget.js';
import type { ReadStore, StoredRead } from '../stores.js';

/**
 * The seam between one proxy instance and the others of the same shop (same key): the
 * budget toward the API, the store of answers and the merge of equal reads. The default,
 * `localCoordination()`, keeps all three in this process, as a shop with one instance
 * needs; `createRedisCoordinator` (./redis.ts) holds them in Redis or Valkey for many.
 */

/** What a coordinator tells its observer (metrics, logs). */
export type CoordinationEvent =
  | { type: 'circuit'; up: boolean; reason: string }
  /** A read answered by another instance's fetch. */
  | { type: 'merged' }
  /** A wait for another instance's fetch that ran out: fetched alone. */
  | { type: 'lock-timeout' }
  /** A permit of the budget asked for: from the shared bucket or this instance's share, and the wait it was told (0: granted). */
  | { type: 'permit'; shared: boolean; waitMs: number; /** Granted, but read too late to use (see gated-budget.ts's `LATE_PERMIT_MS`). */ late?: boolean };

/** Makes a proxy's coordinator, given the name of its shop's keys (a hash of its key and API) and its observer. */
export type Coordination = (shop: { namespace: string; observe?: (event: CoordinationEvent) => void }) => Coordinator;

/** A fetch that failed, as the read cache hands it on (see read-cache.ts's `Fetched`). */
export interface FailedRead {
  ok: false;
  reason: string;
  retryAfterMs?: number;
  rateLimited?: boolean;
  status?: number;
}

/**
 * One fetch of a key across instances. `load` fetches it (within the budget) and keeps
 * the answer in the store; `since` is the `storedAt` of the answer the caller holds (or
 * the moment of a change it must see past): an answer kept after it, by any instance,
 * is as good as a fetch of one's own.
 */
export interface ReadMerge {
  run(key: string, since: number, load: () => Promise<StoredRead | FailedRead>, demand?: MergeDemand): Promise<StoredRead | FailedRead>;
}

/**
 * The caller's demand for a merged read. Across instances, the one that fetches it may hold
 * it low in its own queue (a first read, a refresh) while another's shoppers wait for it:
 * a waiter says so, and the fetching instance ranks its read as if they waited there.
 */
export interface MergeDemand {
  /** Shoppers wait for this read here now, and how many (0: none, a background refresh). */
  waiting(): number;
  /** Shoppers elsewhere wait for this read (`count` at the instance that says so most): rank it as a read shoppers wait for. */
  raise(count: number): void;
  /** The budget's rank of this read with `count` shoppers waiting for it, for a gate that holds every instance's queue (the Durable Object). */
  rank(count: number): number;
}

/** How one proxy instance shares its budget, its answers and its fetches with the shop's others: `localCoordination()` alone, Redis (`storefront-widgets/edge/redis`). */
export interface Coordinator {
  /** The budget toward the API for reads of this instance, `perSecond` shared by every instance. */
  budget(perSecond: number, options: { maxQueue: number }): Budget;
  /** The store of answers, with `local` (this process's memory) in front. Called once. */
  store(local: ReadStore): ReadStore;
  /** The shared engine's store alone (no memory in front), for entries a part keeps in memory of its own (ratings by product); none when local. */
  readonly shared?: ReadStore;
  readonly merge: ReadMerge;
  /** `true` for the first caller of `id` (a webhook's) across instances within `keepMs`, `false` after. */
  claim(id: string, keepMs: number): Promise<boolean>;
  /** Resolves once the shared engine's client is loaded and a first connection tried; rejects when the client cannot be loaded. */
  ready(): Promise<void>;
  /** Whether the shared engine answers now (always, for the local one). */
  readonly up: boolean;
  /** What the coordinator says of itself on `/readyz` and in logs: never a URL's password. */
  describe(): Record<string, unknown>;
  close(): Promise<void>;
}

const CLAIMS_KEPT = 10_000;

/** Ids claimed in this process: insertion-ordered and bounded, the oldest forgotten first (the webhook receiver's own rule). */
export function createLocalClaims(): { claim(id: string): boolean } {
  const claimed = new Set<string>();
  return {
    claim(id) {
      if (claimed.has(id)) return false;
      claimed.add(id);
      if (claimed.size > CLAIMS_KEPT) claimed.delete(claimed.values().next().value!);
      return true;
    },
  };
}

/** Everything in this process: one instance's budget, its memory, its own single flight (the read cache's). */
export function localCoordination(createLocalBudget: (perSecond: number, options: { maxQueue: number }) => Budget): Coordinator {
  const claims = createLocalClaims();
  return {
    budget: createLocalBudget,
    store: (local) => local,
    merge: { run: (_key, _since, load) => load() },
    claim: async (id) => claims.claim(id),
    ready: async () => {},
    up: true,
    describe: () => ({ mode: 'local' }),
    close: async () => {},
  };
}

/** A name for this shop's keys in a shared store: a hash of its key and API (FNV-1a, twice), never the key itself. */
export function shopNamespace(publishableKey: string, apiBase: string): string {
  const text = `${apiBase}\u0000${publishableKey}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

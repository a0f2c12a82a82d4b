import { LRUCache } from 'lru-cache';
import { API_VERSION_PATH, envelope, params, paths } from '../api/wire.js';
import type { CacheResult, ReadCache, ReadOptions } from './read-cache.js';
import type { ReadStore } from './stores.js';

/**
 * Ratings reads by product: pages batch their ratings in ever-varying sets (a product's
 * related products, the badges in view), so the proxy answers each from one entry per
 * product and market, and sends only the products it lacks, in one batched read through
 * the read cache (its budget, single flight, stale-if-error). With a `shared` store (Redis,
 * across a shop's instances), each product's entry is kept there too: an instance asks
 * the API only for the products no instance has read.
 */

/** Products' ratings kept, per market. */
const PRODUCTS_KEPT = 50_000;
/** A change (webhook) to a product is remembered this long: an older batched answer does not bring its rating back. */
const CHANGES_KEPT = 10_000;

interface Rating {
  /** The item's JSON as the API sent it; `null` for a ref the API does not know (left out of answers). */
  item: string | null;
  storedAt: number;
  freshMs: number;
}

const ITEM_REF = 'product_ref';

/** A product's entry in the shared store. */
const sharedKey = (market: string, ref: string) => `ratings\u0000${market}\u0000${ref}`;

/** How ratings reach the read cache: the proxy's read of a batch (`refreshes`: see `ReadOptions`), its refresh, and background work. */
export interface RatingsIo {
  read: (target: string, options?: Pick<ReadOptions, 'refreshes' | 'newerThan'>) => Promise<CacheResult>;
  refresh: (target: string) => Promise<unknown>;
  waitUntil?: (work: Promise<unknown>) => void;
}

export interface RatingsByProduct {
  /**
   * The ratings of `refs`, from the products' entries; those lacking or stale read in one
   * batched read with `read(target)` (through the read cache), or `refresh(target)` when
   * the cache's copy of that batch predates a change.
   */
  read(market: string, refs: readonly string[], io: RatingsIo): Promise<CacheResult>;
  /** A product's ratings changed (webhook): its entries are dropped; `[]`: every product's. */
  forget(refs: readonly string[]): void;
  /** The target of the batched read of `refs`, parameters sorted as routes.ts sorts them. */
  target(market: string, refs: readonly string[]): string;
}

export function createRatingsByProduct({ cache, shared, now = () => Date.now() }: { cache: ReadCache; shared?: ReadStore; now?: () => number }): RatingsByProduct {
  const products = new LRUCache<string, Rating>({ max: PRODUCTS_KEPT });
  /** Markets read here: where a changed product's shared entries are. */
  const markets = new Set<string>();
  const changed = new LRUCache<string, number>({ max: CHANGES_KEPT });
  let allChangedAt = 0;
  const keyOf = (market: string, ref: string) => `${market}\u0000${ref}`;

  const target = (market: string, refs: readonly string[]): string => {
    const query = new URLSearchParams([[params.market, market], ...refs.map((ref): [string, string] => [params.productRef, ref])]);
    query.sort();
    return `${API_VERSION_PATH}${paths.ratings()}?${query.toString()}`;
  };

  /** Takes each product's rating out of a batched answer, unless a change came after it was read. */
  const absorb = async (market: string, refs: readonly string[], result: CacheResult): Promise<void> => {
    if (!result.ok || result.read.status !== 200) return;
    let items: unknown;
    try {
      items = (JSON.parse(result.read.body) as Record<string, unknown>)[envelope.items];
    } catch {
      return;
    }
    if (!Array.isArray(items)) return;
    const byRef = new Map<string, unknown>();
    for (const item of items) if (typeof item === 'object' && item !== null) byRef.set(String((item as Record<string, unknown>)[ITEM_REF]), item);
    const sets: (void | Promise<void>)[] = [];
    for (const ref of refs) {
      // Nor over a newer one (a batch served stale while another brought the product's newer rating).
      if (result.read.storedAt < Math.max(allChangedAt, changed.get(ref) ?? 0, products.get(keyOf(market, ref))?.storedAt ?? 0)) continue;
      const item = byRef.get(ref);
      const rating: Rating = { item: item === undefined ? null : JSON.stringify(item), storedAt: result.read.storedAt, freshMs: result.read.freshMs };
      products.set(keyOf(market, ref), rating);
      // Status 404: a product the API does not know, kept as such.
      if (shared) sets.push(shared.set(sharedKey(market, ref), { status: rating.item === null ? 404 : 200, body: rating.item ?? '', contentType: 'application/json', storedAt: rating.storedAt, freshMs: rating.freshMs }, rating.freshMs + cache.staleWhileRevalidateMs));
    }
    await Promise.all(sets);
  };

  /** The shared entries of `refs` newer than this instance's own (and than any change to them), copied in. */
  const adopt = async (market: string, refs: readonly string[]): Promise<void> => {
    await Promise.all(
      refs.map(async (ref) => {
        const read = await shared!.get(sharedKey(market, ref));
        const mine = products.get(keyOf(market, ref));
        if (!read || read.storedAt < Math.max(allChangedAt, changed.get(ref) ?? 0) || (mine && mine.storedAt >= read.storedAt)) return;
        products.set(keyOf(market, ref), { item: read.status === 200 ? read.body : null, storedAt: read.storedAt, freshMs: read.freshMs });
      }),
    );
  };

  /**
   * Of `refs` (their entries fresh), those read often whose freshness ends soon, each once
   * (the read cache's refresh ahead): fetched again in one batch in the background, at the
   * rank of refreshes ahead. With a shared store, another instance's newer entry first.
   */
  const refreshAhead = (market: string, refs: readonly string[], entries: readonly (Rating | undefined)[], at: number, io: RatingsIo): void => {
    const ahead = cache.refreshAhead;
    if (!ahead) return;
    const soon = refs.filter((ref, i) => entries[i] !== undefined && at - entries[i]!.storedAt <= entries[i]!.freshMs && ahead.due(sharedKey(market, ref), entries[i]!.storedAt, entries[i]!.freshMs, at));
    if (soon.length === 0) return;
    const work = (async () => {
      if (shared) await adopt(market, soon);
      const still = soon.flatMap((ref) => {
        const entry = products.get(keyOf(market, ref));
        return entry !== undefined && entry.storedAt + entry.freshMs - now() <= ahead.leadMs(entry.freshMs) ? [[ref, entry.storedAt] as const] : [];
      });
      if (still.length === 0) return;
      const due = still.map(([ref]) => ref);
      await absorb(market, due, await io.read(target(market, due), { refreshes: 'ahead', newerThan: Math.max(...still.map(([, storedAt]) => storedAt)) }));
    })().catch(() => {});
    io.waitUntil?.(work);
  };

  return {
    target,
    forget(refs) {
      const at = now();
      if (refs.length === 0) {
        allChangedAt = at;
        products.clear();
        return;
      }
      for (const ref of refs) changed.set(ref, at);
      for (const key of [...products.keys()]) if (refs.includes(key.slice(key.indexOf('\u0000') + 1))) products.delete(key);
      for (const market of markets) for (const ref of refs) void shared?.delete(sharedKey(market, ref));
    },
    async read(market, refs, io) {
      const unique = [...new Set(refs)];
      const at = now();
      const swr = cache.staleWhileRevalidateMs;
      const kept = () => unique.map((ref) => products.get(keyOf(market, ref)));
      let entries = kept();
      if (shared) {
        markets.add(market);
        const stale = unique.filter((_, i) => !entries[i] || at - entries[i]!.storedAt > entries[i]!.freshMs);
        if (stale.length > 0) {
          await adopt(market, stale);
          entries = kept();
        }
      }
      const need = unique.filter((_, i) => !entries[i] || at - entries[i]!.storedAt > entries[i]!.freshMs);
      const missing = unique.filter((_, i) => !entries[i] || at - entries[i]!.storedAt > entries[i]!.freshMs + swr);
      let state: 'hit' | 'stale' | 'miss' = need.length === 0 ? 'hit' : 'stale';
      refreshAhead(market, unique, entries, at, io);
      if (need.length > 0) {
        const batch = target(market, need);
        // Stale entries only: a refresh of what shoppers read, whatever the batch's key (never-seen sets rank as first reads).
        const pending = io.read(batch, missing.length === 0 ? { refreshes: 'stale', newerThan: Math.max(...need.map((ref) => products.get(keyOf(market, ref))?.storedAt ?? 0)) } : undefined).then(async (result) => {
          await absorb(market, need, result);
          return result;
        });
        if (missing.length === 0) {
          io.waitUntil?.(pending);
        } else {
          const result = await pending;
          // An API error (unknown market, say), or nothing to serve: as the batched read answered.
          if (!result.ok || result.read.status !== 200) return result;
          entries = kept();
          // The cache's copy of this batch predates a change: fetch it again, once.
          if (entries.some((entry) => entry === undefined)) {
            await io.refresh(batch);
            await absorb(market, need, await io.read(batch));
            entries = kept();
            if (entries.some((entry) => entry === undefined)) return { ok: false, reason: 'the ratings could not be read again after a change', retryAfterMs: 1000 };
          }
          state = result.state === 'miss' ? 'miss' : 'stale';
        }
      }
      const present = entries.filter((entry): entry is Rating => entry !== undefined);
      const storedAt = Math.min(...present.map((entry) => entry.storedAt));
      const freshMs = Math.min(...present.map((entry) => entry.freshMs));
      const body = `{"${envelope.items}":[${present.flatMap((entry) => (entry.item === null ? [] : [entry.item])).join(',')}]}`;
      return { ok: true, state, ageMs: Math.max(0, now() - storedAt), read: { status: 200, body, contentType: 'application/json', storedAt, freshMs } };
    },
  };
}

import { LRUCache } from 'lru-cache';
import { BudgetFullError, createBudget, RANK_CLASS, type Budget, type BudgetTicket } from './budget.js';
import { memoryStore, type ReadStore, type StoredRead } from './stores.js';
import type { MergeDemand, ReadMerge } from './coordination/types.js';
import { createRefreshAhead, type RefreshAhead } from './refresh-ahead.js';

/**
 * A cache of reads in front of a rate-limited API, with nothing of an HTTP server in it
 * (the read proxy and server rendering both read through it):
 * - one request for concurrent identical reads (single flight);
 * - a stale answer served at once while it refreshes in the background
 *   (stale-while-revalidate), and while the API fails or answers 429 (stale-if-error);
 * - answers shoppers read often fetched again shortly before their freshness ends
 *   (./refresh-ahead.ts), so that they are not served stale even while the budget is busy;
 * - a budget of requests per second toward the API: past it, stale answers are served
 *   and the refreshes wait, in this order: reads shoppers repeat and wait for, refreshes
 *   of what shoppers repeat (the most-read first), refreshes ahead, then first reads of
 *   keys nobody asked for before (those of a shape pages make, `demanded`, before the
 *   others); a full queue drops its least valuable read, which is answered at once;
 * - answers kept in a `ReadStore` (memory by default, bounded by bytes).
 */

/** What a fetch of the API gave: an answer to keep (a 200, or a 4xx that another try would repeat), or a failure. */
export type Fetched =
  | { ok: true; status: number; body: string; contentType: string; freshMs: number }
  /** The API failed (5xx, network, timeout) or refused (429); `retryAfterMs` from its `Retry-After`. */
  | { ok: false; reason: string; retryAfterMs?: number; rateLimited?: boolean; /** The status to answer with: 502 for an answer not fit to keep (not JSON, cut short, too large); default 503. */ status?: number };

type Failed = Extract<Fetched, { ok: false }>;

/** How an answer was served, as RFC 9211's `Cache-Status` would say it. */
export type CacheState = 'hit' | 'stale' | 'miss' | 'stale-if-error';

export type CacheResult =
  | { ok: true; read: StoredRead; state: CacheState; ageMs: number }
  /** Nothing to serve: nothing kept and the API unavailable, or the budget's queue full. */
  | { ok: false; reason: string; retryAfterMs: number; /** 502: the API's answer was not fit to keep; otherwise unavailable (503). */ status?: number };

export interface ReadCacheOptions {
  /** Where answers are kept. Default: `memoryStore()` (64 MiB). */
  store?: ReadStore;
  /** Requests toward the API in any one second. Default 18 (the API allows one key 20). `Infinity`: no budget. */
  requestsPerSecond?: number;
  /** How long past its freshness an answer is served while it refreshes. Default 5 minutes. */
  staleWhileRevalidateMs?: number;
  /** How long past its freshness an answer is served while the API fails. Default 24 hours. */
  staleIfErrorMs?: number;
  /** How long a read with nothing kept waits for the budget and the API before it fails. Default 10 s. */
  missTimeoutMs?: number;
  /** Most reads waiting for the budget at once; past it, the least valuable is answered unavailable at once. Default 2 000. */
  maxQueue?: number;
  /** The budget to keep to, shared with other caches of the same key (other stores); default: one of its own of `requestsPerSecond`. */
  budget?: Budget;
  /** Background work (a refresh after the answer was sent): Workers' `ctx.waitUntil`; default: let it run. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** One fetch of a key across the instances of a shop (see coordination/); default: this cache's own single flight alone. */
  merge?: ReadMerge;
  /** Which answers to fetch again before their freshness ends (see ./refresh-ahead.ts); `false`: none. Default: those read 3 times while fresh, up to 5 s ahead. */
  refreshAhead?: RefreshAhead | false;
  now?: () => number;
}

export interface ReadCacheStats {
  hits: number;
  stale: number;
  misses: number;
  staleIfError: number;
  unavailable: number;
  /** Requests sent to the API. */
  fetches: number;
  /** Of those, answered 429. */
  rateLimited: number;
  /** Reads waiting for the budget now. */
  waiting: number;
  /** Reads the budget's full queue refused or dropped. */
  shed: number;
  /** Refreshes started ahead of an answer's end of freshness (read often). */
  refreshedAhead: number;
}

export interface ReadOptions {
  waitUntil?: (work: Promise<unknown>) => void;
  sendBy?: number;
  /**
   * Whether a read of this shape is one pages make (a first page, or a page a first page
   * led to). Default `true`. A first read with `false` (a cursor nobody was given) ranks
   * last and is answered unavailable at once unless the budget can send it within 2 s;
   * its key proves its demand by being read again. Any first read ranks below the
   * refreshes of what shoppers repeat.
   */
  demanded?: boolean;
  /**
   * Called once the request this read waits for is sent to the API (at once when it
   * already is): its answer is near. A server render in the same process waits for such
   * a read past its deadline (see `renderWidgets`' `proxy`).
   */
  onSent?: () => void;
  /**
   * Ms: a kept answer read from the API longer ago than this is not served as it is, fresh
   * or not: the read waits for a new one as if nothing were kept, with the old one to fall
   * back on (stale-if-error) should the new one be late. A server render's data must be
   * young enough that the browser does not read it again as it hydrates.
   */
  maxAgeMs?: number;
  /**
   * This read fetches again what shoppers already read, kept elsewhere under other keys
   * (ratings by product, read in ever-new batches): `stale` ranks it with the refreshes of
   * what shoppers repeat, `ahead` with the refreshes ahead, not with first reads of keys
   * nobody asked for, whatever its key's own count. What is kept under this key serves it
   * only when fresh (`ahead`: and not within the lead) and newer than `newerThan`; else the
   * read waits for a fetch of its own (at most the miss timeout), the kept answer its fallback.
   */
  refreshes?: 'stale' | 'ahead';
  /** With `refreshes`: when the answers the caller holds were read (epoch ms); an answer no newer is of no use to it. */
  newerThan?: number;
}

export interface ReadCache {
  /**
   * The answer for `key`, fetched with `fetch` when there is none or it is stale.
   * `fetch` is called at most once at a time per key, and only within the budget.
   * `sendBy` (epoch ms): a read with nothing fresh or stale kept, whose request the
   * budget cannot send by then, does not wait: it is served an old answer as
   * `stale-if-error`, or none; the request still goes, for the reads after it. One with
   * an old answer waits for the new one until then at most (then served the old one).
   */
  read(key: string, fetch: () => Promise<Fetched>, options?: ReadOptions): Promise<CacheResult>;
  /**
   * Makes the answer for `key` stale, so that the next read refreshes it. Served stale
   * meanwhile. A fetch of `key` already sent may predate the change: its answer is kept as
   * stale too, and the next read fetches again.
   */
  expire(key: string): Promise<void>;
  /**
   * Fetches `key` again now (within the budget, with the reads shoppers wait for), the
   * old answer served meanwhile: a webhook said it changed. Resolves `true` once the new
   * answer is kept. A fetch still waiting for the budget is joined; one already sent may
   * predate the change, so another is sent alongside, and whichever answer comes last, the
   * older is not kept over the newer.
   */
  refresh(key: string, fetch: () => Promise<Fetched>): Promise<boolean>;
  readonly stats: ReadCacheStats;
  readonly budget: Budget;
  /** Which answers it fetches again ahead (`ReadCacheOptions.refreshAhead`); a part keeping answers of its own (ratings by product) asks it too. */
  readonly refreshAhead?: RefreshAhead;
  readonly staleWhileRevalidateMs: number;
  readonly staleIfErrorMs: number;
}

/** How long a read waits for the API when it has an old answer to fall back on. */
const STALE_IF_ERROR_WAIT_MS = 2000;

/** `promise`, or a failure after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | Failed> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Failed>((resolve) => {
    timer = setTimeout(resolve, ms, { ok: false, reason: 'the API did not answer in time', retryAfterMs: 1000 });
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether a flight started after `flight` (for a change it could not see) has kept its answer. */
function laterKept(flight: Flight): boolean {
  for (let next = flight.next; next; next = next.next) if (next.kept) return true;
  return false;
}

const DEFAULTS = { requestsPerSecond: 18, staleWhileRevalidateMs: 5 * 60_000, staleIfErrorMs: 24 * 60 * 60_000, missTimeoutMs: 10_000 } as const;

interface Flight {
  promise: Promise<StoredRead | Failed>;
  /** Shoppers served (stale) or waiting since the flight was queued: its priority in the budget. */
  demand: number;
  /** Shoppers of other instances waiting for it (the most one of them said): counted with `demand`. */
  elsewhere: number;
  waiting: boolean;
  /** Its rank's class (`TIER`). */
  tier: number;
  /** Its place in the budget's queue, while it waits there. */
  ticket?: BudgetTicket;
  created: number;
  /** Its request is sent: an answer that may predate a change made from here on. */
  sent: boolean;
  /** A change came after its request was sent (`expire`, `refresh`): the next read or refresh fetches again, in a flight of its own. */
  outdated: boolean;
  /** The flight that fetches again; once one after this has kept its answer, this one's older answer is not kept. */
  next?: Flight;
  kept: boolean;
  /** Reads to tell once its request is sent (`ReadOptions.onSent`). */
  onSent?: (() => void)[];
}

/**
 * Classes of reads in the budget's queue, highest first; within one, the most asked for.
 * A key nobody read before ranks below every refresh of what shoppers repeat: a flood of
 * never-repeated reads cannot keep shoppers' reads from refreshing.
 */
const TIER = { firstRead: 1, firstDemanded: 2, refreshAhead: 3, refresh: 4, repeatedWaiting: 5 } as const;
/** How long a first read of an unknown key may wait for the budget before it is answered unavailable at once. */
const FIRST_READ_WAIT_MS = 2000;
/** Keys whose reads are counted, for the proof of demand. */
const SEEN_KEYS = 50_000;

/** A flight older than this is taken for lost (see `flight`). */
const STUCK_FLIGHT_MS = 60_000;

export function createReadCache(options: ReadCacheOptions = {}): ReadCache {
  const store = options.store ?? memoryStore();
  const now = options.now ?? (() => Date.now());
  const swr = options.staleWhileRevalidateMs ?? DEFAULTS.staleWhileRevalidateMs;
  const sie = options.staleIfErrorMs ?? DEFAULTS.staleIfErrorMs;
  const missTimeoutMs = options.missTimeoutMs ?? DEFAULTS.missTimeoutMs;
  const budget = options.budget ?? createBudget(options.requestsPerSecond ?? DEFAULTS.requestsPerSecond, { maxQueue: options.maxQueue ?? 2_000, now });
  const flights = new Map<string, Flight>();
  const stats: Omit<ReadCacheStats, 'waiting'> = { hits: 0, stale: 0, misses: 0, staleIfError: 0, unavailable: 0, fetches: 0, rateLimited: 0, shed: 0, refreshedAhead: 0 };
  const ahead = options.refreshAhead === false ? undefined : (options.refreshAhead ?? createRefreshAhead());
  /** Reads of each recent key: a key read more than once has shown shoppers want it. */
  const seen = new LRUCache<string, number>({ max: SEEN_KEYS });
  const count = (key: string): number => {
    const reads = (seen.get(key) ?? 0) + 1;
    seen.set(key, reads);
    return reads;
  };

  /** One fetch of `key` through the budget, of class `tier`; stores what it gets. Resolves with the stored answer or the failure. */
  const flight = (key: string, fetch: () => Promise<Fetched>, waiting: boolean, tier: number, since: number): Flight => {
    let current = flights.get(key);
    // A flight this old belonged to a request context that ended without it (Workers cancel its timers): start afresh.
    if (current && now() - current.created > STUCK_FLIGHT_MS) current = undefined;
    if (current && !current.outdated) {
      current.demand++;
      current.waiting ||= waiting;
      // Asked for again: its key has proved its demand.
      current.tier = Math.max(current.tier, tier, waiting ? TIER.repeatedWaiting : TIER.refresh);
      current.ticket?.reprioritize();
      return current;
    }
    const entry: Flight = { demand: 1, elsewhere: 0, waiting, tier, created: now(), sent: false, outdated: false, kept: false, promise: Promise.resolve(undefined as never) };
    if (current) current.next = entry;
    const priority = () => entry.tier * RANK_CLASS + Math.min(entry.demand + entry.elsewhere, RANK_CLASS - 1);
    const load = () =>
      budget.run(async () => {
        entry.sent = true;
        entry.ticket = undefined;
        for (const listener of entry.onSent?.splice(0) ?? []) listener();
        stats.fetches++;
        let fetched: Fetched;
        try {
          fetched = await fetch();
        } catch (error) {
          fetched = { ok: false, reason: error instanceof Error ? error.message : String(error) };
        }
        if (!fetched.ok) {
          if (fetched.rateLimited) {
            stats.rateLimited++;
            budget.pauseFor(fetched.retryAfterMs ?? 1000);
          }
          return fetched;
        }
        // An answer sent before a change is kept as stale already (the next read fetches again), and not at all over a later one's.
        const read: StoredRead = { status: fetched.status, body: fetched.body, contentType: fetched.contentType, storedAt: now(), freshMs: entry.outdated ? -1 : fetched.freshMs };
        if (laterKept(entry)) return read;
        // A read of a shape no page makes (a cursor nobody was given), asked for once: answered, not kept, so
        // that a flood of never-repeated pages cannot push shoppers' answers out of the store. Read again, it is.
        if (entry.tier === TIER.firstRead) return read;
        await store.set(key, read, read.freshMs + Math.max(swr, sie));
        entry.kept = true;
        return read;
      }, priority, (ticket) => (entry.ticket = ticket));
    // Another instance's shoppers waiting for this read rank it as this instance's own would.
    const demand: MergeDemand = {
      waiting: () => (entry.waiting && !entry.sent ? entry.demand : 0),
      raise: (count) => {
        if (entry.sent) return;
        entry.waiting = true;
        entry.tier = Math.max(entry.tier, TIER.repeatedWaiting);
        entry.elsewhere = Math.max(entry.elsewhere, count);
        entry.ticket?.reprioritize();
      },
      rank: (count) => TIER.repeatedWaiting * RANK_CLASS + Math.min(count, RANK_CLASS - 1),
    };
    // Another instance's answer kept after `since` serves as this flight's (coordination/): no request of its own.
    entry.promise = (options.merge ? options.merge.run(key, since, load, demand) : load())
      .catch((error: unknown): Failed => {
        if (error instanceof BudgetFullError) stats.shed++;
        return { ok: false, reason: error instanceof Error ? error.message : String(error), retryAfterMs: error instanceof BudgetFullError ? error.retryAfterMs : 1000 };
      })
      .finally(() => {
        if (flights.get(key) === entry) flights.delete(key);
      });
    current = entry;
    flights.set(key, current);
    return current;
  };

  /** A change came: the flight under way for `key`, if its request is sent, no longer answers for what follows. */
  const outdate = (key: string): void => {
    const current = flights.get(key);
    if (current?.sent) current.outdated = true;
  };

  const unavailable = (fetched: Failed): CacheResult => {
    stats.unavailable++;
    return { ok: false, reason: fetched.reason, retryAfterMs: Math.max(1000, fetched.retryAfterMs ?? 0, budget.nextSlotIn()), ...(fetched.status !== undefined ? { status: fetched.status } : {}) };
  };

  /** Whether `flight` would be sent within `ms`: it ranks within the slots the budget frees by then. */
  const sentWithin = (pending: Flight, ms: number): boolean => {
    if (ms < 0) return false;
    // Past a second, slots free again: a budget that says its rate counts them.
    const slots = budget.perSecond !== undefined && ms > 1000 ? budget.slotsWithin(1000) + Math.floor((ms - 1000) / 1000) * budget.perSecond : budget.slotsWithin(ms);
    return pending.ticket === undefined ? slots > 0 : pending.ticket.within(slots);
  };

  const served = (read: StoredRead, state: CacheState): CacheResult => ({ ok: true, read, state, ageMs: Math.max(0, now() - read.storedAt) });

  return {
    async read(key, fetch, readOptions) {
      const reads = count(key);
      const kept = await store.get(key);
      const at = now();
      const age = kept ? at - kept.storedAt : Infinity;
      const young = age <= (readOptions?.maxAgeMs ?? Infinity);
      const refreshing = readOptions?.refreshes;
      /** Work that outlives this answer (a Worker's request ends with it): kept alive. */
      const keepAlive = (work: Promise<unknown>) => (readOptions?.waitUntil ?? options.waitUntil)?.(work);
      /** A fetch of `key` that this answer does not wait for. */
      const background = (tier: number, since: number) => {
        const refresh = flight(key, fetch, false, tier, since).promise;
        keepAlive(refresh);
        return refresh;
      };
      if (refreshing && kept && young && age <= kept.freshMs + swr) {
        // A part keeping answers of its own (ratings by product) refreshes them through this read: what is
        // kept here serves only when it is of use to it; else it waits for a new answer.
        const holds = readOptions?.newerThan ?? -Infinity;
        if (kept.storedAt > holds && age <= kept.freshMs - (refreshing === 'ahead' ? (ahead?.leadMs(kept.freshMs) ?? 0) : 0)) {
          stats.hits++;
          return served(kept, 'hit');
        }
        let refresh = flights.get(key)?.promise;
        if (!refresh) {
          if (refreshing === 'ahead') stats.refreshedAhead++;
          refresh = background(refreshing === 'ahead' ? TIER.refreshAhead : TIER.refresh, Math.max(kept.storedAt, holds));
        }
        const result = await within(refresh, missTimeoutMs);
        return 'ok' in result ? served(kept, age <= kept.freshMs ? 'hit' : 'stale') : served(result, 'miss');
      }
      if (kept && young && age <= kept.freshMs) {
        stats.hits++;
        // Read often and about to go stale: fetched again now, below shoppers' misses and above first reads.
        if (ahead?.due(key, kept.storedAt, kept.freshMs, at) && !flights.has(key)) {
          stats.refreshedAhead++;
          void background(TIER.refreshAhead, kept.storedAt);
        }
        return served(kept, 'hit');
      }
      if (kept && young && age <= kept.freshMs + swr) {
        stats.stale++;
        void background(TIER.refresh, kept.storedAt);
        return served(kept, 'stale');
      }
      // Nothing of use kept, or only an answer so old that the API is asked first.
      stats.misses++;
      const usable = kept !== undefined && age <= kept.freshMs + sie;
      const refreshTier = refreshing === 'stale' ? TIER.refresh : refreshing === 'ahead' ? TIER.refreshAhead : undefined;
      const tier = refreshTier ?? (reads > 1 || kept !== undefined ? TIER.repeatedWaiting : readOptions?.demanded === false ? TIER.firstRead : TIER.firstDemanded);
      const maxAgeMs = readOptions?.maxAgeMs;
      const pending = flight(key, fetch, true, tier, Math.max(kept?.storedAt ?? 0, maxAgeMs !== undefined ? at - maxAgeMs : 0));
      const sendBy = readOptions?.sendBy;
      if (sendBy !== undefined && !pending.sent && !sentWithin(pending, sendBy - at)) {
        keepAlive(pending.promise);
        if (usable) {
          stats.staleIfError++;
          return served(kept, 'stale-if-error');
        }
        return unavailable({ ok: false, reason: 'the request budget cannot send this read in time' });
      }
      // A first read of a key nobody asked for before is answered at once (503, Retry-After) when the budget
      // cannot send it soon (in 2 s; one of a page's shapes, before it would give up anyway): it stays queued,
      // and a shopper's retry proves the demand, which ranks it up. A flood of never-repeated reads holds no
      // connections open.
      const firstWait = pending.tier === TIER.firstRead ? FIRST_READ_WAIT_MS : missTimeoutMs;
      if (!usable && pending.tier < TIER.refreshAhead && !pending.sent && !sentWithin(pending, firstWait)) {
        keepAlive(pending.promise);
        return unavailable({ ok: false, reason: 'the request budget is busy with reads shoppers repeat' });
      }
      // With an old answer to fall back on, a read with a send-by time waits for the new one no longer than that.
      const fallbackWait = Math.min(missTimeoutMs, STALE_IF_ERROR_WAIT_MS, sendBy !== undefined ? Math.max(0, sendBy - at) : Infinity);
      // A read that gives up waiting keeps its request alive until the fetch ends: in Workers the fetch belongs to it.
      keepAlive(pending.promise);
      const onSent = readOptions?.onSent;
      if (onSent) {
        if (pending.sent) onSent();
        else (pending.onSent ??= []).push(onSent);
      }
      const result = await within(pending.promise, usable ? fallbackWait : missTimeoutMs);
      if (!('ok' in result)) return served(result, 'miss');
      if (usable) {
        stats.staleIfError++;
        return served(kept, 'stale-if-error');
      }
      return unavailable(result);
    },
    async expire(key) {
      outdate(key);
      const kept = await store.get(key);
      // Fresh until just before now: stale from here on, with its stale windows counted from now.
      if (kept) await store.set(key, { ...kept, freshMs: Math.min(kept.freshMs, now() - kept.storedAt - 1) }, Math.max(swr, sie));
    },
    refresh(key, fetch) {
      outdate(key);
      return flight(key, fetch, true, TIER.repeatedWaiting, now()).promise.then((result) => !('ok' in result));
    },
    get stats() {
      return { ...stats, waiting: budget.waiting };
    },
    budget,
    ...(ahead ? { refreshAhead: ahead } : {}),
    staleWhileRevalidateMs: swr,
    staleIfErrorMs: sie,
  };
}

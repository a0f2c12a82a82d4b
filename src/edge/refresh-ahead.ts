import { LRUCache } from 'lru-cache';

/**
 * Which kept answers to fetch again shortly before their freshness ends: those shoppers
 * read often. Stale-while-revalidate alone serves the first reads past an answer's
 * freshness the old copy, and when the budget is busy (a flood of never-repeated reads
 * queued behind it) its refresh may wait; a popular answer refreshed ahead is fresh all
 * along, at the cost of one request a little earlier than it would have gone anyway.
 * An answer read fewer than `minReads` times costs nothing more than before.
 *
 * Memory is bounded: one small tally per key, the least recently read forgotten first.
 */
export interface RefreshAhead {
  /**
   * Counts a fresh read of `key`'s answer stored at `storedAt`, fresh for `freshMs`, at
   * `at`: `true` once per answer, for the read that finds it read often and its
   * freshness ending within the lead, widened by two of the answer's mean gaps between
   * reads (then fetch it again now).
   */
  due(key: string, storedAt: number, freshMs: number, at: number): boolean;
  /** How long before its freshness ends an answer of `freshMs` is fetched again. */
  leadMs(freshMs: number): number;
}

export interface RefreshAheadOptions {
  /** Reads of one answer while fresh that make it worth fetching ahead. Default 3. */
  minReads?: number;
  /** Keys tallied at once. Default 10 000. */
  maxKeys?: number;
  /** Longest lead before the freshness ends, ms. Default 5 000. */
  maxLeadMs?: number;
}

interface Tally {
  /** The answer counted (a new one starts afresh). */
  storedAt: number;
  reads: number;
  /** Its first read counted. */
  firstAt: number;
  /** Its refresh is asked for already. */
  asked: boolean;
}

const DEFAULTS = { minReads: 3, maxKeys: 10_000, maxLeadMs: 5_000 } as const;
/**
 * The lead: a tenth of the freshness (each refresh ahead costs that share more requests),
 * but at least 3 s, well over what a busy budget makes the best-ranked read wait for a
 * slot (each is held until a second after its answer, and a loaded event loop adds its
 * delay); never more than half the freshness.
 */
const LEAD_SHARE = 0.1;
const MIN_LEAD_MS = 3_000;

export function createRefreshAhead(options: RefreshAheadOptions = {}): RefreshAhead {
  const minReads = options.minReads ?? DEFAULTS.minReads;
  const maxLeadMs = options.maxLeadMs ?? DEFAULTS.maxLeadMs;
  const tallies = new LRUCache<string, Tally>({ max: options.maxKeys ?? DEFAULTS.maxKeys });
  const leadMs = (freshMs: number) => Math.min(maxLeadMs, freshMs / 2, Math.max(MIN_LEAD_MS, freshMs * LEAD_SHARE));
  return {
    due(key, storedAt, freshMs, at) {
      let tally = tallies.get(key);
      if (tally?.storedAt !== storedAt) tallies.set(key, (tally = { storedAt, reads: 0, firstAt: at, asked: false }));
      tally.reads++;
      if (tally.asked || tally.reads < minReads) return false;
      // Reads come at random moments: with a second or two between them, none may fall within
      // the lead itself. The window also spans two mean gaps (at most twice the lead).
      const lead = leadMs(freshMs);
      const gap = (at - tally.firstAt) / (tally.reads - 1);
      if (storedAt + freshMs - at > Math.min(2 * lead, freshMs / 2, lead + 2 * gap)) return false;
      tally.asked = true;
      return true;
    },
    leadMs,
  };
}

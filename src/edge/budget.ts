import { JobQueue, type QueuedJob } from './job-queue.js';

/**
 * The budget of requests toward the API: at most `perSecond` in any one-second window, as
 * the API counts them. Each request holds a slot from when it is sent until one second
 * after its answer came back: whatever delays sending (a busy event loop, a connection
 * pool), two requests of one slot reach the API at least a second apart. Jobs that wait
 * for a slot run highest priority first.
 */
export interface Budget {
  /**
   * Runs `job` once a slot is free, highest `priority()` first (as high: queued first).
   * `priority()` is read when the job is queued, and again each time the caller calls the
   * `reprioritize` that `queued` hands it (many shoppers now ask for this read). Resolves
   * with the job's result; rejects with `BudgetFullError` when `maxQueue` jobs wait and
   * this one ranks no higher than the lowest of them, or later, when a higher one takes
   * its place.
   */
  run<T>(job: () => Promise<T>, priority: () => number, queued?: (ticket: BudgetTicket) => void): Promise<T>;
  /** No request before `ms` from now (after the API's 429 and its `Retry-After`). */
  pauseFor(ms: number): void;
  /** Milliseconds until the next slot (0 when one is free now). */
  nextSlotIn(): number;
  /** How many requests could be sent within `ms` from now: slots free now, and those whose second after the answer ends by then. */
  slotsWithin(ms: number): number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
  /** Requests per second it allows (`Infinity`: no budget), where it says. */
  readonly perSecond?: number;
}

/** A queued job, for its caller. */
export interface BudgetTicket {
  /** Reads its `priority()` again and moves it in the queue: O(log n). */
  reprioritize(): void;
  /** Whether it is among the first `n` waiting jobs: O(n log n), whatever the queue's length. */
  within(n: number): boolean;
}

/**
 * A rank's class: ranks are `class * RANK_CLASS + how many asked` (the read cache's tiers:
 * shoppers waiting, refreshes, refreshes ahead, first reads). A budget shared by several
 * instances orders them by class across instances, by the whole rank within each.
 */
export const RANK_CLASS = 1e9;

export class BudgetFullError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('storefront-widgets/edge: too many reads wait for the request budget.');
  }
}

interface Waiting extends QueuedJob {
  start: (release?: () => void) => void;
}

/** How often a job far down the queue looks again (one near the front wakes when a slot frees). */
const FAR_WAKE_MS = 1000;

/*
 * No central timer: each waiting job wakes on a timer of its own and starts itself once
 * it ranks within the free slots. In Workers a timer or fetch belongs to the request that
 * made it, so a job must start in the context of the request that waits for it (or keeps
 * it alive with waitUntil), never in another's, which may have ended.
 * The queue (./job-queue.ts) is two heaps over the same jobs: a job looks up whether it
 * is among the free slots' worth of best ones (O(k log k), k ≤ perSecond), and a full
 * queue drops its worst job (O(log n)); nothing walks the whole queue.
 */
export function createBudget(perSecond: number, { maxQueue = 2_000, now = () => Date.now() }: { maxQueue?: number; now?: () => number } = {}): Budget {
  const unlimited = !Number.isFinite(perSecond);
  /** Per slot in use: when its request ended (`Infinity` while it is under way). */
  const slots: number[] = [];
  const queue = new JobQueue<Waiting>(maxQueue);
  const best = queue.best;
  let pausedUntil = 0;

  /** Frees the slots whose second after the answer has passed; returns the others' release times, soonest first. */
  const held = (at: number): number[] => {
    for (let i = slots.length - 1; i >= 0; i--) if (slots[i]! + 1000 <= at) slots.splice(i, 1);
    return slots.map((ended) => ended + 1000).sort((a, b) => a - b);
  };

  const nextSlotIn = (): number => {
    const at = now();
    const releases = held(at);
    // With every slot's request under way, none frees sooner than a second from now.
    const windowWait = unlimited || releases.length < perSecond ? 0 : Number.isFinite(releases[0]!) ? releases[0]! - at : 1000;
    return Math.max(windowWait, pausedUntil - at, 0);
  };

  const attempt = (entry: Waiting): void => {
    // Dropped from a full queue meanwhile.
    if (!best.has(entry)) return;
    const at = now();
    const releases = unlimited ? [] : held(at);
    const free = unlimited ? Infinity : at < pausedUntil ? 0 : perSecond - releases.length;
    if (best.within(entry, free)) {
      queue.remove(entry);
      if (unlimited) return entry.start();
      slots.push(Infinity);
      // Slots are alike: any one under way becomes this one's end.
      entry.start(() => {
        const index = slots.indexOf(Infinity);
        if (index >= 0) slots[index] = now();
      });
      return;
    }
    // Near the front: when the next slot frees. Further back: a while later, as the jobs before it go, at
    // moments spread over a second (thousands waking at once would stall the loop).
    const soonest = releases[0];
    const near = best.within(entry, Math.max(1, 2 * perSecond));
    const wait = at < pausedUntil ? pausedUntil - at : near && soonest !== undefined && Number.isFinite(soonest) ? soonest - at : FAR_WAKE_MS * (0.5 + Math.random());
    setTimeout(attempt, Math.max(1, Math.ceil(wait)), entry);
  };

  return {
    run(job, priority, queued) {
      const rank = priority();
      // When full, the least valuable waiting job gives way (its caller answers at once), unless this one is no better.
      if (!queue.makeRoom(rank, () => new BudgetFullError(Math.max(1000, nextSlotIn())))) return Promise.reject(new BudgetFullError(Math.max(1000, nextSlotIn())));
      return new Promise((resolve, reject) => {
        const { job: entry, ticket } = queue.add({
          start: (release) =>
            void job()
              .then(resolve, reject)
              .finally(() => release?.()),
          refuse: reject,
          priority,
          rank,
        });
        queued?.(ticket);
        attempt(entry);
      });
    },
    pauseFor(ms) {
      // The waiting jobs' timers look again; each then waits out the pause.
      pausedUntil = Math.max(pausedUntil, now() + ms);
    },
    nextSlotIn,
    slotsWithin(ms) {
      if (unlimited) return Infinity;
      const at = now();
      if (pausedUntil > at + ms) return 0;
      const releases = held(at);
      return perSecond - releases.length + releases.filter((release) => release <= at + ms).length;
    },
    get waiting() {
      return best.size;
    },
    perSecond,
  };
}

/**
 * The budget of requests toward the API: at most `perSecond` in any one-second window, as
 * the API counts them. Each request holds a slot from when it is sent until one second
 * after its answer came back: whatever delays sending (a busy event loop, a connection
 * pool), two requests of one slot reach the API at least a second apart. Jobs that wait
 * for a slot run highest priority first.
 */
export interface Budget {
  /**
   * Runs `job` once a slot is free. `priority()` is read each time a slot frees, so a
   * waiting refresh that many shoppers ask for moves up. Resolves with the job's result;
   * rejects with `BudgetFullError` when more than `maxQueue` jobs wait.
   */
  run<T>(job: () => Promise<T>, priority: () => number): Promise<T>;
  /** No request before `ms` from now (after the API's 429 and its `Retry-After`). */
  pauseFor(ms: number): void;
  /** Milliseconds until the next slot (0 when one is free now). */
  nextSlotIn(): number;
  /** How many requests could be sent within `ms` from now: slots free now, and those whose second after the answer ends by then. */
  slotsWithin(ms: number): number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

export class BudgetFullError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('storefront-widgets/edge: too many reads wait for the request budget.');
  }
}

interface Waiting {
  start: (release?: () => void) => void;
  priority: () => number;
}

/*
 * No central timer: each waiting job wakes on a timer of its own and starts itself once
 * it ranks within the free slots. In Workers a timer or fetch belongs to the request that
 * made it, so a job must start in the context of the request that waits for it (or keeps
 * it alive with waitUntil), never in another's, which may have ended.
 */
export function createBudget(perSecond: number, { maxQueue = 10_000, now = () => Date.now() }: { maxQueue?: number; now?: () => number } = {}): Budget {
  const unlimited = !Number.isFinite(perSecond);
  /** Per slot in use: when its request ended (`Infinity` while it is under way). */
  const slots: number[] = [];
  const queue: Waiting[] = [];
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

  /** How many waiting jobs go before `entry`: higher priority, or as high and queued earlier. */
  const rankOf = (entry: Waiting): number => {
    const mine = entry.priority();
    let rank = 0;
    let before = true;
    for (const other of queue) {
      if (other === entry) {
        before = false;
        continue;
      }
      const priority = other.priority();
      if (priority > mine || (priority === mine && before)) rank++;
    }
    return rank;
  };

  const attempt = (entry: Waiting): void => {
    const at = now();
    const releases = unlimited ? [] : held(at);
    const free = unlimited ? Infinity : at < pausedUntil ? 0 : perSecond - releases.length;
    const rank = rankOf(entry);
    if (rank < free) {
      queue.splice(queue.indexOf(entry), 1);
      if (unlimited) return entry.start();
      slots.push(Infinity);
      // Slots are alike: any one under way becomes this one's end.
      entry.start(() => {
        const index = slots.indexOf(Infinity);
        if (index >= 0) slots[index] = now();
      });
      return;
    }
    // Until as many slots are free as jobs go before this one (then it looks again).
    const release = releases[Math.min(releases.length - 1, rank - Math.max(0, free))];
    const wait = at < pausedUntil ? pausedUntil - at : release !== undefined && Number.isFinite(release) ? release - at : 1000;
    setTimeout(attempt, Math.max(1, Math.ceil(wait)), entry);
  };

  return {
    run(job, priority) {
      if (queue.length >= maxQueue) return Promise.reject(new BudgetFullError(Math.max(1000, nextSlotIn())));
      return new Promise((resolve, reject) => {
        const entry: Waiting = {
          start: (release) =>
            void job()
              .then(resolve, reject)
              .finally(() => release?.()),
          priority,
        };
        queue.push(entry);
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
      return queue.length;
    },
  };
}

/**
 * The budget of requests toward the API: at most `perSecond` requests in any one-second
 * window (a sliding log, not a token bucket, so that no second ever sees a burst above
 * it), with the jobs that wait for a slot run highest priority first.
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
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

export class BudgetFullError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('storefront-widgets/edge: too many reads wait for the request budget.');
  }
}

/** How soon a job that found free slots taken by jobs before it looks again. */
const RECHECK_MS = 10;

interface Waiting {
  start: () => void;
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
  const sent: number[] = [];
  const queue: Waiting[] = [];
  let pausedUntil = 0;

  const trim = (at: number): void => {
    while (sent.length > 0 && sent[0]! <= at - 1000) sent.shift();
  };

  const nextSlotIn = (): number => {
    const at = now();
    trim(at);
    const windowWait = unlimited || sent.length < perSecond ? 0 : sent[0]! + 1000 - at;
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
    trim(at);
    const free = unlimited ? Infinity : at < pausedUntil ? 0 : perSecond - sent.length;
    const rank = rankOf(entry);
    if (rank < free) {
      queue.splice(queue.indexOf(entry), 1);
      if (!unlimited) sent.push(at);
      entry.start();
      return;
    }
    // Until as many slots are free as jobs go before this one (then it looks again).
    const wait = at < pausedUntil ? pausedUntil - at : sent.length === 0 ? RECHECK_MS : sent[Math.min(sent.length - 1, rank - Math.max(0, free))]! + 1000 - at;
    setTimeout(attempt, Math.max(1, Math.ceil(wait)), entry);
  };

  return {
    run(job, priority) {
      if (queue.length >= maxQueue) return Promise.reject(new BudgetFullError(Math.max(1000, nextSlotIn())));
      return new Promise((resolve, reject) => {
        const entry: Waiting = { start: () => void job().then(resolve, reject), priority };
        queue.push(entry);
        attempt(entry);
      });
    },
    pauseFor(ms) {
      // The waiting jobs' timers look again; each then waits out the pause.
      pausedUntil = Math.max(pausedUntil, now() + ms);
    },
    nextSlotIn,
    get waiting() {
      return queue.length;
    },
  };
}

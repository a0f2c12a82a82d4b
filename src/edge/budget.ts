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

interface Waiting {
  start: () => void;
  priority: () => number;
}

export function createBudget(perSecond: number, { maxQueue = 10_000, now = () => Date.now() }: { maxQueue?: number; now?: () => number } = {}): Budget {
  const unlimited = !Number.isFinite(perSecond);
  const sent: number[] = [];
  const queue: Waiting[] = [];
  let pausedUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const nextSlotIn = (): number => {
    const at = now();
    while (sent.length > 0 && sent[0]! <= at - 1000) sent.shift();
    const windowWait = unlimited || sent.length < perSecond ? 0 : sent[0]! + 1000 - at;
    return Math.max(windowWait, pausedUntil - at, 0);
  };

  const pump = (): void => {
    timer = undefined;
    while (queue.length > 0) {
      const wait = nextSlotIn();
      if (wait > 0) {
        timer = setTimeout(pump, Math.ceil(wait));
        return;
      }
      let best = 0;
      let bestPriority = queue[0]!.priority();
      for (let i = 1; i < queue.length; i++) {
        const priority = queue[i]!.priority();
        if (priority > bestPriority) [best, bestPriority] = [i, priority];
      }
      const [next] = queue.splice(best, 1);
      if (!unlimited) sent.push(now());
      next!.start();
    }
  };

  return {
    run(job, priority) {
      if (queue.length >= maxQueue) return Promise.reject(new BudgetFullError(Math.max(1000, nextSlotIn())));
      return new Promise((resolve, reject) => {
        queue.push({ start: () => job().then(resolve, reject), priority });
        if (timer === undefined) pump();
      });
    },
    pauseFor(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (queue.length > 0) timer = setTimeout(pump, Math.ceil(nextSlotIn()));
    },
    nextSlotIn,
    get waiting() {
      return queue.length;
    },
  };
}

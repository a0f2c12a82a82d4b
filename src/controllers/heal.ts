/**
 * The page's retries of reads that failed in a way trying again may cure, so that an
 * element showing such an error shows its content once the API is back, without a click.
 *
 * The waits are long and random (jitter over the whole step: anything from 2 s to 5 s,
 * then to 10 s, then to 20 s at most): the shoppers of a shop whose API was down do not
 * all come back in the same second, and an element waits at most 20 s (and a read) after
 * the API is back.
 * One read tries for all the page's failed ones (each in turn); when it succeeds, the
 * rest try at once, so a page in an outage sends one read per wait, not one per element.
 * The browser coming back online (`online`) tries them all at once.
 */
export const healTiming = { firstMs: 5_000, maxMs: 20_000 };

/**
 * The wait before the next try after `failures` failed ones: anywhere in the step (5 s,
 * then 10 s, then 20 s), but not before 2 s (the client has just tried three times, and
 * a shopper who clicks "Try again" at once gets there first).
 */
export function healDelay(failures: number, random = Math.random): number {
  const least = healTiming.firstMs * 0.4;
  return least + random() * (Math.min(healTiming.maxMs, healTiming.firstMs * 2 ** failures) - least);
}

/** Each waiting read's retry, which resolves to whether it succeeded. */
const waiting = new Set<() => Promise<boolean>>();
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function schedule(): void {
  if (waiting.size > 0 && timer === undefined) timer = setTimeout(tryOne, healDelay(failures));
}

function tryOne(): void {
  timer = undefined;
  const [retry] = waiting;
  // Offline, a try cannot succeed: the `online` event comes first.
  if (!retry || navigator.onLine === false) return schedule();
  // To the back of the queue: a read that fails on its own (one broken product) does not stand for the others twice in a row.
  waiting.delete(retry);
  waiting.add(retry);
  void retry().then((healed) => {
    if (healed) tryAll();
    else failures++;
    schedule();
  });
}

function tryAll(): void {
  failures = 0;
  for (const retry of waiting) void retry();
}

/**
 * Puts a read's `retry` in the page's queue while `failing` (its element is connected and
 * shows a curable error), or takes it out. An empty queue stops the timer and starts the
 * backoff over.
 */
export function heal(retry: () => Promise<boolean>, failing: boolean): void {
  if (failing) {
    waiting.add(retry);
    addEventListener('online', tryAll);
    schedule();
  } else if (waiting.delete(retry) && waiting.size === 0) {
    clearTimeout(timer);
    timer = undefined;
    failures = 0;
  }
}

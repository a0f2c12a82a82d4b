import type { ReactiveControllerHost } from 'lit';
import { healable } from '../api/errors.js';

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
 * A chunk of its own: a controller imports it on its first error (ObserverController,
 * RatingController), so that a page whose reads succeed never loads it.
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

/**
 * A controller the page's retries follow (it hands itself over): its latest
 * result, and `hold`, which the retries set during a quiet retry and the controller asks
 * before it takes a result (true: keep the one on screen).
 */
export interface Healing {
  readonly result: unknown;
  hold: ((result: never) => boolean) | undefined;
}

/** The part of a result the retries read: a badge's, or a query-core one (an infinite query's can fetch its next page). */
interface Shown {
  data?: unknown;
  error?: { code?: unknown } | null;
  isFetching?: boolean;
  isFetchNextPageError?: boolean;
  refetch(options?: { cancelRefetch: boolean }): unknown;
  fetchNextPage?(options: { cancelRefetch: boolean }): unknown;
}

/** Whether a result is an error on screen that trying again may cure: no data, or a next page that failed. */
const failing = (result: unknown): result is Shown => {
  const shown = result as Shown | undefined;
  return healable(shown?.error) && (shown!.data === undefined || !!shown!.isFetchNextPageError);
};

/** The controllers followed: one `follow` each, however often one hands itself over (each new error). */
const followed = new WeakSet<Healing>();

/**
 * Follows `controller`: while its host is connected and its result is an error that trying
 * again may cure, its retry waits in the queue. A controller of its own on the host sees
 * each change (every new result updates the host).
 *
 * A retry is quiet: the error stays on screen until the answer (no loading state between
 * two errors, no layout shift), and the same failure again is not a new result (no second
 * `svc-error`). It resolves to whether it read; at once (to false) when the host leaves.
 */
export function follow(host: ReactiveControllerHost, controller: Healing): void {
  if (followed.has(controller)) return;
  followed.add(controller);
  let connected = false;
  let release: ((read: boolean) => void) | undefined;
  let trying: Promise<boolean> | undefined;
  const retry = (): Promise<boolean> => {
    // A try on its way answers every caller (the timer's and `online`'s): a second one would
    // take its `hold`, and the first would never resolve, which stopped the page's retries.
    if (trying) return trying;
    const shown = controller.result;
    if (!failing(shown)) return Promise.resolve(true);
    return (trying = new Promise((resolve) => {
      release = (read) => {
        controller.hold = release = trying = undefined;
        resolve(read);
      };
      controller.hold = ((next: Shown): boolean => {
        // On its way (a badge's has neither data nor error): the error stays.
        if (next.isFetching || (!next.error && next.data === undefined)) return true;
        release!(!next.error);
        return !!next.error && next.error.code === shown.error!.code && next.data === shown.data;
      }) as never;
      if (!(shown.isFetchNextPageError ? shown.fetchNextPage! : shown.refetch)({ cancelRefetch: false })) release(false);
    }));
  };
  const check = () => {
    if (!connected) release?.(false);
    heal(retry, connected && failing(controller.result));
  };
  // Lit calls `hostConnected` at once when the host is connected.
  host.addController({
    hostConnected: () => {
      connected = true;
      check();
    },
    hostDisconnected: () => {
      connected = false;
      check();
    },
    hostUpdated: check,
  });
}

import { BudgetFullError, type Budget } from '../budget.js';
import { JobQueue, type QueuedJob } from '../job-queue.js';

/**
 * A budget whose rate is held elsewhere (Redis, shared by every instance of a shop),
 * with this instance's own queue in front: jobs wait here, highest priority first (the
 * reads shoppers wait for before refreshes and first reads, as in ./budget.ts), and each
 * permit the gate gives goes to the best job waiting at that moment. One permit is asked
 * for at a time, so the gate sees at most one caller per instance.
 */
export interface RateGate {
  /**
   * Takes one permit: 0 when taken, else ms until one may be (ask again then). Never throws: a
   * gate that cannot reach its engine decides locally. `rank`: the best job waiting here (the
   * permit's), `then` the one after it (none: `undefined`), so that a shared gate may give
   * permits to the instance whose jobs rank higher first.
   */
  take(rank?: number, then?: number): Promise<number>;
  /** No permit before `ms` from now, for every instance (the API's 429). */
  pause(ms: number): void;
  /** Requests per second this instance may count on (the rate over the instances alive), for the read cache's estimates. */
  readonly share: number;
}

interface Waiting extends QueuedJob {
  start: () => void;
}

/** Longest sleep between two asks, whatever the gate says (a pause ends, the queue changes). */
const MAX_SLEEP_MS = 250;
/**
 * A permit had longer than this after it was asked for (this process's own monotonic clock)
 * is not used: a starved process reads its answer late, and sent then it would land in a
 * later second beside the permits the gate gave meanwhile (a loaded run saw 30 requests in
 * one second). Asked for again instead: it only spends budget. Two in a row at most, so a
 * process always that slow still sends. Only when the gate's answers are usually much
 * quicker: an engine that is slow every time (a far Redis) is not a starved process.
 */
export const LATE_PERMIT_MS = 250;
const LATE_PERMITS_IN_A_ROW = 2;

export function createGatedBudget(gate: RateGate, { maxQueue = 2_000, now = () => Date.now(), onLatePermit }: { maxQueue?: number; now?: () => number; /** Told of each permit left unused for coming late. */ onLatePermit?: (ms: number) => void } = {}): Budget {
  const queue = new JobQueue<Waiting>(maxQueue);
  const best = queue.best;
  let pumping = false;
  /** When the gate last said a permit may be had. */
  let nextAt = 0;
  let lateInARow = 0;
  /** The gate's usual round trip: a moving average of its answers' times (none yet: undefined). */
  let usual: number | undefined;

  const pump = async (): Promise<void> => {
    if (pumping) return;
    pumping = true;
    try {
      while (best.size > 0) {
        const asked = performance.now();
        const wait = await gate.take(best.peek()?.rank, best.second()?.rank);
        const took = performance.now() - asked;
        const late = took > LATE_PERMIT_MS && usual !== undefined && took > 4 * usual;
        usual = usual === undefined ? took : usual * 0.8 + took * 0.2;
        if (wait > 0) {
          nextAt = now() + wait;
          await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_SLEEP_MS, Math.max(1, wait))));
          continue;
        }
        nextAt = 0;
        if (late && lateInARow < LATE_PERMITS_IN_A_ROW) {
          lateInARow++;
          onLatePermit?.(took);
          continue;
        }
        lateInARow = 0;
        const entry = best.peek();
        // The queue emptied while the permit was asked for (refused jobs): the permit is spent unused, which only slows.
        if (entry === undefined) break;
        queue.remove(entry);
        entry.start();
      }
    } finally {
      pumping = false;
    }
  };

  const nextSlotIn = (): number => Math.max(0, nextAt - now()) + (best.size * 1000) / Math.max(gate.share, 0.1);

  return {
    run(job, priority, queued) {
      const rank = priority();
      if (!queue.makeRoom(rank, () => new BudgetFullError(Math.max(1000, nextSlotIn())))) return Promise.reject(new BudgetFullError(Math.max(1000, nextSlotIn())));
      return new Promise((resolve, reject) => {
        const { ticket } = queue.add({ start: () => void job().then(resolve, reject), refuse: reject, priority, rank });
        queued?.(ticket);
        void pump();
      });
    },
    pauseFor(ms) {
      gate.pause(ms);
      nextAt = Math.max(nextAt, now() + ms);
    },
    nextSlotIn,
    slotsWithin(ms) {
      const wait = Math.max(0, nextAt - now());
      if (wait > ms) return 0;
      return Math.max(1, Math.floor(((ms - wait) / 1000) * gate.share));
    },
    get waiting() {
      return best.size;
    },
    get perSecond() {
      return gate.share;
    },
  };
}

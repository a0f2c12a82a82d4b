import type { BudgetTicket } from './budget.js';
import { IndexedHeap } from './heap.js';

/**
 * The jobs waiting for a budget (./budget.ts, and the shared one in coordination/), in
 * two heaps over the same jobs, best first and worst first: the best go first, and a
 * full queue drops its worst for a better newcomer (O(log n)); nothing walks the queue.
 */
export interface QueuedJob {
  refuse: (error: Error) => void;
  priority: () => number;
  /** `priority()` as last read: the queue's order. */
  rank: number;
  /** Queued when: the earlier of two as high goes first. */
  seq: number;
}

export class JobQueue<J extends QueuedJob> {
  readonly best = new IndexedHeap<J>((a, b) => a.rank > b.rank || (a.rank === b.rank && a.seq < b.seq));
  private readonly worst = new IndexedHeap<J>((a, b) => a.rank < b.rank || (a.rank === b.rank && a.seq > b.seq));
  private seq = 0;

  constructor(private readonly maxQueue: number) {}

  get size(): number {
    return this.best.size;
  }

  /** Room for a job of `rank`: `false` when the queue is full of jobs as valuable; else the least valuable, if need be, is refused with `refusal()` and gives way. */
  makeRoom(rank: number, refusal: () => Error): boolean {
    if (this.best.size < this.maxQueue) return true;
    const lowest = this.worst.peek();
    if (lowest === undefined || lowest.rank >= rank) return false;
    this.remove(lowest);
    lowest.refuse(refusal());
    return true;
  }

  /** Queues `job` (its `seq` given here) and returns its caller's ticket. */
  add(job: Omit<J, 'seq'>): { job: J; ticket: BudgetTicket } {
    const queued = Object.assign(job, { seq: this.seq++ }) as J;
    this.best.push(queued);
    this.worst.push(queued);
    return {
      job: queued,
      ticket: {
        reprioritize: () => {
          if (!this.best.has(queued)) return;
          queued.rank = queued.priority();
          this.best.update(queued);
          this.worst.update(queued);
        },
        within: (n) => this.best.within(queued, n),
      },
    };
  }

  remove(job: J): void {
    this.best.remove(job);
    this.worst.remove(job);
  }
}

/**
 * The budget whose rate a shared gate holds (src/edge/coordination/gated-budget.ts), on its
 * own in Node: a permit this process read long after asking for it (its event loop blocked
 * meanwhile, as a starved process's is) is not used, and a process always that slow still
 * sends. The gate here answers at once; the delay is the event loop's own, blocked on purpose.
 */
import { describe, expect, it } from 'vitest';
import { createGatedBudget, LATE_PERMIT_MS, type RateGate } from '../../src/edge/coordination/gated-budget.ts';

/** Keeps the event loop busy for `ms`: nothing else in this process runs meanwhile. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

/** A gate that grants every ask; before answering the asks listed in `slow` (1-based), the process is blocked past the late limit. */
function gate(slow: (ask: number) => boolean): RateGate & { asks: number } {
  const state = {
    asks: 0,
    async take() {
      state.asks++;
      const ask = state.asks;
      // The answer is on its way; the process reads it only once its loop is free again.
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (slow(ask)) block(LATE_PERMIT_MS + 100);
      return 0;
    },
    pause() {},
    share: 18,
  };
  return state;
}

describe('a budget held by a shared gate', () => {
  it('leaves unused a permit read late, and asks again', async () => {
    const slowFirst = gate((ask) => ask === 1);
    const budget = createGatedBudget(slowFirst);
    const asksWhenRun = await budget.run(async () => slowFirst.asks, () => 1);
    expect(asksWhenRun).toBe(2);
  });

  it('uses the third late permit in a row: a process always that slow still sends', async () => {
    const alwaysSlow = gate(() => true);
    const budget = createGatedBudget(alwaysSlow);
    const asksWhenRun = await budget.run(async () => alwaysSlow.asks, () => 1);
    expect(asksWhenRun).toBe(3);
    // And the count starts again after a permit used.
    const next = await budget.run(async () => alwaysSlow.asks, () => 1);
    expect(next).toBe(6);
  });
});

/**
 * The budget whose rate a shared gate holds (src/edge/coordination/gated-budget.ts), on its
 * own in Node: a permit this process read long after asking for it (its event loop blocked
 * meanwhile, as a starved process's is) is not used, and a process always that slow still
 * sends, while an engine that always answers that slowly is not taken for a starved process.
 * The gate here answers at once or after a fixed time; the delay is the event loop's own,
 * blocked on purpose.
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

/**
 * A gate that grants every ask; before answering the asks listed in `slow` (1-based), the
 * process is blocked past the late limit. Each answer takes `answerMs` on its way.
 */
function gate(slow: (ask: number) => boolean, answerMs = 1): RateGate & { asks: number } {
  const state = {
    asks: 0,
    async take() {
      state.asks++;
      const ask = state.asks;
      // The answer is on its way; the process reads it only once its loop is free again.
      await new Promise((resolve) => setTimeout(resolve, answerMs));
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
    const slowSecond = gate((ask) => ask === 2);
    const budget = createGatedBudget(slowSecond);
    // The first answer sets how quick the gate usually is.
    expect(await budget.run(async () => slowSecond.asks, () => 1)).toBe(1);
    expect(await budget.run(async () => slowSecond.asks, () => 1)).toBe(3);
  });

  it('uses the third late permit in a row: a process that stays that slow still sends', async () => {
    const slowFromSecond = gate((ask) => ask >= 2);
    const budget = createGatedBudget(slowFromSecond);
    expect(await budget.run(async () => slowFromSecond.asks, () => 1)).toBe(1);
    expect(await budget.run(async () => slowFromSecond.asks, () => 1)).toBe(4);
  });

  it("uses an engine's permits that are slow every time (a far Redis): the process is not starved", async () => {
    const far = gate(() => false, LATE_PERMIT_MS + 50);
    const budget = createGatedBudget(far);
    for (const expected of [1, 2, 3]) expect(await budget.run(async () => far.asks, () => 1)).toBe(expected);
  });
});

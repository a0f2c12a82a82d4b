/** The shared budget's rule (coordination/gcra.ts), as pure functions: what Redis's script and an instance alone both do. */
import { describe, expect, it } from 'vitest';
import { gcraPause, gcraTake } from '../../src/edge/coordination/gcra.ts';

/** Permits taken in each second of `seconds`, asking every millisecond. */
function perSecond(intervalMs: number, seconds: number, pause?: { at: number; ms: number }): number[] {
  const state = { tat: 0 };
  const counts = Array.from({ length: seconds }, () => 0);
  for (let now = 0; now < seconds * 1000; now++) {
    if (pause && now === pause.at) gcraPause(state, now, pause.ms, intervalMs);
    if (gcraTake(state, now, intervalMs) === 0) counts[Math.floor(now / 1000)]!++;
  }
  return counts;
}

describe('the shared budget\'s rate (GCRA)', () => {
  it('lets no second hold more than the rate, however often it is asked', () => {
    const counts = perSecond(1000 / 18, 10);
    expect(Math.max(...counts)).toBeLessThanOrEqual(18);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(17);
  });

  it('says how long to wait, and the wait is right', () => {
    const state = { tat: 0 };
    expect(gcraTake(state, 1000, 100)).toBe(0);
    const wait = gcraTake(state, 1010, 100);
    expect(wait).toBe(90);
    expect(gcraTake(state, 1010 + wait, 100)).toBe(0);
  });

  it('pauses every taker for a 429\'s Retry-After, then goes on at the rate', () => {
    const counts = perSecond(1000 / 18, 6, { at: 1500, ms: 2000 });
    expect(counts[2]).toBe(0);
    expect(counts[4]).toBeGreaterThanOrEqual(17);
  });
});

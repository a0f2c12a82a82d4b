import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { follow, heal, healDelay, healTiming } from '../../src/controllers/heal.ts';

/**
 * The page's retries (controllers/heal.ts) with their real timings, on a fake clock: the
 * backoff's bounds, how it spreads many shoppers, and the queue (one read tries for
 * all, the rest at once after it succeeds, `online` at once, nothing once empty). The
 * browser tests (test/browser/heal.test.ts) run them against the emulator.
 */
describe('the backoff', () => {
  it('waits 2 to 5 s, then up to 10 s, then up to 20 s at most, with the real timings', () => {
    expect(healTiming).toEqual({ firstMs: 5_000, maxMs: 20_000 });
    expect([0, 1, 2, 3, 10].map((failures) => healDelay(failures, () => 0))).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);
    expect([0, 1, 2, 3, 10].map((failures) => healDelay(failures, () => 1))).toEqual([5_000, 10_000, 20_000, 20_000, 20_000]);
    fc.assert(
      fc.property(fc.nat(60), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (failures, random) => {
        const wait = healDelay(failures, () => random);
        return wait >= 2_000 && wait < 20_000;
      }),
    );
  });

  it('spreads a thousand shoppers who failed at the same moment over the whole step', () => {
    // mulberry32: a seeded, evenly spread sequence (the test gives the same answer every run).
    let seed = 7;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    for (const [failures, step] of [[0, 5_000], [2, 20_000]] as const) {
      const seconds = new Map<number, number>();
      for (let shopper = 0; shopper < 1_000; shopper++) {
        const second = Math.floor(healDelay(failures, random) / 1_000);
        seconds.set(second, (seconds.get(second) ?? 0) + 1);
      }
      // Uniform from 2 s to the step: no second gets much more than its share.
      const share = 1_000 / ((step - 2_000) / 1_000);
      expect(Math.max(...seconds.values()), `busiest second of a ${step} ms step`).toBeLessThan(share * 1.5);
      expect(seconds.size).toBe((step - 2_000) / 1_000);
    }
  });
});

describe('the page queue', () => {
  let online: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
      if (type === 'online') online = listener;
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A read that fails until `up` (ms on the fake clock), and counts its tries. */
  function read(up: () => boolean) {
    const tries: number[] = [];
    const retry = vi.fn(async () => {
      tries.push(Date.now());
      return up();
    });
    return { retry, tries };
  }

  it('a 20 s outage: one read tries for all, and every read tries within 20 s of the API coming back', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const start = Date.now();
    const apiUp = () => Date.now() - start >= 20_000;
    const reads = [read(apiUp), read(apiUp), read(apiUp)];
    for (const { retry } of reads) heal(retry, true);
    // The outage: only the first read tries, then each in turn (1 failure -> 10 s, then 20 s steps).
    await vi.advanceTimersByTimeAsync(19_999);
    const during = reads.flatMap(({ tries }) => tries);
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during.length).toBeLessThanOrEqual(3);
    // The API is back at 20 s: the next try is at most one step (20 s) away, and then all try at once.
    await vi.advanceTimersByTimeAsync(20_001);
    for (const { tries } of reads) {
      const after = tries.filter((at) => at >= start + 20_000);
      expect(after.length, 'tries after the API came back').toBeGreaterThan(0);
      expect(after[0]! - (start + 20_000)).toBeLessThanOrEqual(20_000);
    }
    for (const { retry } of reads) heal(retry, false);
  });

  it('`online` makes every waiting read try at once', async () => {
    const reads = [read(() => true), read(() => true)];
    for (const { retry } of reads) heal(retry, true);
    expect(online).toBeDefined();
    online!();
    await Promise.resolve();
    for (const { retry } of reads) expect(retry).toHaveBeenCalledTimes(1);
    for (const { retry } of reads) heal(retry, false);
  });

  it('offline, nothing tries (the `online` event comes first)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { retry } = read(() => true);
    heal(retry, true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(retry).not.toHaveBeenCalled();
    heal(retry, false);
  });

  it("a try on its way answers `online` too, and when it fails the page's retries go on", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    // An element's read that failed (the controller as query-controller.ts hands it over), and its host.
    const failed = { error: { code: 'server' }, data: undefined, isFetching: false, refetch: vi.fn(() => Promise.resolve()) };
    const controller: { result: unknown; hold: ((next: never) => boolean) | undefined } = { result: failed, hold: undefined };
    const hooks: { hostConnected(): void; hostDisconnected(): void }[] = [];
    follow({ addController: (hook: never) => hooks.push(hook) } as never, controller);
    hooks[0]!.hostConnected();
    // The timer's try (2 s), then the browser back online while that read is on its way.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    online!();
    await Promise.resolve();
    expect(failed.refetch, 'one read on its way answers both').toHaveBeenCalledTimes(1);
    // That read fails again: the error stays on screen, and the page tries again later.
    expect(controller.hold!({ ...failed } as never), 'the same failure is kept off the screen').toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failed.refetch.mock.calls.length, 'tries after the failed one').toBeGreaterThan(1);
    hooks[0]!.hostDisconnected();
  });

  it('a read out of the queue (its element left, or it healed) is not tried, and an empty queue stops the timer', async () => {
    const { retry } = read(() => false);
    heal(retry, true);
    heal(retry, false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(retry).not.toHaveBeenCalled();
  });
});

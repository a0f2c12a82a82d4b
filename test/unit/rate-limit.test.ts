import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenBucket, sharedRateLimiter } from '../../src/api/rate-limit.ts';

describe('token bucket', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const bucket = () => createTokenBucket({ capacity: 40, refillPerSecond: 20, now: () => Date.now() });

  it('lets a burst of the capacity through at once, then 20 per second', async () => {
    const limiter = bucket();
    const granted: number[] = [];
    for (let i = 0; i < 80; i++) void limiter.acquire().then(() => granted.push(Date.now()));
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toHaveLength(40);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toHaveLength(80);
    // Never more than capacity + rate × window in any one-second window.
    for (let i = 0; i < granted.length; i++) expect(granted.filter((t) => t >= granted[i]! && t < granted[i]! + 1000).length).toBeLessThanOrEqual(60);
  });

  it('holds everything during a pause, then resumes', async () => {
    const limiter = bucket();
    limiter.pauseFor(2000);
    let granted = 0;
    for (let i = 0; i < 5; i++) void limiter.acquire().then(() => granted++);
    await vi.advanceTimersByTimeAsync(1999);
    expect(granted).toBe(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(granted).toBeGreaterThan(0);
  });

  it('rejects and forgets a waiter whose signal aborts', async () => {
    const limiter = bucket();
    for (let i = 0; i < 40; i++) await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    let next = false;
    void limiter.acquire().then(() => (next = true));
    await vi.advanceTimersByTimeAsync(60);
    expect(next).toBe(true);
  });
});

describe('shared limiter', () => {
  it('is one bucket per key and base, found through globalThis by any copy of the library', () => {
    const a = sharedRateLimiter('https://api.example.com', 'svc_pk_a');
    expect(sharedRateLimiter('https://api.example.com', 'svc_pk_a')).toBe(a);
    expect(sharedRateLimiter('https://api.example.com', 'svc_pk_b')).not.toBe(a);
    const registry = (globalThis as Record<symbol, unknown>)[Symbol.for('storefront-widgets.rate-limiters.v1')] as Map<string, unknown>;
    expect(registry.get('https://api.example.com|svc_pk_a')).toBe(a);
  });
});

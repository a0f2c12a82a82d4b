/** Contract section 1: a per-key token bucket, capacity 40, refilled at 20 per second. */
import { describe, expect, it } from 'vitest';
import { base, get, getJson, registerKey, type ErrorBody } from './emulator-helpers.ts';

const burst = (key: string, n: number, path = '/v1/posts?market=us&limit=1'): Promise<Response[]> =>
  Promise.all(Array.from({ length: n }, () => get(path, key)));

describe('token bucket per key', () => {
  it('reports RateLimit-* headers on success, counting down from 40', async () => {
    const key = await registerKey('rate_headers');
    const first = await get('/v1/posts?market=us&limit=1', key);
    expect(first.headers.get('ratelimit-limit')).toBe('40');
    expect(first.headers.get('ratelimit-remaining')).toBe('39');
    expect(first.headers.get('ratelimit-reset')).toBe('0');
    expect(first.headers.get('retry-after')).toBeNull();
    const second = await get('/v1/company/review-summary', key);
    expect(Number(second.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(39);
  });

  it('refuses the 41st request inside one second with 429 and Retry-After', async () => {
    const key = await registerKey('rate_41');
    // Open the connections first (the control endpoint costs no tokens), so the burst is quick.
    await Promise.all(Array.from({ length: 41 }, () => fetch(`${base}/__emulator/info`).then((r) => r.arrayBuffer())));
    const started = performance.now();
    const statuses = (await burst(key, 41)).map((r) => r.status);
    const burstSeconds = (performance.now() - started) / 1000;
    if (burstSeconds < 0.045) expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // Tokens trickle back at 20 per second: keep asking until refused, all inside the second.
    let refused: Response | undefined;
    let extra = 0;
    while (!refused && extra < 100) {
      const response = await get('/v1/posts?market=us&limit=1', key);
      if (response.status === 429) refused = response;
      else extra++;
    }
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(1);
    const ok = statuses.filter((s) => s === 200).length + extra;
    expect(ok).toBeGreaterThanOrEqual(40);
    expect(ok).toBeLessThanOrEqual(40 + Math.floor(seconds * 20) + 1);
    expect(refused).toBeDefined();
    expect(((await refused!.json()) as ErrorBody).error.code).toBe('rate_limited');
    const retryAfter = refused!.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused!.headers.get('ratelimit-limit')).toBe('40');
    expect(refused!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused!.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  });

  it('a burst of 60 gets about 40 through and refuses the rest', async () => {
    const key = await registerKey('rate_60');
    const started = performance.now();
    const statuses = (await burst(key, 60)).map((r) => r.status);
    const elapsed = (performance.now() - started) / 1000;
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(40);
    expect(ok).toBeLessThanOrEqual(40 + Math.ceil(elapsed * 20));
    expect(statuses.filter((s) => s === 429).length).toBe(60 - ok);
  });

  it('refills at 20 per second', async () => {
    const key = await registerKey('rate_refill');
    await burst(key, 60);
    expect((await get('/v1/posts?market=us&limit=1', key)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await burst(key, 15);
    expect(after.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(15);
    const more = await burst(key, 15);
    expect(more.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });

  it('is shared by every operation of a key, and separate per key', async () => {
    const key = await registerKey('rate_shared');
    const other = await registerKey('rate_shared_other');
    const started = performance.now();
    const answers = (
      await Promise.all([burst(key, 30, '/v1/company/reviews?limit=1'), burst(key, 30, '/v1/products/aster-linen-shirt/review-summary')])
    ).flat();
    const seconds = (performance.now() - started) / 1000;
    const ok = answers.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(40);
    expect(ok).toBeLessThanOrEqual(40 + Math.ceil(seconds * 20));
    if (seconds < 0.9) expect(ok).toBeLessThan(60);
    expect((await get('/v1/posts?market=us', other)).status).toBe(200);
  });

  it('preflights and media do not count', async () => {
    const key = await registerKey('rate_free');
    const page = await getJson<{ data: { media: { location: string } }[] }>('/v1/posts?market=us&limit=1', key);
    const picture = page.body.data[0]!.media.location;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? fetch(`${base}/v1/posts?market=us`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' } })
          : fetch(picture),
      ),
    );
    const next = await get('/v1/posts?market=us&limit=1', key);
    expect(next.status).toBe(200);
    expect(Number(next.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(38);
  });
});

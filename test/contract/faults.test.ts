/** Fault injection through /__emulator/: per key, off by default, and logged. */
import { describe, expect, it } from 'vitest';
import { base, get, getJson, registerKey, requestLog, setFaults, UNLIMITED, type ErrorBody, type Page, type WirePost } from './emulator-helpers.ts';

const POSTS = '/v1/posts?market=us&limit=2';
const statusOf = async (path: string, key: string): Promise<number> => (await get(path, key)).status;

describe('faults', () => {
  it('are off by default', async () => {
    const key = await registerKey('faults_none');
    const statuses = await Promise.all(Array.from({ length: 10 }, () => statusOf(POSTS, key)));
    expect(statuses).toEqual(Array(10).fill(200));
  });

  it('fail500 answers the next N requests with 500 internal', async () => {
    const key = await registerKey('faults_500', { faults: { fail500: 2 } });
    const first = await getJson<ErrorBody>(POSTS, key);
    expect(first.status).toBe(500);
    expect(first.body.error.code).toBe('internal');
    expect(first.headers.get('ratelimit-limit')).toBe('40');
    expect(await statusOf(POSTS, key)).toBe(500);
    expect(await statusOf(POSTS, key)).toBe(200);
    expect((await requestLog(key)).map((e) => e.status)).toEqual([500, 500, 200]);
  });

  it('force429 answers 429 with the Retry-After asked for', async () => {
    const key = await registerKey('faults_429', { faults: { force429: 1, retryAfterSeconds: 3 } });
    const refused = await getJson<ErrorBody>(POSTS, key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(refused.headers.get('ratelimit-reset')).toBe('3');
    expect(await statusOf(POSTS, key)).toBe(200);
    const defaulted = await registerKey('faults_429_default', { faults: { force429: 1 } });
    expect((await get(POSTS, defaulted)).headers.get('retry-after')).toBe('1');
  });

  it('drop destroys the connection without an answer', async () => {
    const key = await registerKey('faults_drop', { faults: { drop: 1 } });
    await expect(get(POSTS, key)).rejects.toThrow();
    expect(await statusOf(POSTS, key)).toBe(200);
    expect((await requestLog(key)).map((e) => e.status)).toEqual([0, 200]);
  });

  it('down drops everything until the faults are replaced', async () => {
    const key = await registerKey('faults_down', { faults: { down: true } });
    await expect(get(POSTS, key)).rejects.toThrow();
    await expect(get('/v1/company/review-summary', key)).rejects.toThrow();
    expect((await setFaults(key, {})).status).toBe(200);
    expect(await statusOf(POSTS, key)).toBe(200);
  });

  it('malformed answers 200 with a truncated JSON body', async () => {
    const key = await registerKey('faults_malformed', { faults: { malformed: 1 } });
    const broken = await get(POSTS, key);
    expect(broken.status).toBe(200);
    expect(broken.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await broken.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
    const whole = await (await get(POSTS, key)).text();
    expect(JSON.parse(whole)).toHaveProperty('data');
    expect(whole.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(whole.length);
  });

  it('latencyMs delays every answer', async () => {
    const key = await registerKey('faults_latency', { faults: { latencyMs: 300 } });
    const started = performance.now();
    expect(await statusOf(POSTS, key)).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('holdMs holds an answer once made: it predates a review added meanwhile', async () => {
    const key = await registerKey('faults_hold', { faults: { holdMs: 600 } });
    const summary = '/v1/products/aster-linen-shirt/review-summary?market=us';
    const count = async () => (await getJson<{ count: number }>(summary, key)).body.count;
    const before = await count();
    const held = count();
    await expect.poll(async () => (await requestLog(key)).length).toBe(2);
    const added = await fetch(`${base}/__emulator/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key, product_ref: 'aster-linen-shirt', rating: 5 }) });
    expect(added.status).toBe(201);
    expect(await held).toBe(before);
    expect(await count()).toBe(before + 1);
  });

  it('pathIncludes limits faults to matching paths', async () => {
    const key = await registerKey('faults_path', { faults: { fail500: 5, pathIncludes: '/reviews' } });
    expect(await statusOf(POSTS, key)).toBe(200);
    expect(await statusOf('/v1/company/review-summary', key)).toBe(200);
    expect(await statusOf('/v1/company/reviews', key)).toBe(500);
    expect(await statusOf('/v1/products/aster-linen-shirt/reviews', key)).toBe(500);
  });

  it('afterRequests breaks the second page of a pagination only', async () => {
    const key = await registerKey('faults_after', { faults: { afterRequests: 1, fail500: 1 } });
    const first = await getJson<Page<WirePost>>('/v1/posts?market=us&limit=5', key);
    expect(first.status).toBe(200);
    const second = `/v1/posts?market=us&limit=5&cursor=${encodeURIComponent(first.body.next_cursor!)}`;
    expect(await statusOf(second, key)).toBe(500);
    expect(await statusOf(second, key)).toBe(200);
  });

  it('rate500 fails a deterministic share of requests', async () => {
    const run = async (key: string): Promise<number[]> => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push(await statusOf(POSTS, key));
      return statuses;
    };
    const key = await registerKey('faults_rate500', { faults: { rate500: 0.5 }, rate: UNLIMITED });
    const once = await run(key);
    const failures = once.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(25);
    expect(once.every((s) => s === 200 || s === 500)).toBe(true);
    expect((await setFaults(key, { rate500: 0.5 })).status).toBe(200);
    expect(await run(key)).toEqual(once);
  });

  it('belong to one key only', async () => {
    const broken = await registerKey('faults_broken', { faults: { fail500: 100 } });
    const healthy = await registerKey('faults_healthy');
    expect(await statusOf(POSTS, broken)).toBe(500);
    expect(await statusOf(POSTS, healthy)).toBe(200);
    expect(await statusOf(POSTS, 'svc_pk_demo')).toBe(200);
  });
});

describe('control API', () => {
  it('refuses bad registrations and unknown faults', async () => {
    const post = (path: string, body: unknown): Promise<Response> =>
      fetch(`${base}/__emulator/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const badKey = await post('keys', { key: 'svc_pk_demo' });
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as ErrorBody).error.message).toMatch(/^key: /);
    const badPlan = await post('keys', { key: 'svc_pk_test_x', plan: 'gold' });
    expect(((await badPlan.json()) as ErrorBody).error.message).toMatch(/plan: /);
    const badFault = await post('keys', { key: 'svc_pk_test_x', faults: { fail501: 1, rate500: 2 } });
    expect(badFault.status).toBe(400);
    expect(((await badFault.json()) as ErrorBody).error.message).toBe('faults.fail501: unknown fault, faults.rate500: must be a number from 0 to 1');
    expect((await post('faults', { key: 'svc_pk_test_never', faults: {} })).status).toBe(404);
    expect((await fetch(`${base}/__emulator/keys`, { method: 'POST', body: '{not json' })).status).toBe(400);
  });

  it('registers a noreviews plan', async () => {
    const key = await registerKey('control_plan', { plan: 'noreviews' });
    expect(await statusOf('/v1/company/reviews', key)).toBe(403);
  });

  it('logs method, path, query, status and time, preflights included', async () => {
    const key = await registerKey('control_log');
    const origin = 'https://shop.example';
    const url = '/v1/posts?market=de&label_id=65f1a0c2e4b0a1d2c3e4f501&label_id=65f1a0c2e4b0a1d2c3e4f502';
    const before = Date.now();
    const preflight = await fetch(`${base}${url}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(204);
    // A browser sends the same Origin with the request that follows the preflight.
    expect((await get(url, key, { Origin: origin })).status).toBe(200);
    await get('/v1/posts', key, { Origin: origin });
    const log = await requestLog(key);
    expect(log.map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
      { method: 'OPTIONS', path: '/v1/posts', query: { market: 'de', label_id: ['65f1a0c2e4b0a1d2c3e4f501', '65f1a0c2e4b0a1d2c3e4f502'] }, status: 204 },
      { method: 'GET', path: '/v1/posts', query: { market: 'de', label_id: ['65f1a0c2e4b0a1d2c3e4f501', '65f1a0c2e4b0a1d2c3e4f502'] }, status: 200 },
      { method: 'GET', path: '/v1/posts', query: {}, status: 400 },
    ]);
    for (const entry of log) {
      expect(entry.at).toBeGreaterThanOrEqual(before - 5);
      expect(entry.at).toBeLessThanOrEqual(Date.now());
    }
    expect((await fetch(`${base}/__emulator/log?key=${key}`, { method: 'DELETE' })).status).toBe(204);
    expect(await requestLog(key)).toEqual([]);
    expect((await fetch(`${base}/__emulator/log?key=svc_pk_test_unknown`)).status).toBe(404);
  });

  it('info lists endpoints, keys, markets and counts', async () => {
    const answer = await getJson<{ endpoints: { path: string }[]; keys: { key: string }[]; markets: unknown[]; counts: Record<string, number> }>('/__emulator/info');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body.endpoints.map((e) => e.path)).toContain('/v1/products/{product_ref}/rich-snippet');
    expect(answer.body.keys.map((k) => k.key)).toEqual(['svc_pk_demo', 'svc_pk_demo_noreviews']);
    expect(answer.body.markets).toHaveLength(3);
    expect(answer.body.counts.posts).toBeGreaterThanOrEqual(300);
  });
});

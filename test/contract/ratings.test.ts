/**
 * Contract section 3: `GET /v1/products/ratings`, the batched read of many products'
 * average and count, with the auth, CORS, rate limit and errors of every other route,
 * and the control switch that makes it answer 404 (an API without it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setRatingsAvailable } from '../support/emulator-control.ts';
import { base, get, getJson, info, registerKey, requestLog, UNLIMITED, type EmulatorInfo, type ErrorBody, type WireSummary } from './emulator-helpers.ts';

interface Ratings {
  data: { product_ref: string; average: number; count: number }[];
}

let key: string;
let seed: EmulatorInfo;

beforeAll(async () => {
  key = await registerKey('ratings', { rate: UNLIMITED });
  seed = await info();
});

const refsQuery = (refs: string[]) => refs.map((ref) => `product_ref=${encodeURIComponent(ref)}`).join('&');

describe('GET /v1/products/ratings', () => {
  it('gives each known product’s average and count, as its review summary does, in the order asked', async () => {
    const refs = [seed.products[5]!.handle, seed.products[0]!.id, seed.products[3]!.handle];
    const answer = await getJson<Ratings>(`/v1/products/ratings?market=us&product_ref=${refs.join(',')}`, key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.data.map((entry) => entry.product_ref)).toEqual(refs);
    for (const entry of answer.body.data) {
      const summary = await getJson<WireSummary>(`/v1/products/${encodeURIComponent(entry.product_ref)}/review-summary?market=us`, key);
      expect(entry).toEqual({ product_ref: entry.product_ref, average: summary.body.average, count: summary.body.count });
    }
  });

  it('takes the refs repeated or comma-separated, the same', async () => {
    const refs = seed.products.slice(0, 6).map((product) => product.handle);
    const repeated = await getJson<Ratings>(`/v1/products/ratings?market=de&${refsQuery(refs)}`, key);
    const mixed = await getJson<Ratings>(`/v1/products/ratings?market=de&product_ref=${refs.slice(0, 3).join(',')}&product_ref=${refs.slice(3).join(',')}`, key);
    expect(repeated.body.data).toHaveLength(6);
    expect(mixed.body).toEqual(repeated.body);
  });

  it('leaves unknown refs out and answers a list of none with an empty list', async () => {
    const known = seed.products[1]!.handle;
    const answer = await getJson<Ratings>(`/v1/products/ratings?market=us&product_ref=no-such-product,${known},also-missing`, key);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((entry) => entry.product_ref)).toEqual([known]);
    expect((await getJson<Ratings>('/v1/products/ratings?market=us&product_ref=no-such-product', key)).body).toEqual({ data: [] });
  });

  it('reports a product without reviews with count 0 and average 0', async () => {
    const unreviewed = seed.products.find((product) => product.review_count === 0)!;
    const answer = await getJson<Ratings>(`/v1/products/ratings?market=us&product_ref=${unreviewed.handle}`, key);
    expect(answer.body.data).toEqual([{ product_ref: unreviewed.handle, average: 0, count: 0 }]);
  });

  it('accepts 1 to 50 refs; none, more than 50 or an unknown market are a 400 naming each parameter', async () => {
    const refs = [...seed.products.map((product) => product.handle), ...seed.products.map((product) => product.id)];
    expect(refs.length).toBeGreaterThan(50);
    expect((await getJson<Ratings>(`/v1/products/ratings?market=us&${refsQuery(refs.slice(0, 50))}`, key)).body.data).toHaveLength(50);
    const cases: [string, string][] = [
      ['/v1/products/ratings?market=us', 'product_ref: required'],
      ['/v1/products/ratings?market=us&product_ref=,', 'product_ref: must not be empty'],
      [`/v1/products/ratings?market=us&${refsQuery(refs.slice(0, 51))}`, 'product_ref: at most 50 values'],
      ['/v1/products/ratings?market=xx', 'market: unknown market'],
    ];
    for (const [path, message] of cases) {
      const answer = await getJson<ErrorBody>(path, key);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
      expect(answer.body.error.message).toContain(message);
    }
    const both = await getJson<ErrorBody>('/v1/products/ratings?market=xx', key);
    expect(both.body.error.message).toMatch(/^market: .*product_ref: required$/);
  });

  it('needs a publishable key, and a plan with Reviews', async () => {
    const path = `/v1/products/ratings?market=us&product_ref=${seed.products[0]!.handle}`;
    const missing = await getJson<ErrorBody>(path);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('unauthorized');
    expect((await getJson<ErrorBody>(path, 'svc_sk_secret')).status).toBe(401);
    const noReviews = await getJson<ErrorBody>(path, 'svc_pk_demo_noreviews');
    expect(noReviews.status).toBe(403);
    expect(noReviews.body.error.code).toBe('plan_lacks_reviews');
  });

  it('answers CORS preflights and is readable cross-origin', async () => {
    const path = `/v1/products/ratings?market=us&product_ref=${seed.products[0]!.handle}`;
    const preflight = await fetch(`${base}${path}`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    const response = await get(path, key, { Origin: 'https://shop.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
  });

  it('costs one token of the key’s shared bucket, and is refused with 429 when it is spent', async () => {
    const limited = await registerKey('ratings_rate', { rate: { capacity: 2, refillPerSecond: 0.001 } });
    const path = `/v1/products/ratings?market=us&product_ref=${seed.products.slice(0, 30).map((product) => product.handle).join(',')}`;
    const first = await get(path, limited);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect((await get(`/v1/products/${seed.products[0]!.handle}/review-summary`, limited)).status).toBe(200);
    const refused = await get(path, limited);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('takes faults like every other route', async () => {
    const faulty = await registerKey('ratings_faults', { faults: { fail500: 1, pathIncludes: '/ratings' } });
    const path = `/v1/products/ratings?market=us&product_ref=${seed.products[0]!.handle}`;
    const failed = await getJson<ErrorBody>(path, faulty);
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('internal');
    expect((await get(path, faulty)).status).toBe(200);
  });
});

describe('the ratings switch (/__emulator/ratings)', () => {
  it('makes the path answer 404 not_found for one key only, and serves it again', async () => {
    const off = await registerKey('ratings_off');
    const path = `/v1/products/ratings?market=us&product_ref=${seed.products[0]!.handle}`;
    await setRatingsAvailable(base, off, false);
    const missing = await getJson<ErrorBody>(path, off);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect(missing.headers.get('ratelimit-limit')).toBe('40');
    expect((await get(path, key)).status).toBe(200);
    expect((await get(`/v1/products/${seed.products[0]!.handle}/review-summary`, off)).status).toBe(200);
    expect((await requestLog(off)).map((entry) => [entry.path, entry.status])).toEqual([
      ['/v1/products/ratings', 404],
      ['/v1/products/' + seed.products[0]!.handle + '/review-summary', 200],
    ]);
    await setRatingsAvailable(base, off, true);
    expect((await get(path, off)).status).toBe(200);
  });

  it('refuses an unknown key or a value that is not a boolean', async () => {
    const post = (body: unknown) => fetch(`${base}/__emulator/ratings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ key: 'svc_pk_test_nobody', available: false })).status).toBe(404);
    const bad = await post({ key, available: 'no' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.message).toBe('available: must be a boolean');
  });
});

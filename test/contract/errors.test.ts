/** Contract section 1: every row of the error table, with the error envelope. */
import { beforeAll, describe, expect, it } from 'vitest';
import { base, get, getJson, info, registerKey, type EmulatorInfo, type ErrorBody } from './emulator-helpers.ts';

let key: string;
let noReviews: string;
let seed: EmulatorInfo;

beforeAll(async () => {
  key = await registerKey('errors', { rate: { capacity: 1000, refillPerSecond: 1000 } });
  noReviews = await registerKey('errors_noreviews', { plan: 'noreviews' });
  seed = await info();
});

/** `authKey` null sends no Authorization header. */
async function expectError(path: string, status: number, code: string, authKey: string | null = key): Promise<string> {
  const response = await get(path, authKey ?? undefined);
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const body = (await response.json()) as ErrorBody;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

describe('400 invalid_request names each bad parameter and its rule', () => {
  it('lists every problem of one request, comma-separated', async () => {
    expect(await expectError('/v1/posts?limit=51', 400, 'invalid_request')).toBe('limit: less than or equal to 50, market: required');
    expect(await expectError('/v1/posts?market=xx&limit=0&label_id=nothex&label_match=some', 400, 'invalid_request')).toMatch(
      /^label_id: must be 24 hexadecimal characters, label_match: must be one of any, all, limit: greater than or equal to 1, market: unknown market/,
    );
  });

  it.each([
    ['/v1/posts', 'market: required'],
    ['/v1/posts?market=', 'market: required'],
    ['/v1/posts?market=fr', 'market: unknown market'],
    ['/v1/posts?market=us&limit=51', 'limit: less than or equal to 50'],
    ['/v1/posts?market=us&limit=0', 'limit: greater than or equal to 1'],
    ['/v1/posts?market=us&limit=ten', 'limit: must be an integer'],
    ['/v1/posts?market=us&limit=2.5', 'limit: must be an integer'],
    ['/v1/posts?market=us&limit=5&limit=6', 'limit: must not be repeated'],
    ['/v1/posts?market=us&label_match=all', 'label_match: requires label_id'],
    ['/v1/posts?market=us&label_id=65f1a0c2e4b0a1d2c3e4f501&label_match=both', 'label_match: must be one of any, all'],
    ['/v1/posts?market=us&label_id=65f1a0c2e4b0a1d2c3e4f5', 'label_id: must be 24 hexadecimal characters'],
    ['/v1/posts?market=us&label_id=65f1a0c2e4b0a1d2c3e4f501,zzf1a0c2e4b0a1d2c3e4f501', 'label_id: must be 24 hexadecimal characters'],
    ['/v1/posts?market=us&gallery_id=gal_nope', 'gallery_id: unknown gallery'],
    ['/v1/posts?market=us&profile_id=prf_nope', 'profile_id: unknown profile'],
    ['/v1/posts?market=us&cursor=abc', 'cursor: invalid'],
    ['/v1/posts/pst_anything', 'market: required'],
    ['/v1/products/aster-linen-shirt/reviews?sort=oldest', 'sort: must be one of newest, highest, lowest'],
    ['/v1/products/aster-linen-shirt/reviews?rating=0', 'rating: greater than or equal to 1'],
    ['/v1/products/aster-linen-shirt/reviews?rating=6', 'rating: less than or equal to 5'],
    ['/v1/products/aster-linen-shirt/reviews?rating=high', 'rating: must be an integer'],
    ['/v1/products/aster-linen-shirt/reviews?include=labels', 'include: must be one of localization'],
    ['/v1/products/aster-linen-shirt/reviews?limit=100', 'limit: less than or equal to 50'],
    ['/v1/company/reviews?market=xx', 'market: unknown market'],
    ['/v1/company/review-summary?market=xx', 'market: unknown market'],
    ['/v1/products/aster-linen-shirt/rich-snippet?market=xx', 'market: unknown market'],
  ])('%s', async (path, expected) => {
    const message = await expectError(path, 400, 'invalid_request');
    expect(message.startsWith(expected), message).toBe(true);
    expect(message.split(', ').filter((part) => /^[a-z_]+: /.test(part))).toHaveLength(1);
  });
});

describe('401 unauthorized', () => {
  it('for a missing key', async () => {
    expect(await expectError('/v1/posts?market=us', 401, 'unauthorized', null)).toMatch(/missing/i);
  });
  it('for an unknown publishable key', async () => {
    expect(await expectError('/v1/posts?market=us', 401, 'unauthorized', 'svc_pk_never_registered')).toMatch(/unknown/i);
  });
  it('for a secret key, even one that looks valid', async () => {
    expect(await expectError('/v1/posts?market=us', 401, 'unauthorized', 'svc_sk_demo')).toMatch(/secret/i);
    expect(await expectError('/v1/company/review-summary', 401, 'unauthorized', 'svc_sk_live_123')).toMatch(/secret/i);
  });
  it('for a header that is not a Bearer publishable key', async () => {
    const response = await get('/v1/posts?market=us', undefined, { Authorization: `Basic ${btoa('svc_pk_demo:')}` });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe('unauthorized');
  });
  it('before validation: a bad request without a key is still a 401', async () => {
    await expectError('/v1/posts?limit=99', 401, 'unauthorized', null);
  });
});

describe('403 plan_lacks_reviews', () => {
  it.each([
    '/v1/products/aster-linen-shirt/reviews?market=us',
    '/v1/products/aster-linen-shirt/review-summary?market=us',
    '/v1/products/aster-linen-shirt/rich-snippet?market=us',
    '/v1/company/reviews?market=us',
    '/v1/company/review-summary?market=us',
  ])('%s on a plan without Reviews', async (path) => {
    expect(await expectError(path, 403, 'plan_lacks_reviews', noReviews)).toMatch(/Reviews/);
    expect((await get(path, key)).status).toBe(200);
  });

  it('also for the built-in svc_pk_demo_noreviews key', async () => {
    await expectError('/v1/company/review-summary?market=de', 403, 'plan_lacks_reviews', 'svc_pk_demo_noreviews');
  });

  it('posts stay readable on that plan', async () => {
    const answer = await getJson<{ data: unknown[] }>('/v1/posts?market=us&limit=3', noReviews);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(3);
  });
});

describe('404 not_found', () => {
  it('for a post that does not exist', async () => {
    expect(await expectError('/v1/posts/pst_doesnotexist?market=us', 404, 'not_found')).toMatch(/pst_doesnotexist/);
  });
  it.each(['reviews', 'review-summary', 'rich-snippet'])('for an unknown product on %s', async (operation) => {
    await expectError(`/v1/products/no-such-product/${operation}?market=us`, 404, 'not_found');
  });
  it('for an unknown product_ref filter of the post list', async () => {
    await expectError('/v1/posts?market=us&product_ref=no-such-product', 404, 'not_found');
  });
  it('for an unknown endpoint', async () => {
    await expectError('/v1/orders', 404, 'not_found');
  });
  it('accepts a product by id and by handle', async () => {
    const product = seed.products[0]!;
    expect((await get(`/v1/products/${product.id}/review-summary?market=us`, key)).status).toBe(200);
    expect((await get(`/v1/products/${product.handle}/review-summary?market=us`, key)).status).toBe(200);
  });
});

describe('429 rate_limited and 500 internal', () => {
  it('answers 429 with Retry-After once the bucket is empty', async () => {
    const limited = await registerKey('errors_429');
    let refused: Response | undefined;
    for (let round = 0; round < 10 && !refused; round++) {
      const answers = await Promise.all(Array.from({ length: 60 }, () => get('/v1/posts?market=us&limit=1', limited)));
      refused = answers.find((r) => r.status === 429);
    }
    expect(refused).toBeDefined();
    const body = (await refused!.json()) as ErrorBody;
    expect(body.error.code).toBe('rate_limited');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('answers 500 internal through the fault control', async () => {
    const failing = await registerKey('errors_500', { faults: { fail500: 1 } });
    await expectError('/v1/posts?market=us', 500, 'internal', failing);
    expect((await get('/v1/posts?market=us', failing)).status).toBe(200);
  });
});

describe('envelope details', () => {
  it('sends no-store on errors and the rate headers on every /v1 answer', async () => {
    const response = await get('/v1/posts', key);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(response.headers.get(name), name).not.toBeNull();
  });

  it('answers non-GET methods without touching data', async () => {
    const response = await fetch(`${base}/v1/posts?market=us`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(405);
    expect(((await response.json()) as ErrorBody).error.code).toBe('method_not_allowed');
  });
});

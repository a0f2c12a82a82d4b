/**
 * The read proxy over HTTP (Node adapter) in front of the real emulator: the same answers
 * as the API, one request for concurrent reads, the budget, stale answers while the API is
 * down or rate limited, and its HTTP caching headers.
 */
import { describe, expect, it } from 'vitest';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';
import { apiBase, startProxy } from './support.ts';

const PRODUCT = 'aster-linen-shirt';
const READS = [
  '/v1/posts?market=us&limit=3',
  `/v1/posts?market=us&product_ref=${PRODUCT}&limit=5`,
  `/v1/products/${PRODUCT}/reviews?market=us&limit=4&sort=highest`,
  `/v1/products/${PRODUCT}/review-summary?market=us`,
  '/v1/company/reviews?market=de&limit=2&include=localization',
  '/v1/company/review-summary?market=se',
  `/v1/products/${PRODUCT}/rich-snippet?market=us`,
  `/v1/products/ratings?market=us&product_ref=${PRODUCT}&product_ref=fjord-merino-sweater`,
  // The API's own errors come through as it sent them.
  '/v1/products/no-such-product/review-summary?market=us',
  '/v1/posts?market=us&limit=99',
  '/v1/posts?market=mars',
];

async function direct(path: string, key: string) {
  const response = await fetch(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('the read proxy', () => {
  it('answers every read as the API does: status, content type and body', async () => {
    const { url, key } = await startProxy('same');
    const post = (JSON.parse((await direct('/v1/posts?market=us&limit=1', key)).body) as { data: { id: string }[] }).data[0]!.id;
    for (const path of [...READS, `/v1/posts/${post}?market=us`]) {
      const response = await fetch(`${url}${path}`);
      const expected = await direct(path, key);
      expect({ path, status: response.status, type: response.headers.get('content-type'), body: await response.text() }).toEqual({ path, ...expected });
    }
  });

  it('sends one request for many concurrent identical reads, and answers the next from its cache', async () => {
    const { url, key } = await startProxy('flight');
    const path = `/v1/products/${PRODUCT}/reviews?market=us&limit=5`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${url}${path}`).then(async (r) => ({ status: r.status, body: await r.text() }))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // Parameters in another order are the same read.
    const again = await fetch(`${url}/v1/products/${PRODUCT}/reviews?limit=5&market=us`);
    expect(again.headers.get('cache-status')).toMatch(/^storefront-proxy; hit/);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('says how a CDN may cache each answer', async () => {
    const { url } = await startProxy('headers', { freshness: { reviewSummary: 20 }, staleWhileRevalidate: 120, staleIfError: 3600 });
    const summary = await fetch(`${url}/v1/products/${PRODUCT}/review-summary?market=us`);
    expect(summary.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=20, stale-while-revalidate=120, stale-if-error=3600');
    expect(summary.headers.get('vary')).toBeNull();
    expect(summary.headers.get('set-cookie')).toBeNull();
    expect(summary.headers.get('server-timing')).toMatch(/^proxy;dur=\d+(\.\d+)?$/);
    // Posts stay fresh as long as the API says (max-age=60), for browsers too.
    const posts = await fetch(`${url}/v1/posts?market=us&limit=2`);
    expect(posts.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=120, stale-if-error=3600');
    const refused = await fetch(`${url}/v1/nothing`);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('answers CORS itself: only for the origins it is given, with Vary: Origin', async () => {
    const closed = await startProxy('cors-none');
    const preflight = await fetch(`${closed.url}/v1/posts?market=us`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const open = await startProxy('cors', { allowOrigins: ['https://shop.example'] });
    const allowed = await fetch(`${open.url}/v1/posts?market=us`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('Authorization');
    expect(allowed.headers.get('vary')).toBe('Origin');
    const other = await fetch(`${open.url}/v1/posts?market=us`, { headers: { Origin: 'https://elsewhere.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Origin');
    const read = await fetch(`${open.url}/v1/posts?market=us`, { headers: { Origin: 'https://shop.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    // OPTIONS never reaches the API.
    expect((await requestLog(apiBase, open.key, { preflights: true })).filter((entry) => entry.method === 'OPTIONS')).toHaveLength(0);
  });

  it('answers under a base path, and nothing outside it', async () => {
    const { url } = await startProxy('base', { basePath: '/storefront-api' });
    expect((await fetch(`${url}/storefront-api/v1/company/review-summary?market=us`)).status).toBe(200);
    expect((await fetch(`${url}/v1/company/review-summary?market=us`)).status).toBe(404);
  });

  it('keeps the API under its budget, however many distinct reads arrive', async () => {
    const { url, key } = await startProxy('budget', { requestsPerSecond: 5 });
    const refs = Array.from({ length: 15 }, (_, i) => `/v1/posts?market=us&limit=${i + 1}`);
    const answers = await Promise.all(refs.map((path) => fetch(`${url}${path}`)));
    expect(answers.map((a) => a.status)).toEqual(refs.map(() => 200));
    const times = (await requestLog(apiBase, key)).map((entry) => entry.at).sort((a, b) => a - b);
    expect(times).toHaveLength(15);
    // Any six consecutive requests span more than a second (with a little slack for the two clocks).
    for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(950);
  });

  it('serves stale answers while the API is down, and 503 with Retry-After for what it never had', async () => {
    const { url, key } = await startProxy('down', { freshness: { reviewSummary: 1 }, staleWhileRevalidate: 0 });
    const path = `/v1/products/${PRODUCT}/review-summary?market=us`;
    const fresh = await fetch(`${url}${path}`);
    const body = await fresh.text();
    await setFaults(apiBase, key, { down: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await fetch(`${url}${path}`);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);
    expect(stale.headers.get('cache-status')).toMatch(/fwd=stale; detail=stale-if-error/);
    const never = await fetch(`${url}/v1/products/${PRODUCT}/rich-snippet?market=us`);
    expect(never.status).toBe(503);
    expect(Number(never.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(never.headers.get('cache-control')).toBe('no-store');
    expect(await never.json()).toMatchObject({ error: { code: 'unavailable', message: expect.stringMatching(/unavailable/) } });
    await setFaults(apiBase, key, {});
    await expect.poll(async () => (await fetch(`${url}/v1/products/${PRODUCT}/rich-snippet?market=us`)).status).toBe(200);
  });

  it('serves stale answers while the API answers 429, and waits out its Retry-After', async () => {
    const { url, key } = await startProxy('limited', { freshness: { reviewSummary: 1 } });
    const path = `/v1/products/${PRODUCT}/review-summary?market=us`;
    await fetch(`${url}${path}`);
    await setFaults(apiBase, key, { force429: 100, retryAfterSeconds: 3 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 10; i++) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-status')).toMatch(/fwd=stale/);
    }
    // One refresh met the 429; the proxy then waits its Retry-After instead of asking again.
    await expect.poll(async () => (await requestLog(apiBase, key)).filter((entry) => entry.status === 429).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await requestLog(apiBase, key)).filter((entry) => entry.status === 429)).toHaveLength(1);
  });

  it('refuses a secret key before any request', async () => {
    const { createStorefrontProxy } = await import('../../src/edge/proxy.ts');
    const key = await testKey(apiBase, 'secret');
    expect(() => createStorefrontProxy({ publishableKey: 'svc_sk_live_123456789', apiBase })).toThrow(/secret key/);
    expect(() => createStorefrontProxy({ publishableKey: key, apiBase: 'javascript:alert(1)' })).toThrow(/absolute http/);
  });
});

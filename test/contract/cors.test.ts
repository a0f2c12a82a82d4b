/** Contract section 1: CORS for any origin, on every answer, with a cacheable preflight. */
import { beforeAll, describe, expect, it } from 'vitest';
import { base, getJson, registerKey, type Page, type WirePost } from './emulator-helpers.ts';

const ORIGIN = 'https://shop.example';
let key: string;

beforeAll(async () => {
  key = await registerKey('cors');
});

describe('preflight', () => {
  it('answers a foreign origin asking to send Authorization', async () => {
    const response = await fetch(`${base}/v1/posts?market=us&limit=5`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(response.status).toBe(204);
    const allowOrigin = response.headers.get('access-control-allow-origin');
    expect(allowOrigin === '*' || allowOrigin === ORIGIN).toBe(true);
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(await response.text()).toBe('');
  });

  it.each(['/v1/products/aster-linen-shirt/reviews?market=de', '/v1/company/review-summary', '/v1/posts/pst_x?market=us', '/v1/unknown'])(
    'answers for %s too, without a key',
    async (path) => {
      const response = await fetch(`${base}${path}`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' } });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    },
  );

  it('allows the control endpoints to be called from a page', async () => {
    const response = await fetch(`${base}/__emulator/keys`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
  });
});

describe('actual answers', () => {
  const exposed = (response: Response): string[] =>
    (response.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase());

  it('a success is readable cross-origin, rate headers included', async () => {
    const answer = await getJson<Page<WirePost>>('/v1/posts?market=us&limit=1', key, { Origin: ORIGIN });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const response = await fetch(`${base}/v1/posts?market=us&limit=1`, { headers: { Authorization: `Bearer ${key}`, Origin: ORIGIN } });
    expect(exposed(response)).toEqual(expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']));
  });

  it.each([
    ['401', '/v1/posts?market=us', undefined],
    ['400', '/v1/posts', 'KEY'],
    ['404', '/v1/posts/pst_missing?market=us', 'KEY'],
    ['403', '/v1/company/reviews', 'svc_pk_demo_noreviews'],
  ])('an error (%s) is readable cross-origin too', async (status, path, auth) => {
    const headers: Record<string, string> = { Origin: ORIGIN };
    if (auth) headers.Authorization = `Bearer ${auth === 'KEY' ? key : auth}`;
    const response = await fetch(`${base}${path}`, { headers });
    expect(String(response.status)).toBe(status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(exposed(response)).toContain('ratelimit-remaining');
  });

  it('media is readable cross-origin and may be embedded anywhere', async () => {
    const answer = await getJson<Page<WirePost>>('/v1/posts?market=us&limit=1', key);
    const response = await fetch(answer.body.data[0]!.media.location, { headers: { Origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const missing = await fetch(`${base}/media/posts/nothing.jpg`, { headers: { Origin: ORIGIN } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sets the cache policy per resource', async () => {
    expect((await getJson('/v1/posts?market=us&limit=1', key)).headers.get('cache-control')).toBe('public, max-age=60');
    const post = (await getJson<Page<WirePost>>('/v1/posts?market=us&limit=1', key)).body.data[0]!;
    expect((await getJson(`/v1/posts/${post.id}?market=us`, key)).headers.get('cache-control')).toBe('public, max-age=60');
    for (const path of [
      '/v1/products/aster-linen-shirt/reviews',
      '/v1/products/aster-linen-shirt/review-summary',
      '/v1/company/reviews',
      '/v1/company/review-summary',
      '/v1/products/aster-linen-shirt/rich-snippet',
    ]) {
      expect((await getJson(path, key)).headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

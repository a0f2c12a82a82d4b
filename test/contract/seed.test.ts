/** The seeded demo workspace: enough varied, deterministic data for every filter and widget state. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../demo/emulator/server.ts';
import { base, info, registerKey, UNLIMITED, walk, type EmulatorInfo, type Page, type WirePost, type WireReview } from './emulator-helpers.ts';

let key: string;
let seed: EmulatorInfo;
let posts: WirePost[];

beforeAll(async () => {
  key = await registerKey('seed', { rate: UNLIMITED });
  seed = await info();
  posts = (await walk<WirePost>('/v1/posts?market=us', key, 50)).items;
});

const validEan13 = (code: string): boolean => {
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
};

describe('posts', () => {
  it('at least 300, about 80% images and 20% videos, from every origin', () => {
    expect(posts.length).toBeGreaterThanOrEqual(300);
    expect(posts.length).toBe(seed.counts.posts);
    const videos = posts.filter((p) => p.type === 'VIDEO').length;
    expect(videos / posts.length).toBeGreaterThan(0.15);
    expect(videos / posts.length).toBeLessThan(0.25);
    expect(new Set(posts.map((p) => p.origin.type))).toEqual(new Set(['instagram', 'tiktok', 'upload', 'manual']));
    for (const post of posts) {
      expect(post.id).toMatch(/^pst_[a-z0-9]+$/);
      expect(Number.isNaN(Date.parse(post.created_at))).toBe(false);
      expect(typeof post.hide_caption).toBe('boolean');
      expect(post.uploaded_by?.username).toBeTruthy();
      if (post.uploaded_by?.image) for (const field of ['location', 'hash', 'filename'] as const) expect(post.uploaded_by.image[field]).toBeTruthy();
    }
  });

  it('social posts link to their https origin; the others do not', () => {
    for (const post of posts) {
      const social = post.origin.type === 'instagram' || post.origin.type === 'tiktok';
      expect(post.from_social).toBe(social);
      if (social) {
        expect(post.social_url).toMatch(/^https:\/\//);
        expect(post.social_date).toBeDefined();
      } else {
        expect(post.social_url).toBeUndefined();
      }
      expect(post.added_by_company).toBe(post.origin.type === 'manual');
    }
  });

  it('captions carry hashtags and mentions, some are hidden, a few posts have none', () => {
    const comments = posts.map((p) => p.comment).filter((c): c is string => c !== undefined);
    expect(comments.every((c) => /#\p{L}+/u.test(c))).toBe(true);
    expect(comments.filter((c) => /@[a-z0-9._]+/.test(c)).length).toBeGreaterThan(30);
    expect(posts.filter((p) => p.hide_caption).length).toBeGreaterThan(5);
    expect(posts.some((p) => p.comment === undefined)).toBe(true);
    expect(posts.filter((p) => p.type === 'VIDEO').every((p) => p.video_captions && p.video_description)).toBe(true);
  });

  it('mostly 0-3 tagged products, some with 5-8, hotspots within 0..1 including the edges', () => {
    const counts = posts.map((p) => p.tagged_products.length);
    expect(counts.filter((n) => n <= 3).length / posts.length).toBeGreaterThan(0.75);
    expect(counts.filter((n) => n >= 5 && n <= 8).length).toBeGreaterThan(10);
    expect(Math.max(...counts)).toBeLessThanOrEqual(8);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(10);
    const values = new Set(posts.flatMap((p) => p.tagged_products.flatMap((t) => [t.x, t.y])));
    for (const v of values) expect(v >= 0 && v <= 1).toBe(true);
    for (const edge of [0, 1, 0.02, 0.98]) expect(values.has(edge), String(edge)).toBe(true);
  });

  it('one post has hotspots at the four exact corners, and it is not the newest (which a demo shows first)', () => {
    const corner = posts.find((p) => p.id === seed.samples.corner_hotspots_post)!;
    expect(corner.tagged_products.map((t) => [t.x, t.y])).toEqual(expect.arrayContaining([[0, 0], [1, 0], [0, 1], [1, 1]]));
    expect(posts[0]!.id).not.toBe(corner.id);
  });
});

describe('products, labels, galleries, profiles, reviews', () => {
  it('40+ products with the shop fields', () => {
    expect(seed.products.length).toBeGreaterThanOrEqual(40);
    const products = new Map(posts.flatMap((p) => p.tagged_products.map((t) => [t.product.id, t.product] as const)));
    expect(products.size).toBeGreaterThan(30);
    let gtins = 0;
    for (const product of products.values()) {
      expect(product.id).toMatch(/^prd_/);
      expect(product.url).toBe(`https://shop.example.com/products/${product.handle}`);
      expect(product.development_url).toMatch(/^https:\/\//);
      expect(product.category).toBeTruthy();
      expect(product.media?.hash).toBeTruthy();
      if (product.gtin) {
        expect(validEan13(product.gtin)).toBe(true);
        gtins++;
      }
    }
    expect(gtins / products.size).toBeGreaterThan(0.6);
    expect([...products.values()].filter((p) => p.sku).length / products.size).toBeGreaterThan(0.8);
  });

  it('6+ labels, 4+ galleries, 10+ profiles, all in use', () => {
    expect(seed.labels.length).toBeGreaterThanOrEqual(6);
    expect(seed.galleries.length).toBeGreaterThanOrEqual(4);
    expect(seed.profiles.length).toBeGreaterThanOrEqual(10);
    expect(seed.labels.filter((l) => l.post_count > 0).length).toBeGreaterThanOrEqual(6);
    for (const g of seed.galleries) expect(g.id).toMatch(/^gal_/);
    for (const p of seed.profiles) expect(p.id).toMatch(/^prf_/);
    expect(seed.profiles.reduce((n, p) => n + p.post_count, 0)).toBe(posts.length);
  });

  it('most products have reviews; a few none; a few 40+', () => {
    const counts = seed.products.map((p) => p.review_count);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThanOrEqual(2);
    expect(counts.filter((n) => n >= 40).length).toBeGreaterThanOrEqual(2);
    expect(counts.filter((n) => n > 0).length / counts.length).toBeGreaterThan(0.8);
  });

  it('reviews are written in several languages', async () => {
    const product = seed.products.find((p) => p.review_count >= 40)!;
    const { items } = await walk<WireReview>(`/v1/products/${product.handle}/reviews?market=us&include=localization`, key, 50);
    const originals = new Set(items.map((r) => r.localization?.language ?? r.language));
    expect(originals).toEqual(new Set(['en', 'de', 'sv']));
  });
});

describe('determinism and the transform hook', () => {
  let second: Emulator;
  const seen: string[] = [];

  beforeAll(async () => {
    second = await startEmulator({
      port: 0,
      host: '127.0.0.1',
      quiet: true,
      transform: (transformKey, path, body) => {
        seen.push(`${transformKey} ${path}`);
        if (path !== '/v1/posts') return body;
        const page = body as Page<WirePost>;
        return { ...page, data: page.data.map((p) => ({ ...p, comment: '<img src=x onerror=alert(1)>' })) };
      },
    });
  });

  afterAll(async () => {
    await second.close();
  });

  it('a fresh emulator (another process, another port) has the very same data', async () => {
    const strip = (text: string, origin: string): string => text.split(origin).join('ORIGIN');
    for (const path of ['/v1/posts?market=de&limit=50', '/v1/products/dune-daypack/reviews?market=se&limit=50&include=localization', '/v1/company/review-summary?market=us']) {
      const theirs = await fetch(`${base}${path}`, { headers: { Authorization: 'Bearer svc_pk_demo' } });
      const ours = await fetch(`${second.url}${path}`, { headers: { Authorization: 'Bearer svc_pk_demo' } });
      const a = JSON.parse(strip(await theirs.text(), base)) as Record<string, unknown>;
      const b = JSON.parse(strip(await ours.text(), second.url)) as Record<string, unknown>;
      delete a.next_cursor;
      delete b.next_cursor;
      if (path.startsWith('/v1/posts')) b.data = (b.data as WirePost[]).map((p, i) => ({ ...p, comment: (a.data as WirePost[])[i]!.comment }));
      expect(b).toEqual(a);
    }
  });

  it('transform rewrites successful bodies for tests', async () => {
    const page = (await (await fetch(`${second.url}/v1/posts?market=us&limit=3`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).json()) as Page<WirePost>;
    expect(page.data.map((p) => p.comment)).toEqual(Array(3).fill('<img src=x onerror=alert(1)>'));
    expect(seen).toContain('svc_pk_demo /v1/posts');
    const error = await fetch(`${second.url}/v1/posts`, { headers: { Authorization: 'Bearer svc_pk_demo' } });
    expect(error.status).toBe(400);
    expect(seen.filter((s) => s.endsWith('/v1/posts'))).toHaveLength(2);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeJsonLd, normalizePage, normalizeRating, normalizeReviewSummary } from '../../src/api/normalize.ts';
import { normalizePost } from '../../src/api/normalize-post.ts';
import { normalizeReview } from '../../src/api/normalize-review.ts';
import { nextTask, SLICE_MS } from '../../src/shared/time-slice.ts';

const BASE = 'https://api.example.com';
const VALID_HASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';

const httpUrl = fc.webUrl({ validSchemes: ['https', 'http'] });
const nonEmpty = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
const isoDate = fc.date({ min: new Date('2015-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

const wireProduct = fc.record({
  id: nonEmpty,
  title: nonEmpty,
  handle: nonEmpty,
  price: fc.record({ price: fc.double({ min: 1, max: 10_000, noNaN: true }), currency: fc.constantFrom('USD', 'EUR', 'SEK'), sale_price: fc.double({ min: 0, max: 0.99, noNaN: true }) }),
  url: httpUrl,
});

const wirePost = fc.record({
  id: nonEmpty.map((s) => `pst_${s}`),
  type: fc.constantFrom('IMAGE', 'VIDEO'),
  media: fc.record({ location: httpUrl, hash: fc.constant(VALID_HASH), width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }),
  alt: fc.option(nonEmpty, { nil: undefined }),
  comment: fc.option(nonEmpty, { nil: undefined }),
  hide_caption: fc.boolean(),
  created_at: isoDate,
  uploaded_by: fc.record({ username: nonEmpty }),
  tagged_products: fc.array(fc.record({ x: fc.double({ min: -1, max: 2, noNaN: true }), y: fc.double({ min: -1, max: 2, noNaN: true }), product: wireProduct }), { maxLength: 6 }),
});

/** The same post with API v1's camelCase names. */
function toCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCamel);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), toCamel(inner)]));
}

describe('normalizer: arbitrary JSON', () => {
  it('never throws, whatever a response holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true }), async (value) => {
        await normalizePage(value, normalizePost, BASE);
        await normalizePage(value, normalizeReview, BASE);
        normalizePost(value, BASE);
        normalizeReview(value, BASE);
        normalizeReviewSummary(value);
        await normalizePage(value, normalizeRating);
        normalizeJsonLd(value);
        await normalizePage({ data: [value, value], next_cursor: value }, normalizePost, BASE);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on posts whose every field is arbitrary JSON', () => {
    const anything = fc.jsonValue();
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('id', 'type', 'media', 'created_at', 'tagged_products', 'uploaded_by', 'labels', 'origin', 'hide_caption', 'social_url'), anything), (post) => {
        const result = normalizePost(post, BASE);
        if (result.ok) expect(result.value.media.url).toMatch(/^https?:/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizer: valid posts', () => {
  it('keeps the meaning of a valid post, clamps hotspots into 0..1', () => {
    fc.assert(
      fc.property(wirePost, (raw) => {
        const result = normalizePost(raw, BASE);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const post = result.value;
        expect(post.id).toBe(raw.id);
        expect(post.type).toBe(raw.type);
        expect(post.media.url).toBe(new URL(raw.media.location).href);
        expect(post.media.width).toBe(raw.media.width);
        expect(post.hideCaption).toBe(raw.hide_caption);
        expect(post.createdAt).toBe(raw.created_at);
        expect(post.uploadedBy?.username).toBe(raw.uploaded_by.username);
        expect(post.taggedProducts).toHaveLength(raw.tagged_products.length);
        post.taggedProducts.forEach((tag, i) => {
          const source = raw.tagged_products[i]!;
          expect(tag.x).toBe(Math.min(1, Math.max(0, source.x)));
          expect(tag.y).toBe(Math.min(1, Math.max(0, source.y)));
          expect(tag.product.price?.amount).toBe(source.product.price.price);
          expect(tag.product.price?.saleAmount).toBe(source.product.price.sale_price);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('reads API v1 camelCase the same as snake_case, and reads its own output back unchanged', () => {
    fc.assert(
      fc.property(wirePost, (raw) => {
        const snake = normalizePost(raw, BASE);
        const camel = normalizePost(toCamel(raw), BASE);
        expect(camel).toEqual(snake);
        if (snake.ok) expect(normalizePost(snake.value, BASE)).toEqual(snake);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves absent fields out of a post and its products, rather than holding undefined', () => {
    const holdsUndefined = (value: unknown): boolean =>
      typeof value === 'object' && value !== null && Object.values(value).some((member) => member === undefined || holdsUndefined(member));
    fc.assert(
      fc.property(wirePost, (raw) => {
        const post = normalizePost(raw, BASE);
        expect(post.ok && holdsUndefined(post.value)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('drops only the broken items of a page, in order, and names each', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(wirePost.map((p) => ({ good: true, p })), fc.jsonValue().map((p) => ({ good: false, p }))), { maxLength: 12 }), async (entries) => {
        const result = await normalizePage({ data: entries.map((e) => e.p), next_cursor: 'abc' }, normalizePost, BASE);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const kept = entries.filter((e) => e.good || normalizePost(e.p, BASE).ok);
        expect(result.value.items.map((p) => p.id)).toEqual(kept.map((e) => (e.p as { id: string }).id));
        expect(result.value.nextCursor).toBe('abc');
      }),
      { numRuns: 300 },
    );
  });
});

describe('normalizer: hostile and odd values', () => {
  const post = (overrides: Record<string, unknown>) => ({
    id: 'pst_1',
    type: 'IMAGE',
    media: { location: 'https://cdn.example.com/a.jpg', hash: VALID_HASH, width: 800, height: 1000 },
    created_at: '2026-01-02T03:04:05Z',
    tagged_products: [],
    ...overrides,
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)'])('removes %s from every URL field', (url) => {
    expect(normalizePost(post({ media: { location: url } }), BASE).ok).toBe(false);
    const result = normalizePost(post({ social_url: url, uploaded_by: { username: 'u', image: { location: url } }, tagged_products: [{ x: 0.5, y: 0.5, product: { id: 'p', title: 't', handle: 'h', url, development_url: url, media: { location: url } } }] }), BASE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.socialUrl).toBeUndefined();
    expect(result.value.uploadedBy?.image).toBeUndefined();
    const product = result.value.taggedProducts[0]!.product;
    expect([product.url, product.developmentUrl, product.media]).toEqual([undefined, undefined, undefined]);
  });

  it('resolves a CDN path against the API base', () => {
    const result = normalizePost(post({ media: { location: '/media/a.jpg' } }), BASE);
    expect(result.ok && result.value.media.url).toBe('https://api.example.com/media/a.jpg');
  });

  it('drops an invalid blurhash and absurd sizes but keeps the post', () => {
    const result = normalizePost(post({ media: { location: 'https://x.example/a.jpg', hash: 'nope', width: 0, height: 1e9 } }), BASE);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.media).toEqual({ url: 'https://x.example/a.jpg' });
  });

  it('drops a hotspot without coordinates, keeps the post, and says why', () => {
    const result = normalizePost(post({ tagged_products: [{ x: Number.NaN, y: 0.2, product: { id: 'p', title: 't', handle: 'h' } }, { x: 0.1, y: 0.2, product: { id: 'q', title: 'u', handle: 'i' } }] }), BASE);
    expect(result.ok && result.value.taggedProducts.map((t) => t.product.id)).toEqual(['q']);
    expect(result.ok && result.problems).toHaveLength(1);
  });

  it('treats a sale price at or above the price as no sale', () => {
    const product = { id: 'p', title: 't', handle: 'h', price: { price: 10, currency: 'usd', sale_price: 12 } };
    const result = normalizePost(post({ tagged_products: [{ x: 0, y: 1, product }] }), BASE);
    expect(result.ok && result.value.taggedProducts[0]!.product.price).toEqual({ amount: 10, currency: 'USD' });
  });

  it('rejects a malformed envelope and summary as a whole', async () => {
    expect((await normalizePage({ data: 'x' }, normalizePost)).ok).toBe(false);
    expect(normalizeReviewSummary({ average: 9, count: 3 }).ok).toBe(false);
    expect(normalizeReviewSummary({ average: 0, count: 0, distribution: {} })).toMatchObject({ ok: true, value: { count: 0, distribution: { 1: 0, 5: 0 } } });
  });

  it('reads ratings entries, dropping the ones without a ref or with impossible figures', async () => {
    const result = await normalizePage(
      { data: [{ product_ref: 'a', average: 4.5, count: 2 }, { product_ref: 'b', average: 7, count: 2 }, { average: 4, count: 1 }, { productRef: 'c', average: 3, count: 0 }] },
      normalizeRating,
    );
    expect(result).toMatchObject({ ok: true, value: { items: [{ productRef: 'a', average: 4.5, count: 2 }, { productRef: 'c', average: 0, count: 0 }], nextCursor: null } });
    expect(result.ok && result.problems).toEqual(['#1: average is not from 1 to 5', '#2: product_ref is missing']);
  });

  it('checks a long page over several tasks, each item whole, in order', async () => {
    // A task of its own: the slice an earlier test began ends with its task, and a slice
    // still open from it (on a busy machine, over its 8 ms) would move the first item too.
    await nextTask();
    let otherTaskRan = false;
    void nextTask().then(() => (otherTaskRan = true));
    const seen: boolean[] = [];
    // Each item keeps the thread busy for half a slice: ten of them cannot share one task.
    const slowItem = (raw: unknown) => {
      const until = performance.now() + SLICE_MS / 2;
      while (performance.now() < until);
      seen.push(otherTaskRan);
      return { ok: true as const, value: raw, problems: [] };
    };
    const result = await normalizePage({ data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], next_cursor: null }, slowItem);
    expect(result).toMatchObject({ ok: true, value: { items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});

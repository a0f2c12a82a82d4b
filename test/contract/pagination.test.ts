/** Contract section 2: opaque cursors walk every item exactly once, and only for their own query and key. */
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, info, registerKey, UNLIMITED, walk, type EmulatorInfo, type ErrorBody, type Page, type WirePost, type WireReview } from './emulator-helpers.ts';

let key: string;
let seed: EmulatorInfo;
/** The reference order of each filter: one walk with the largest page. */
const reference = new Map<string, string[]>();

beforeAll(async () => {
  key = await registerKey('pagination', { rate: UNLIMITED });
  seed = await info();
});

const FILTERS: Record<string, () => string> = {
  'no filter': () => '/v1/posts?market=us',
  'a label': () => `/v1/posts?market=de&label_id=${seed.labels[0]!.id}`,
  'a product by handle': () => `/v1/posts?market=se&product_ref=${[...seed.products].sort((a, b) => b.post_count - a.post_count)[0]!.handle}`,
};

describe.each(Object.keys(FILTERS))('posts with %s', (filter) => {
  const path = (): string => FILTERS[filter]!();

  it('has a reference set of distinct posts, newest first', async () => {
    const { items } = await walk<WirePost>(path(), key, 50);
    const ids = items.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = items.map((p) => p.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    if (filter === 'no filter') expect(ids.length).toBeGreaterThanOrEqual(300);
    else expect(ids.length).toBeGreaterThan(20);
    reference.set(filter, ids);
  });

  it.each([1, 7, 20, 50])('walks every post exactly once with limit=%i', async (limit) => {
    const expected = reference.get(filter)!;
    const { items, pages, sizes } = await walk<WirePost>(path(), key, limit);
    const ids = items.map((p) => p.id);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    expect(sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
    expect(sizes.at(-1)).toBeGreaterThan(0);
  });
});

describe('page shape', () => {
  it('defaults to 20 per page and ends with next_cursor null', async () => {
    const first = await getJson<Page<WirePost>>('/v1/posts?market=us', key);
    expect(first.body.data).toHaveLength(20);
    expect(typeof first.body.next_cursor).toBe('string');
    const gallery = seed.galleries.find((g) => g.post_count > 0 && g.post_count < 50)!;
    const last = await getJson<Page<WirePost>>(`/v1/posts?market=us&gallery_id=${gallery.id}&limit=50`, key);
    expect(last.body.data).toHaveLength(gallery.post_count);
    expect(last.body.next_cursor).toBeNull();
  });

  it('gives an empty last page no cursor when nothing matches', async () => {
    const archive = seed.labels.find((l) => l.post_count === 0)!;
    const page = await getJson<Page<WirePost>>(`/v1/posts?market=us&label_id=${archive.id}`, key);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ data: [], next_cursor: null });
  });

  it('walks a product with many reviews in each sort order', async () => {
    const product = seed.products.find((p) => p.review_count >= 40)!;
    for (const sort of ['newest', 'highest', 'lowest']) {
      const all = await walk<WireReview>(`/v1/products/${product.handle}/reviews?market=us&sort=${sort}`, key, 50);
      const paged = await walk<WireReview>(`/v1/products/${product.handle}/reviews?market=us&sort=${sort}`, key, 7);
      expect(paged.items.map((r) => r.id)).toEqual(all.items.map((r) => r.id));
      expect(all.items).toHaveLength(product.review_count);
      expect(new Set(all.items.map((r) => r.id)).size).toBe(product.review_count);
      const ratings = all.items.map((r) => r.rating);
      if (sort === 'highest') expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
      if (sort === 'lowest') expect([...ratings].sort((a, b) => a - b)).toEqual(ratings);
      if (sort === 'newest') expect(all.items.map((r) => r.created_at)).toEqual(all.items.map((r) => r.created_at).sort().reverse());
    }
  });
});

describe('cursors are opaque and bound to their query and key', () => {
  async function firstCursor(path: string, cursorKey = key): Promise<string> {
    const page = await getJson<Page<WirePost>>(path, cursorKey);
    expect(page.body.next_cursor).not.toBeNull();
    return page.body.next_cursor!;
  }

  async function expectInvalidCursor(path: string, cursor: string, cursorKey = key): Promise<void> {
    const answer = await getJson<ErrorBody>(`${path}&cursor=${encodeURIComponent(cursor)}`, cursorKey);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'invalid_request', message: 'cursor: invalid' });
  }

  it('accepts its own cursor', async () => {
    const cursor = await firstCursor('/v1/posts?market=us&limit=5');
    const next = await getJson<Page<WirePost>>(`/v1/posts?market=us&limit=5&cursor=${encodeURIComponent(cursor)}`, key);
    expect(next.status).toBe(200);
    expect(next.body.data).toHaveLength(5);
  });

  it('refuses a forged cursor', async () => {
    const offset = Buffer.from(JSON.stringify({ q: 'x', o: 40 })).toString('base64url');
    await expectInvalidCursor('/v1/posts?market=us', offset);
    await expectInvalidCursor('/v1/posts?market=us', `${offset}.AAAAAAAAAAAAAAAAAAAAAA`);
    await expectInvalidCursor('/v1/posts?market=us', 'not-a-cursor');
  });

  it('refuses a cursor whose payload was edited, even with its old signature', async () => {
    const cursor = await firstCursor('/v1/posts?market=us&limit=5');
    const [payload, signature] = cursor.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { q: string; o: number };
    const edited = Buffer.from(JSON.stringify({ ...decoded, o: 100 })).toString('base64url');
    await expectInvalidCursor('/v1/posts?market=us&limit=5', `${edited}.${signature}`);
  });

  it('refuses a cursor from another query', async () => {
    const cursor = await firstCursor('/v1/posts?market=us&limit=5');
    await expectInvalidCursor(`/v1/posts?market=us&label_id=${seed.labels[1]!.id}`, cursor);
    await expectInvalidCursor('/v1/posts?market=de', cursor);
    const reviewCursor = (await getJson<Page<WireReview>>(`/v1/products/${seed.products[0]!.handle}/reviews?market=us&limit=2`, key)).body.next_cursor!;
    await expectInvalidCursor('/v1/posts?market=us', reviewCursor);
    await expectInvalidCursor(`/v1/products/${seed.products[0]!.handle}/reviews?market=us&sort=highest`, reviewCursor);
  });

  it('refuses a cursor from another key', async () => {
    const other = await registerKey('pagination_other');
    const cursor = await firstCursor('/v1/posts?market=us&limit=5', other);
    await expectInvalidCursor('/v1/posts?market=us&limit=5', cursor);
  });

  it('treats repeated and comma-separated label ids as the same query', async () => {
    const [a, b] = [seed.labels[0]!.id, seed.labels[2]!.id];
    const cursor = await firstCursor(`/v1/posts?market=us&limit=5&label_id=${a}&label_id=${b}`);
    const next = await getJson<Page<WirePost>>(`/v1/posts?market=us&limit=5&label_id=${b},${a}&cursor=${encodeURIComponent(cursor)}`, key);
    expect(next.status).toBe(200);
  });
});

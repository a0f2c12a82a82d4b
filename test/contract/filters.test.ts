/** Contract section 3: the post filters select what they say, checked against the posts themselves. */
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, info, registerKey, UNLIMITED, walk, type EmulatorInfo, type WirePost } from './emulator-helpers.ts';

let key: string;
let seed: EmulatorInfo;
let all: WirePost[];

beforeAll(async () => {
  key = await registerKey('filters', { rate: UNLIMITED });
  seed = await info();
  all = (await walk<WirePost>('/v1/posts?market=us', key, 50)).items;
});

const ids = (posts: WirePost[]): string[] => posts.map((p) => p.id);
const labelsOf = (post: WirePost): string[] => post.labels.map((l) => l.id);

describe('label_id and label_match', () => {
  it('every post carries labels, as {id, name} with 24-hex ids', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    for (const post of all) {
      expect(Array.isArray(post.labels)).toBe(true);
      for (const label of post.labels) expect(label.id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(all.filter((p) => p.labels.length >= 2).length).toBeGreaterThan(30);
  });

  it('one label selects exactly the posts that carry it', async () => {
    for (const label of seed.labels) {
      const { items } = await walk<WirePost>(`/v1/posts?market=us&label_id=${label.id}`, key, 50);
      expect(ids(items)).toEqual(ids(all.filter((p) => labelsOf(p).includes(label.id))));
      expect(items).toHaveLength(label.post_count);
    }
  });

  it('any (the default) is the union and all is the intersection', async () => {
    const [a, b] = [seed.labels[0]!.id, seed.labels[1]!.id];
    const union = ids(all.filter((p) => labelsOf(p).includes(a) || labelsOf(p).includes(b)));
    const intersection = ids(all.filter((p) => labelsOf(p).includes(a) && labelsOf(p).includes(b)));
    expect(intersection.length).toBeGreaterThan(0);
    expect(intersection.length).toBeLessThan(union.length);

    const byDefault = await walk<WirePost>(`/v1/posts?market=us&label_id=${a}&label_id=${b}`, key, 50);
    const any = await walk<WirePost>(`/v1/posts?market=us&label_id=${a},${b}&label_match=any`, key, 50);
    const every = await walk<WirePost>(`/v1/posts?market=us&label_id=${a}&label_id=${b}&label_match=all`, key, 50);
    expect(ids(byDefault.items)).toEqual(union);
    expect(ids(any.items)).toEqual(union);
    expect(ids(every.items)).toEqual(intersection);
    for (const post of every.items) expect(labelsOf(post)).toEqual(expect.arrayContaining([a, b]));
  });

  it('all with three labels, upper-case ids accepted', async () => {
    const chosen = [seed.labels[0]!.id, seed.labels[2]!.id, seed.labels[6]!.id];
    const expected = ids(all.filter((p) => chosen.every((id) => labelsOf(p).includes(id))));
    const { items } = await walk<WirePost>(`/v1/posts?market=us&label_id=${chosen.join(',').toUpperCase()}&label_match=all`, key, 50);
    expect(ids(items)).toEqual(expected);
  });

  it('a well-formed label id that no post has gives an empty page', async () => {
    const page = await getJson<{ data: WirePost[] }>('/v1/posts?market=us&label_id=ffffffffffffffffffffffff', key);
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual([]);
  });
});

describe('product_ref, gallery_id, profile_id', () => {
  it('product_ref by id and by handle give the same posts, each tagging the product', async () => {
    const product = [...seed.products].sort((a, b) => b.post_count - a.post_count)[0]!;
    expect(product.post_count).toBeGreaterThan(50);
    const byHandle = await walk<WirePost>(`/v1/posts?market=us&product_ref=${product.handle}`, key, 50);
    const byId = await walk<WirePost>(`/v1/posts?market=us&product_ref=${product.id}`, key, 50);
    expect(ids(byHandle.items)).toEqual(ids(byId.items));
    expect(ids(byHandle.items)).toEqual(ids(all.filter((p) => p.tagged_products.some((t) => t.product.id === product.id))));
    expect(byHandle.items).toHaveLength(product.post_count);
  });

  it('gallery_id selects the gallery, a strict subset of all posts', async () => {
    for (const gallery of seed.galleries) {
      const { items } = await walk<WirePost>(`/v1/posts?market=us&gallery_id=${gallery.id}`, key, 50);
      expect(items).toHaveLength(gallery.post_count);
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThan(all.length);
      const allIds = ids(all);
      expect(ids(items).every((id) => allIds.includes(id))).toBe(true);
    }
  });

  it('profile_id selects the posts uploaded by that profile', async () => {
    for (const profile of seed.profiles) {
      const { items } = await walk<WirePost>(`/v1/posts?market=us&profile_id=${profile.id}`, key, 50);
      expect(items.length, profile.username).toBe(profile.post_count);
      expect(items.length).toBeGreaterThan(0);
      for (const post of items) expect(post.uploaded_by?.username).toBe(profile.username);
    }
  });

  it('filters combine with AND', async () => {
    const gallery = seed.galleries[0]!;
    const label = seed.labels[0]!;
    const inGallery = ids((await walk<WirePost>(`/v1/posts?market=us&gallery_id=${gallery.id}`, key, 50)).items);
    const both = await walk<WirePost>(`/v1/posts?market=us&gallery_id=${gallery.id}&label_id=${label.id}`, key, 50);
    expect(ids(both.items)).toEqual(ids(all.filter((p) => inGallery.includes(p.id) && labelsOf(p).includes(label.id))));
    expect(both.items.length).toBeGreaterThan(0);
  });
});

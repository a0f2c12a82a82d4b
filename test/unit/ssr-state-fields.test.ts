import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizePost } from '../../src/api/normalize-post.ts';
import { normalizeReview } from '../../src/api/normalize-review.ts';
import { normalizeReviewSummary } from '../../src/api/normalize.ts';
import { queryKeys } from '../../src/queries/options.ts';
import { stateData, UNREAD_FIELDS } from '../../src/ssr/state-fields.ts';

/**
 * What a server render keeps of its reads (src/ssr/state-fields.ts): the fields no
 * browser code reads are gone at every depth of a posts, post and reviews read, and
 * everything else is there, unchanged. The data is the normalizer's own, from wire JSON
 * that carries every field. The server render's side, against the emulator:
 * test/contract/render-widgets-state.test.ts.
 */

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';
const media = (name: string) => ({ location: `https://cdn.example/${name}.jpg`, hash: BLURHASH, filename: `${name}.jpg`, width: 640, height: 480, poster: `https://cdn.example/${name}-poster.jpg` });
const wirePost = (id: string) => ({
  id,
  type: 'VIDEO',
  media: media(`post-${id}`),
  alt: 'alt',
  comment: 'comment',
  video_captions: 'captions',
  video_description: 'description',
  hide_caption: false,
  origin: { type: 'instagram' },
  social_url: 'https://instagram.example/p/1',
  from_social: true,
  social_date: '2025-01-02T03:04:05Z',
  added_by_company: false,
  created_at: '2025-01-01T00:00:00Z',
  uploaded_by: { username: 'ella', image: media('avatar') },
  labels: [{ id: 'a'.repeat(24), name: 'summer' }],
  tagged_products: [
    {
      x: 0.2,
      y: 0.7,
      product: {
        id: 'prd_1',
        title: 'Shirt',
        handle: 'shirt',
        price: { price: 80, currency: 'USD', sale_price: 60 },
        category: 'Tops',
        media: media('product'),
        url: 'https://shop.example/products/shirt',
        development_url: 'https://dev.shop.example/products/shirt',
        sku: 'SKU-1',
        mpn: 'MPN-1',
        gtin: '4029026024759',
      },
    },
  ],
});
const wireReview = {
  id: 'rev_1',
  rating: 4,
  title: 'Good',
  body: 'Fits well',
  author: { name: 'Ann', verified_buyer: true },
  created_at: '2025-01-01T00:00:00Z',
  language: 'en',
  media: [media('review')],
  reply: { body: 'Thanks', created_at: '2025-01-03T00:00:00Z' },
  localization: { language: 'de', title: 'Gut', body: 'Passt gut' },
};

function normalized<T>(result: { ok: true; value: T } | { ok: false; problem: string }): T {
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}
const post = (id: string) => normalized(normalizePost(wirePost(id)));
const review = normalized(normalizeReview(wireReview));

/** Every path to a value in `value` (`a.b.0.c`), leaves and objects alike. */
function paths(value: unknown, at = ''): string[] {
  if (typeof value !== 'object' || value === null) return [at];
  return [at, ...Object.entries(value).flatMap(([key, inner]) => paths(inner, at ? `${at}.${key}` : key))];
}

/** The value at `path` in `value`. */
const valueAt = (value: unknown, path: string): unknown => (path === '' ? value : path.split('.').reduce<unknown>((inner, key) => (inner as Record<string, unknown>)[key], value));

/** What a trimmed read must lack, as patterns over the paths of a post. */
const POST_DROPS = [/(^|\.)fromSocial$/, /(^|\.)addedByCompany$/, /(^|\.)media\.filename$/, /uploadedBy\.image\.(filename|width|height|poster)$/, /product\.media\.(hash|filename|width|height|poster)$/];
const REVIEW_DROPS = [/media\.\d+\.(hash|filename|poster)$/];

/** `trimmed` is `full` without exactly the paths `drops` match (and what is under them): nothing else missing, nothing changed. */
function expectTrimmed(full: unknown, trimmed: unknown, drops: RegExp[]): void {
  const dropped = paths(full).filter((path) => drops.some((drop) => drop.test(path)));
  // Each pattern met in the fixture: the test sees every field it is about.
  for (const drop of drops) expect(dropped.some((path) => drop.test(path)), String(drop)).toBe(true);
  expect(paths(trimmed).sort()).toEqual(paths(full).filter((path) => !dropped.includes(path)).sort());
  for (const path of paths(trimmed)) {
    const kept = valueAt(trimmed, path);
    if (typeof kept !== 'object' || kept === null) expect(kept, path).toEqual(valueAt(full, path));
  }
}

describe('stateData: what a server render keeps of its reads', () => {
  it('drops the unread fields at every depth of a posts read, keeps the rest, and leaves the read itself as it was', () => {
    const full = { pages: [{ items: [post('pst_1'), post('pst_2')], nextCursor: 'c2' }, { items: [post('pst_3')], nextCursor: null }], pageParams: [null, 'c2'] };
    const before = structuredClone(full);
    const trimmed = stateData(queryKeys.posts('us', { productRef: 'shirt' }, 2), full);
    expectTrimmed(full, trimmed, POST_DROPS);
    // Kept, where something reads them: a post's origin and its photo's size and blurhash, the card's development link, an avatar's blurhash.
    const first = (trimmed as typeof full).pages[0]!.items[0]!;
    expect(first).toMatchObject({ origin: 'instagram', media: { width: 640, height: 480, hash: BLURHASH }, uploadedBy: { image: { hash: BLURHASH } } });
    expect(first.taggedProducts[0]!.product).toMatchObject({ handle: 'shirt', developmentUrl: 'https://dev.shop.example/products/shirt', media: { url: 'https://cdn.example/product.jpg' } });
    expect(full).toEqual(before);
  });

  it('drops them from a post read', () => {
    const full = post('pst_1');
    expectTrimmed(full, stateData(queryKeys.post('us', 'pst_1'), full), POST_DROPS);
  });

  it("drops a review photo's unread fields from a reviews read, and keeps its size", () => {
    const full = { pages: [{ items: [review, review], nextCursor: null }], pageParams: [null] };
    const trimmed = stateData(queryKeys.reviews('us', { productRef: 'shirt' }, { sort: 'newest' }, 3), full);
    expectTrimmed(full, trimmed, REVIEW_DROPS);
    expect((trimmed as typeof full).pages[0]!.items[0]!.media[0]).toEqual({ url: 'https://cdn.example/review.jpg', width: 640, height: 480 });
  });

  it('keeps every other read as it is (a summary, a rich snippet)', () => {
    const summary = normalized(normalizeReviewSummary({ average: 4.5, count: 2, distribution: { 4: 1, 5: 1 }, summary: { text: 'Nice', language: 'en' } }));
    expect(stateData(queryKeys.reviewSummary('us', { productRef: 'shirt' }), summary)).toBe(summary);
    const snippet = { '@type': 'Product', sku: 'SKU-1', gtin13: '4029026024759', category: 'Tops' };
    expect(stateData(queryKeys.richSnippet('us', 'shirt'), snippet)).toBe(snippet);
  });
});

describe('the fields left out are read nowhere in the browser', () => {
  it('no browser module reads a field that is left out wherever it occurs (as `.name` or by destructuring)', () => {
    // Names dropped from every object that has them; a media's hash, width or height is read on some media and not others, which the e2e comparison checks (test/e2e/server-state.spec.ts).
    const everywhere = [...UNREAD_FIELDS.post, 'filename'];
    const src = new URL('../../src/', import.meta.url);
    // The normalizer, the read proxy and the server render are not browser code that reads the elements' data.
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !/^(api|edge|ssr)\//.test(file));
    expect(files.length).toBeGreaterThan(50);
    const reads = files.flatMap((file) => {
      const code = readFileSync(new URL(file, src), 'utf8');
      return everywhere.filter((name) => new RegExp(`\\.${name}\\b|\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=`).test(code)).map((name) => `${file}: ${name}`);
    });
    expect(reads).toEqual([]);
  });
});

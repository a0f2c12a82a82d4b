/**
 * fast-check arbitraries for the malformed-data property tests: odd JSON values, valid
 * wire items with some fields replaced by odd values, junk items, and page envelopes
 * that mix them with untouched valid items.
 */
import fc from 'fast-check';

/** Base 83, the blurhash alphabet. */
const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

/** A blurhash of the right length for its size flag (so it passes validation), with random components. */
const plausibleBlurhash = fc
  .tuple(fc.integer({ min: 0, max: 80 }), fc.string({ unit: fc.constantFrom(...BASE83), minLength: 200, maxLength: 200 }))
  .map(([flag, chars]) => {
    const numX = (flag % 9) + 1;
    const numY = Math.floor(flag / 9) + 1;
    return BASE83[flag]! + chars.slice(0, 3 + 2 * numX * numY);
  });

/** Values that break a field's type or range: nulls, wrong types, huge and negative numbers, empty and odd strings, invalid blurhashes. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-1', '1e309', '0.5', 'IMAGE', 'VIDEO', 'javascript:alert(1)', '2024-13-45T99:99:99Z', '<b>x</b>'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 0.5, 1, 1.5, 2, -5, 7, 1e308, -1e308, 5e-324, 9007199254740993, 1e12, 100001),
  fc.string({ unit: fc.constantFrom(...BASE83), minLength: 1, maxLength: 40 }),
  plausibleBlurhash,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Any JSON value, for whole bodies and junk items. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 3 }), oddValue);

/** Sets `path` (dot-separated, numbers index arrays) in a deep copy of `value`; missing parents are created. */
export function setPath(value: unknown, path: string, to: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const parts = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  if (to === undefined) delete node[last];
  else node[last] = to;
  return copy;
}

/** A valid item with 1 to 3 of its fields replaced by odd values (or deleted). */
export function mutated(valid: readonly unknown[], paths: readonly string[]): fc.Arbitrary<{ kind: 'mutated'; value: unknown }> {
  return fc
    .tuple(fc.nat({ max: valid.length - 1 }), fc.array(fc.tuple(fc.constantFrom(...paths), fc.oneof({ weight: 5, arbitrary: oddValue }, { weight: 1, arbitrary: fc.constant(undefined) })), { minLength: 1, maxLength: 3 }))
    .map(([index, changes]) => ({ kind: 'mutated' as const, value: changes.reduce((item, [path, to]) => setPath(item, path, to), valid[index]) }));
}

export type Entry = { kind: 'valid'; value: unknown } | { kind: 'mutated'; value: unknown } | { kind: 'junk'; value: unknown };

/** Page items: untouched valid items, mutated ones and junk, in any order; now and then a huge array of junk. */
export function entries(valid: readonly unknown[], paths: readonly string[]): fc.Arbitrary<Entry[]> {
  const entry: fc.Arbitrary<Entry> = fc.oneof(
    fc.nat({ max: valid.length - 1 }).map((index) => ({ kind: 'valid' as const, value: valid[index] })),
    mutated(valid, paths),
    junk.map((value) => ({ kind: 'junk' as const, value })),
  );
  const huge = fc.tuple(fc.array(entry, { maxLength: 6 }), fc.integer({ min: 2000, max: 5000 }), fc.constantFrom<unknown>(null, 0, 'x', [], {}, true)).map(([some, count, filler]) => [
    ...some,
    ...Array.from({ length: count }, () => ({ kind: 'junk' as const, value: filler })),
  ]);
  return fc.oneof({ weight: 9, arbitrary: fc.array(entry, { maxLength: 14 }) }, { weight: 1, arbitrary: huge });
}

/** A page envelope around `items`, or (now and then) something that is not an envelope at all. */
export function pageBody(items: fc.Arbitrary<Entry[]>): fc.Arbitrary<{ body: unknown; entries: Entry[] }> {
  const cursor = fc.oneof(fc.constant(null), fc.constant('opaque-cursor'), oddValue);
  const envelope = fc.tuple(items, cursor).map(([list, next]) => ({ body: { data: list.map((e) => e.value), next_cursor: next }, entries: list }));
  const broken = junk.map((body) => ({ body, entries: [] as Entry[] }));
  const wrongData = fc.tuple(items, oddValue).map(([list, data]) => ({ body: { data, next_cursor: null, items: list.map((e) => e.value) }, entries: [] as Entry[] }));
  return fc.oneof({ weight: 8, arbitrary: envelope }, { weight: 1, arbitrary: broken }, { weight: 1, arbitrary: wrongData });
}

export const POST_PATHS = [
  'id', 'type', 'media', 'media.location', 'media.hash', 'media.width', 'media.height', 'media.poster', 'created_at', 'alt', 'comment', 'hide_caption',
  'origin', 'origin.type', 'social_url', 'social_date', 'uploaded_by', 'uploaded_by.username', 'uploaded_by.image', 'uploaded_by.image.location', 'labels', 'labels.0', 'labels.0.name',
  'tagged_products', 'tagged_products.0', 'tagged_products.0.x', 'tagged_products.0.y', 'tagged_products.0.product', 'tagged_products.0.product.title',
  'tagged_products.0.product.id', 'tagged_products.0.product.handle', 'tagged_products.0.product.price', 'tagged_products.0.product.price.price',
  'tagged_products.0.product.price.currency', 'tagged_products.0.product.price.sale_price', 'tagged_products.0.product.media', 'tagged_products.0.product.media.hash',
  'tagged_products.0.product.url', 'video_captions', 'video_description',
] as const;

export const REVIEW_PATHS = [
  'id', 'rating', 'title', 'body', 'author', 'author.name', 'author.verified_buyer', 'created_at', 'language', 'media', 'media.0', 'media.0.location', 'media.0.width',
  'media.0.hash', 'reply', 'reply.body', 'reply.created_at', 'localization', 'localization.language', 'localization.title', 'localization.body',
] as const;

export const SUMMARY_PATHS = ['average', 'count', 'distribution', 'distribution.1', 'distribution.5', 'distribution.9', 'summary', 'summary.text', 'summary.language'] as const;

export const SNIPPET_PATHS = [
  '@type', '@context', '@id', 'name', 'url', 'image', 'image.0', 'offers', 'offers.price', 'offers.url', 'offers.availability', 'aggregateRating', 'aggregateRating.ratingValue',
  'aggregateRating.reviewCount', 'review', 'review.0', 'review.0.author', 'review.0.reviewBody', 'brand', 'sku', 'gtin', 'description',
] as const;

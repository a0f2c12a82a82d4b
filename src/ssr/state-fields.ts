import type { InfiniteData, QueryKey } from '@tanstack/query-core';
import type { Media, Page, Post, Product, Review } from '../api/types.js';

/**
 * What a server render keeps of a query's data: the data it renders from and writes into
 * the page for hydration (`<script type="application/json" data-svc-state>`, which every
 * shopper downloads with the HTML, before the page's first picture) leaves out the fields
 * that nothing in the browser reads, each where it is not read (a product's picture needs
 * its URL only, a post's its size and blurhash too). The server renders from this same
 * trimmed data, so the markup and the hydrated element agree by construction.
 *
 * Checked field by field against src/elements, src/controllers, src/queries, src/page,
 * src/i18n, src/analytics, src/loader and src/react: none reads these from a post, product
 * or media (test/unit/ssr-state-fields.test.ts keeps it so for the names dropped
 * everywhere; test/e2e/server-state.spec.ts compares what the browser draws). The
 * browser's query cache holds the trimmed data until the element reads again (posts'
 * freshness is 60 s, reviews' 30 s), and only the elements read that cache. One thing
 * outside the library does see it: the `detail.post` of events from a server-rendered
 * element lacks these fields until that next read, and its products' pictures their size
 * and blurhash (optional in the types, and said so in docs/guides/server-rendering.md).
 *
 * Only fields the types mark optional may be listed (`OptionalKey`), so that trimmed data
 * is still a `Post`, `Product` or `Media`, and a renamed field fails the type check here
 * rather than silently staying in the page.
 */
type OptionalKey<T> = { [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K> ? K : never }[keyof T];

export const UNREAD_FIELDS = {
  // How the post came in: the lightbox shows `origin` and `socialUrl` (kept), never these two.
  post: ['fromSocial', 'addedByCompany'],
  // A post's photo or video: its URL, poster, size (the tile's and the media box's shape) and blurhash are read; its file's name never is.
  postMedia: ['filename'],
  // The uploader's avatar in the lightbox: its URL and blurhash, drawn at a fixed 40 px.
  avatar: ['filename', 'width', 'height', 'poster'],
  // (A product's own fields all stay, though the card shows title, price, picture and link
  // alone: `svc-product-select`'s `detail.product` is the theme's, to add to cart or count by
  // `sku` or `gtin`, the same whether its element was rendered on the server or not.)
  // A product's picture on its card: its URL alone, drawn at a fixed 64 px, no placeholder.
  productMedia: ['hash', 'filename', 'width', 'height', 'poster'],
  // A review's photo: its URL and size (the thumbnail's box), no placeholder.
  reviewMedia: ['hash', 'filename', 'poster'],
} as const satisfies {
  post: readonly OptionalKey<Post>[];
  postMedia: readonly OptionalKey<Media>[];
  avatar: readonly OptionalKey<Media>[];
  productMedia: readonly OptionalKey<Media>[];
  reviewMedia: readonly OptionalKey<Media>[];
};

/** A copy of `value` without `keys` (optional ones, so the copy is still a `T`). */
function without<T extends object>(value: T, keys: readonly OptionalKey<T>[]): T {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

const product = (value: Product): Product => (value.media ? { ...value, media: without(value.media, UNREAD_FIELDS.productMedia) } : value);

function post(value: Post): Post {
  const kept = without(value, UNREAD_FIELDS.post);
  kept.media = without(value.media, UNREAD_FIELDS.postMedia);
  if (value.uploadedBy?.image) kept.uploadedBy = { ...value.uploadedBy, image: without(value.uploadedBy.image, UNREAD_FIELDS.avatar) };
  kept.taggedProducts = value.taggedProducts.map((tagged) => ({ ...tagged, product: product(tagged.product) }));
  return kept;
}

const review = (value: Review): Review => ({ ...value, media: value.media.map((photo) => without(photo, UNREAD_FIELDS.reviewMedia)) });

/**
 * Each object trimmed once: a read served from a cache gives the same page or post to
 * every render (the read proxy's normalized bodies), which then costs a lookup.
 */
const trimmed = new WeakMap<object, object>();
function once<T extends object>(value: T, trim: (value: T) => T): T {
  let kept = trimmed.get(value) as T | undefined;
  if (kept === undefined) trimmed.set(value, (kept = trim(value)));
  return kept;
}

const pages = <T>(data: InfiniteData<Page<T>, unknown>, item: (value: T) => T): InfiniteData<Page<T>, unknown> => ({
  ...data,
  pages: data.pages.map((page) => once(page, (whole) => ({ ...whole, items: whole.items.map(item) }))),
});

/**
 * The data of the query `queryKey` (a query of queries/options.ts: its key names its
 * data's type) as a server render keeps it: posts, a post and review pages without
 * `UNREAD_FIELDS` at any depth; every other read (a summary, a rich snippet) as it is.
 */
export function stateData(queryKey: QueryKey, data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  switch (queryKey[1]) {
    case 'posts':
      return pages(data as InfiniteData<Page<Post>, unknown>, post);
    case 'post':
      return once(data as Post, post);
    case 'reviews':
      return pages(data as InfiniteData<Page<Review>, unknown>, review);
    default:
      return data;
  }
}

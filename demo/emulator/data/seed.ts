/**
 * The demo workspace, generated from fixed seeds: the same posts, products, reviews and
 * pictures on every start. Texts are stored as indices into `i18n.ts` and rendered per
 * market by `views.ts`; pictures are stored as `ImageSpec`s and painted by `media.ts`.
 */
import type { ImageSpec } from '../scene.ts';
import {
  AUTHOR_NAMES,
  GALLERIES,
  ITEM_TYPES,
  LABELS,
  LABEL_SHARES,
  LINES,
  PROFILES,
  type ItemType,
  type Profile,
} from './catalog.ts';
import {
  CAPTIONS_PLAIN,
  CAPTIONS_WITH_PRODUCT,
  COMPANY_ASPECTS,
  COMPANY_REVIEW_BODIES,
  COMPANY_REVIEW_TITLES,
  HASHTAGS,
  PRODUCT_ASPECTS,
  PRODUCT_REVIEW_BODIES,
  PRODUCT_REVIEW_TITLES,
  sentimentOf,
  type Aspect,
  type Lang,
  type Sentiment,
} from './i18n.ts';
import { createRng, type Rng } from './prng.ts';

export interface SeedProduct {
  id: string;
  handle: string;
  line: string;
  item: ItemType;
  /** List price in USD, converted per market. */
  usd: number;
  /** Sale price in USD; `sale_price` equal to `price` (no sale) when `saleField` is `same`. */
  saleUsd: number | null;
  saleField: 'sale' | 'same' | 'none';
  sku?: string;
  mpn?: string;
  gtin?: string;
  inStock: boolean;
  /** Media path of the product image. */
  image: string;
}

export type PostScene = 'landscape' | 'stilllife' | 'bokeh' | 'flatlay';
export type OriginType = 'instagram' | 'tiktok' | 'upload' | 'manual';

export interface SeedPost {
  id: string;
  type: 'IMAGE' | 'VIDEO';
  createdAt: string;
  socialDate?: string;
  origin: OriginType;
  socialUrl?: string;
  hideCaption: boolean;
  profile: Profile;
  /** Caption template (with or without a product), hashtags and a mention; null: no caption. */
  caption: { index: number; withProduct: boolean; hashtags: number[]; mention?: string } | null;
  hasAlt: boolean;
  labels: string[];
  galleries: string[];
  tagged: { x: number; y: number; productId: string }[];
  scene: PostScene;
  /** The picture: the image itself, or a video's poster. */
  image: string;
  video?: string;
  width: number;
  height: number;
  filename: string;
}

export interface SeedReview {
  id: string;
  /** null for a company review. */
  productId: string | null;
  rating: number;
  sentiment: Sentiment;
  titleIndex: number;
  bodyIndex: number;
  aspect?: { key: Aspect; praise: boolean };
  author: string;
  verified: boolean;
  createdAt: string;
  language: Lang;
  media: string[];
  reply?: { createdAt: string };
}

export interface World {
  products: SeedProduct[];
  /** Newest first. */
  posts: SeedPost[];
  /** Per product id, newest first; products without reviews have an empty list. */
  productReviews: Map<string, SeedReview[]>;
  companyReviews: SeedReview[];
  /** Every picture the emulator serves, by media path. */
  images: Map<string, ImageSpec>;
  /** Profile id to avatar media path, for profiles with a picture. */
  avatars: Map<string, string>;
}

/** "Now" of the seed data: every date lies before it, so the data never changes. */
const SEED_NOW = Date.parse('2025-06-30T12:00:00Z');
const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString();

export const POST_COUNT = 320;
/** Indices (in catalog order) of products with no reviews, and of products with many. */
const NO_REVIEW_PRODUCTS = [13, 29, 40];
const MANY_REVIEW_PRODUCTS: Record<number, number> = { 0: 57, 5: 48, 17: 42 };

function uniqueIds(rng: Rng, prefix: string, length: number, count: number): string[] {
  const seen = new Set<string>();
  while (seen.size < count) seen.add(prefix + rng.id(length));
  return [...seen];
}

function ean13(rng: Rng): string {
  const digits = [4, 0, ...Array.from({ length: 10 }, () => rng.int(0, 9))];
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

function buildProducts(images: Map<string, ImageSpec>): SeedProduct[] {
  const rng = createRng('products');
  const ids = uniqueIds(rng, 'prd_', 10, ITEM_TYPES.length * 2);
  const products: SeedProduct[] = [];
  for (let i = 0; i < ITEM_TYPES.length * 2; i++) {
    const item = ITEM_TYPES[i % ITEM_TYPES.length]!;
    const line = LINES[(i * 5 + Math.floor(i / ITEM_TYPES.length)) % LINES.length]!;
    const handle = `${line.toLowerCase()}-${item.key}`;
    const usd = rng.int(item.price[0], item.price[1]);
    const saleField = i % 4 === 1 ? 'sale' : i % 4 === 2 ? 'same' : 'none';
    const image = `/media/products/${handle}.jpg`;
    images.set(image, { kind: 'product', seed: handle, width: 640, height: 640, shape: item.shape });
    products.push({
      id: ids[i]!,
      handle,
      line,
      item,
      usd,
      saleUsd: saleField === 'sale' ? Math.round(usd * (0.7 + rng.next() * 0.1)) : null,
      saleField,
      ...(i % 19 === 7 ? {} : { sku: `NW-${line.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}` }),
      ...(rng.chance(0.75) ? { mpn: `MPN-${rng.int(100000, 999999)}` } : {}),
      ...(rng.chance(0.85) ? { gtin: ean13(rng) } : {}),
      inStock: i !== 9 && i !== 31,
      image,
    });
  }
  return products;
}

const POST_SHAPES: { w: number; h: number; weight: number }[] = [
  { w: 512, h: 640, weight: 40 }, // 4:5 portrait
  { w: 640, h: 640, weight: 30 }, // square
  { w: 640, h: 360, weight: 15 }, // 16:9 landscape
  { w: 480, h: 640, weight: 15 }, // 3:4 portrait
];
const EDGE_VALUES = [0, 1, 0.02, 0.98];

function buildPosts(products: SeedProduct[], images: Map<string, ImageSpec>): SeedPost[] {
  const rng = createRng('posts');
  const ids = uniqueIds(rng, 'pst_', 12, POST_COUNT);
  // Some products are far more popular in posts than others.
  const popularity = rng.sample(products, products.length);
  const weights = popularity.map((_, i) => 1 / Math.pow(i + 1, 0.8));
  const creators = PROFILES.slice(1);
  const coord = (): number => (rng.chance(0.1) ? rng.pick(EDGE_VALUES) : Math.round((0.06 + rng.next() * 0.88) * 1000) / 1000);
  const posts: SeedPost[] = [];
  for (let i = 0; i < POST_COUNT; i++) {
    const id = ids[i]!;
    const origin = rng.weighted<OriginType>(['instagram', 'tiktok', 'upload', 'manual'], [40, 20, 25, 15]);
    const type = rng.chance(origin === 'tiktok' ? 0.7 : 0.08) ? 'VIDEO' : 'IMAGE';
    const profile =
      origin === 'manual' || (origin !== 'upload' && rng.chance(0.1))
        ? PROFILES[0]!
        : rng.weighted(creators, creators.map((p) => p.weight));
    const created = SEED_NOW - rng.int(60, 420 * 24 * 60) * 60_000;
    const tagCount = rng.weighted([0, 1, 2, 3, 5, 6, 7, 8], [15, 30, 22, 18, 4, 4, 4, 3]);
    const tagged: SeedPost['tagged'] = [];
    for (const product of sampleWeighted(rng, popularity, weights, tagCount)) tagged.push({ x: coord(), y: coord(), productId: product.id });
    const shape = type === 'VIDEO' ? { w: 640, h: 480 } : rng.weighted(POST_SHAPES, POST_SHAPES.map((s) => s.weight));
    const scene = rng.pick<PostScene>(['landscape', 'stilllife', 'bokeh', 'flatlay']);
    const image = type === 'VIDEO' ? `/media/posters/${id}.jpg` : `/media/posts/${id}.jpg`;
    images.set(image, { kind: scene, seed: id, width: shape.w, height: shape.h });
    const social = origin === 'instagram' || origin === 'tiktok';
    const code = rng.id(11);
    const hashtags = rng.sample([...HASHTAGS.keys()], rng.int(1, 3));
    posts.push({
      id,
      type,
      createdAt: iso(created),
      ...(social ? { socialDate: iso(created - rng.int(1, 72) * 3_600_000) } : {}),
      origin,
      ...(origin === 'instagram' ? { socialUrl: `https://www.instagram.com/p/${code}/` } : {}),
      ...(origin === 'tiktok' ? { socialUrl: `https://www.tiktok.com/@${profile.username}/video/7${String(rng.int(1e8, 9e8))}${String(rng.int(1e8, 9e8))}` } : {}),
      hideCaption: rng.chance(0.08),
      profile,
      caption: rng.chance(0.05)
        ? null
        : {
            index: tagged.length > 0 ? rng.int(0, CAPTIONS_WITH_PRODUCT.length - 1) : rng.int(0, CAPTIONS_PLAIN.length - 1),
            withProduct: tagged.length > 0,
            hashtags,
            ...(rng.chance(0.35) ? { mention: rng.pick(PROFILES.filter((p) => p !== profile)).username } : {}),
          },
      hasAlt: rng.chance(0.85),
      labels: LABELS.filter((_, l) => rng.chance(LABEL_SHARES[l]!)).map((l) => l.id),
      galleries: GALLERIES.filter((g) => rng.chance(g.share)).map((g) => g.id),
      tagged,
      scene,
      image,
      ...(type === 'VIDEO' ? { video: `/media/videos/${id}.webm` } : {}),
      width: type === 'VIDEO' ? 320 : shape.w,
      height: type === 'VIDEO' ? 240 : shape.h,
      filename:
        type === 'VIDEO'
          ? `clip-${id.slice(4)}.webm`
          : origin === 'upload'
            ? `IMG_${rng.int(1000, 9999)}.jpg`
            : origin === 'manual'
              ? `lifestyle-${id.slice(4, 10)}.jpg`
              : `${code}.jpg`,
    });
  }
  // One post carries hotspots at the exact corners and the centre (for the tests); it
  // keeps its own date, so that the newest post, which a demo shows first, is an ordinary one.
  const corners = posts[0]!;
  corners.type = 'IMAGE';
  corners.tagged = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0.5, 0.5],
  ].map(([x, y], k) => ({ x: x!, y: y!, productId: popularity[k]!.id }));
  posts.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1));
  return posts;
}

function sampleWeighted<T>(rng: Rng, items: T[], weights: number[], count: number): T[] {
  const pool = items.map((item, i) => ({ item, weight: weights[i]! }));
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const chosen = rng.weighted(pool, pool.map((p) => p.weight));
    out.push(chosen.item);
    pool.splice(pool.indexOf(chosen), 1);
  }
  return out;
}

function buildReviews(
  rng: Rng,
  productId: string | null,
  count: number,
  ratingWeights: number[],
  images: Map<string, ImageSpec>,
): SeedReview[] {
  const titles = productId ? PRODUCT_REVIEW_TITLES : COMPANY_REVIEW_TITLES;
  const bodies = productId ? PRODUCT_REVIEW_BODIES : COMPANY_REVIEW_BODIES;
  const aspects = productId ? PRODUCT_ASPECTS : COMPANY_ASPECTS;
  const reviews: SeedReview[] = [];
  for (const id of uniqueIds(rng, 'rev_', 12, count)) {
    const rating = rng.weighted([1, 2, 3, 4, 5], ratingWeights);
    const sentiment = sentimentOf(rating);
    const language = rng.weighted<Lang>(['en', 'de', 'sv'], [50, 25, 25]);
    const created = SEED_NOW - rng.int(1, 540 * 24) * 3_600_000;
    const mediaCount = productId && rng.chance(0.12) ? rng.int(1, 3) : 0;
    const media = Array.from({ length: mediaCount }, (_, k) => {
      const path = `/media/reviews/${id}-${k + 1}.jpg`;
      const portrait = rng.chance(0.5);
      images.set(path, { kind: rng.pick(['stilllife', 'flatlay'] as const), seed: `${id}-${k}`, width: portrait ? 512 : 640, height: 640 });
      return path;
    });
    reviews.push({
      id,
      productId,
      rating,
      sentiment,
      titleIndex: rng.int(0, titles[sentiment].length - 1),
      bodyIndex: rng.int(0, bodies[sentiment].length - 1),
      ...(rng.chance(0.7) ? { aspect: { key: rng.pick(aspects), praise: rating >= 4 } } : {}),
      author: rng.pick(AUTHOR_NAMES[language]),
      verified: rng.chance(0.85),
      createdAt: iso(created),
      language,
      media,
      ...(rng.chance(sentiment === 'positive' ? 0.2 : 0.5) ? { reply: { createdAt: iso(created + rng.int(6, 144) * 3_600_000) } } : {}),
    });
  }
  return reviews.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1));
}

function buildAvatars(images: Map<string, ImageSpec>): Map<string, string> {
  const avatars = new Map<string, string>();
  for (const profile of PROFILES) {
    if (!profile.avatar) continue;
    const path = `/media/avatars/${profile.username}.jpg`;
    images.set(path, { kind: 'avatar', seed: profile.username, width: 160, height: 160 });
    avatars.set(profile.id, path);
  }
  return avatars;
}

let world: World | undefined;

/** Builds the demo workspace once per process. */
export function getWorld(): World {
  if (world) return world;
  const images = new Map<string, ImageSpec>();
  const products = buildProducts(images);
  const posts = buildPosts(products, images);
  const rng = createRng('reviews');
  const productReviews = new Map<string, SeedReview[]>();
  products.forEach((product, i) => {
    const count = NO_REVIEW_PRODUCTS.includes(i) ? 0 : (MANY_REVIEW_PRODUCTS[i] ?? rng.int(2, 24));
    const weights = i % 11 === 4 ? [15, 15, 25, 25, 20] : [4, 5, 11, 28, 52];
    productReviews.set(product.id, buildReviews(rng, product.id, count, weights, images));
  });
  const companyReviews = buildReviews(createRng('company-reviews'), null, 64, [3, 4, 8, 25, 60], images);
  world = { products, posts, productReviews, companyReviews, images, avatars: buildAvatars(images) };
  return world;
}

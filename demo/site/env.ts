/**
 * What every demo page needs to know about where it runs: the emulator's origin (only
 * known at runtime, from the dev server's `define`), the demo key, the markets, and
 * seed ids picked from the emulator's `/__emulator/info`.
 */
import { StorefrontClient, VERSION } from '../../src/index.ts';

/** Origin of the Storefront API the live examples read (the local emulator under `npm start`). */
export const apiBase: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? 'http://localhost:8787';

/** The emulator's key for a workspace whose plan includes Reviews. */
export const DEMO_KEY = 'svc_pk_demo';

/** The script-tag build of this version from a public CDN (the package's `jsdelivr` entry); a shop may serve `dist/cdn/` itself. */
export const CDN_URL = `https://cdn.jsdelivr.net/npm/storefront-widgets@${VERSION}/dist/cdn/storefront-widgets.js`;

/** The placeholder key shown in the copyable snippets. */
export const YOUR_KEY = 'svc_pk_your_key';

export type Market = 'us' | 'de' | 'se';

export const MARKETS: readonly { value: Market; label: string }[] = [
  { value: 'us', label: 'US · USD' },
  { value: 'de', label: 'DE · EUR' },
  { value: 'se', label: 'SE · SEK' },
];

export interface EmulatorInfo {
  api_base: string;
  endpoints: { method: string; path: string; query: string; returns: string }[];
  control_endpoints: { method: string; path: string; body: string }[];
  keys: { key: string; plan: string; description: string }[];
  test_keys: number;
  markets: { id: string; shortId: string; title: string; currency: string; language: string; default: boolean }[];
  counts: Record<string, number>;
  labels: { id: string; name: string; post_count: number }[];
  galleries: { id: string; name: string; post_count: number }[];
  profiles: { id: string; username: string; post_count: number }[];
  products: { id: string; handle: string; post_count: number; review_count: number }[];
  samples: { video_post: string; corner_hotspots_post: string | null };
}

let info: Promise<EmulatorInfo> | undefined;

/** The emulator's `/__emulator/info` (read once per page). Rejects when the emulator is not reachable. */
export function emulatorInfo(): Promise<EmulatorInfo> {
  info ??= fetch(`${apiBase}/__emulator/info`).then(async (response) => {
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return (await response.json()) as EmulatorInfo;
  });
  return info;
}

/** Seed ids the live examples use. */
export interface DemoIds {
  /** The product with the most reviews. */
  reviewedProduct: string;
  /** Products with reviews, most first (for pickers). */
  reviewedProducts: string[];
  /** A product without reviews. */
  unreviewedProduct: string;
  /** The product tagged in the most posts. */
  taggedProduct: string;
  gallery: { id: string; name: string };
  galleries: { id: string; name: string }[];
  labels: { id: string; name: string }[];
  /** A video post. */
  videoPost: string;
  /** A post whose hotspots sit in the media's corners. */
  cornerPost: string;
}

/** The seed as it is when the emulator cannot be asked (its ids are stable). */
const FALLBACK: DemoIds = {
  reviewedProduct: 'aster-linen-shirt',
  reviewedProducts: ['aster-linen-shirt', 'dune-daypack', 'isle-hiking-boots'],
  unreviewedProduct: 'kestrel-hand-cream',
  taggedProduct: 'birch-linen-shirt',
  gallery: { id: 'gal_hp4k2m9q', name: 'Homepage' },
  galleries: [{ id: 'gal_hp4k2m9q', name: 'Homepage' }],
  labels: [],
  videoPost: 'pst_n51pt29medk4',
  cornerPost: 'pst_r1zxzr4adwy1',
};

let ids: Promise<DemoIds> | undefined;

/** Seed ids picked from the emulator's info, or the known seed when it cannot be read. */
export function demoIds(): Promise<DemoIds> {
  ids ??= emulatorInfo().then(
    (i): DemoIds => {
      const byReviews = [...i.products].sort((a, b) => b.review_count - a.review_count);
      const byPosts = [...i.products].sort((a, b) => b.post_count - a.post_count);
      return {
        reviewedProduct: byReviews[0]?.handle ?? FALLBACK.reviewedProduct,
        reviewedProducts: byReviews.filter((p) => p.review_count > 0).map((p) => p.handle),
        unreviewedProduct: i.products.find((p) => p.review_count === 0)?.handle ?? FALLBACK.unreviewedProduct,
        taggedProduct: byPosts[0]?.handle ?? FALLBACK.taggedProduct,
        gallery: i.galleries[0] ?? FALLBACK.gallery,
        galleries: i.galleries.map(({ id, name }) => ({ id, name })),
        labels: i.labels.map(({ id, name }) => ({ id, name })),
        videoPost: i.samples.video_post,
        cornerPost: i.samples.corner_hotspots_post ?? FALLBACK.cornerPost,
      };
    },
    () => FALLBACK,
  );
  return ids;
}

let featured: Promise<string> | undefined;

/** A photo post tagging a few products (not the corner-hotspot post), among the most reviewed product's posts: the overview's shoppable example. */
export function featuredPost(): Promise<string> {
  featured ??= demoIds().then(async (seed) => {
    try {
      const client = new StorefrontClient({ publishableKey: DEMO_KEY, apiBase });
      const page = await client.listPosts('us', { productRef: seed.reviewedProduct }, { limit: 20 });
      const photos = page.items.filter((post) => post.type === 'IMAGE');
      // A handful of hotspots reads best: closest to four products, then the first.
      const best = photos.filter((post) => post.taggedProducts.length >= 2 && post.id !== seed.cornerPost).sort((a, b) => Math.abs(a.taggedProducts.length - 4) - Math.abs(b.taggedProducts.length - 4))[0];
      return best?.id ?? seed.cornerPost;
    } catch {
      return seed.cornerPost;
    }
  });
  return featured;
}

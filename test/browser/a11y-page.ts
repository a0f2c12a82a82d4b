import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import { until } from './a11y-support.ts';
import { mostReviewed, unreviewedProduct } from './review-support.ts';

/**
 * A shop page with every element inside one `<svc-storefront>`, between two plain
 * buttons ("Before the widgets", "After the widgets") that start and end a keyboard
 * walk, for the keyboard, accessibility and localization tests.
 */

export interface Seed {
  /** The product with the most reviews (posts tag it, too). */
  product: string;
  /** A product without reviews. */
  unreviewed: string;
  /** A photo post that tags several products. */
  post: string;
  /** A video post. */
  video: string;
}

interface Info {
  products: { handle: string; review_count: number }[];
  samples: { video_post: string; corner_hotspots_post: string };
}

/** Picks the seed ids from the emulator's info document and its posts. */
export async function readSeed(apiBase: string): Promise<Seed> {
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as Info;
  const product = mostReviewed(info.products).handle;
  const unreviewed = unreviewedProduct(info.products).handle;
  const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${product}&limit=20`, { headers: { authorization: 'Bearer svc_pk_demo' } })).json()) as {
    data: { id: string; type: string; tagged_products: unknown[] }[];
  };
  const post = posts.data.filter((candidate) => candidate.type === 'IMAGE').sort((a, b) => b.tagged_products.length - a.tagged_products.length)[0]!.id;
  return { product, unreviewed, post, video: info.samples.video_post };
}

export interface Shop {
  root: HTMLElement;
  before: HTMLButtonElement;
  after: HTMLButtonElement;
  storefront: HTMLElement;
  summary: HTMLElement;
  shoppable: HTMLElement;
  gallery: HTMLElement;
  carousel: HTMLElement;
  reviews: HTMLElement;
  snippet: HTMLElement;
}

export interface ShopOptions {
  apiBase: string;
  key: string;
  seed: Seed;
  market?: string;
  dir?: 'ltr' | 'rtl';
  lang?: string;
  /** `lang` on each element (beats the market's language). */
  elementLang?: string;
  /** CSS width of the page's column (default 960px). */
  width?: string;
  /** Whether to wait until every element shows its data (default true). */
  wait?: boolean;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}

/** Puts the shop page into the body and waits until every element shows its data. */
export async function mountShop(options: ShopOptions): Promise<Shop> {
  const root = element('main', { class: 'shop' });
  if (options.dir) root.setAttribute('dir', options.dir);
  if (options.lang) root.setAttribute('lang', options.lang);
  root.style.cssText = `display: block; box-sizing: border-box; max-width: ${options.width ?? '960px'}; margin: 0 auto; padding: 8px; font-family: system-ui, sans-serif; color: #1d1d1f; background: #fff`;
  const before = Object.assign(element('button', { type: 'button', id: 'before' }), { textContent: 'Before the widgets' });
  const after = Object.assign(element('button', { type: 'button', id: 'after' }), { textContent: 'After the widgets' });
  const storefront = element('svc-storefront', { 'publishable-key': options.key, market: options.market ?? 'us', 'api-base': options.apiBase });
  const { product, post } = options.seed;
  const summary = element('svc-review-summary', { 'product-ref': product });
  const shoppable = element('svc-shoppable-post', { 'post-id': post });
  const gallery = element('svc-post-gallery', { 'product-ref': product, 'page-size': '4', columns: '4' });
  const carousel = element('svc-post-gallery', { layout: 'carousel', 'page-size': '6', columns: '3' });
  const reviews = element('svc-reviews', { 'product-ref': product, 'page-size': '3' });
  const snippet = element('svc-rich-snippet', { 'product-ref': product });
  for (const widget of [summary, shoppable, gallery, carousel, reviews]) {
    widget.style.cssText = 'display: block; margin-block: 24px';
    if (options.elementLang) widget.setAttribute('lang', options.elementLang);
  }
  storefront.append(summary, shoppable, gallery, carousel, reviews, snippet);
  root.append(before, storefront, after);
  document.body.append(root);
  const shop = { root, before, after, storefront, summary, shoppable, gallery, carousel, reviews, snippet };
  if (options.wait !== false) await shopReady(shop);
  return shop;
}

const inside = (host: Element, selector: string) => host.shadowRoot?.querySelectorAll(selector) ?? [];

/** Every element shows its data (and the shoppable post its picture). */
export async function shopReady(shop: Shop): Promise<void> {
  await until(() => inside(shop.summary, '.summary button.bar').length === 5, 'summary bars');
  await until(() => inside(shop.shoppable, 'button.hotspot').length > 0 && inside(shop.shoppable, 'img.picture.loaded').length > 0, 'shoppable post');
  await until(() => inside(shop.gallery, 'button.tile').length === 4, 'gallery tiles');
  await until(() => inside(shop.carousel, 'button.tile').length === 6, 'carousel tiles');
  await until(() => inside(shop.reviews, '[part="review"]').length === 3, 'reviews');
}

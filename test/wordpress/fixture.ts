/**
 * The Playwright fixture of the WordPress specs: one test site per worker (site.ts), with
 * the plugin installed from `dist/wordpress/storefront-widgets.zip` and its settings
 * pointing at the emulator that test/e2e/global-setup.ts started, and the pages, posts and
 * products the specs read.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from '../e2e/env.ts';
import { startWordpress, type PostSpec, type WordpressSite } from './site.ts';

export const ZIP = process.env['STOREFRONT_WORDPRESS_ZIP'] ?? fileURLToPath(new URL('../../dist/wordpress/storefront-widgets.zip', import.meta.url));

export interface Shop {
  site: WordpressSite;
  /** The key in the plugin's settings (the emulator's, with a budget of its own). */
  key: string;
  /** The product with the most reviews: a WooCommerce product of this slug is in the site. */
  product: { handle: string; sku: string; reviewCount: number };
  /** Another product, which the product `mapped-shirt` maps to through the filter. */
  mapped: string;
  /** A third product, a WooCommerce product of this slug with shortcodes only. */
  classic: string;
  post: string;
}

/** Each block (attributes as the editor saves them) and the element it renders. */
export const BLOCKS: { name: string; attributes: Record<string, unknown>; element: string }[] = [
  { name: 'review-summary', attributes: { variant: 'badge' }, element: 'svc-review-summary[variant="badge"]' },
  { name: 'review-summary', attributes: {}, element: 'svc-review-summary:not([variant="badge"])' },
  { name: 'reviews', attributes: { pageSize: 3, sort: 'highest' }, element: 'svc-reviews' },
  { name: 'post-gallery', attributes: { columns: 3, pageSize: 6 }, element: 'svc-post-gallery' },
  { name: 'rich-snippet', attributes: {}, element: 'svc-rich-snippet' },
];

/** A block as saved in post_content (a dynamic block: a comment, no HTML of its own). */
export const blockMarkup = (name: string, attributes: Record<string, unknown>): string =>
  `<!-- wp:storefront-widgets/${name} ${Object.keys(attributes).length ? `${JSON.stringify(attributes)} ` : ''}/-->`;

/** What shows that each element rendered the emulator's data (as test/e2e/shopify-theme.ts). */
export const CONTENT: [element: string, content: string][] = [
  ['svc-review-summary[variant="badge"]', '[part~="count"]'],
  ['svc-review-summary:not([variant="badge"])', '[part~="average"]'],
  ['svc-shoppable-post', '[part~="hotspot"]'],
  ['svc-post-gallery', '[part~="tile"] img'],
  ['svc-reviews', '[part~="review"]'],
];

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Authorization: 'Bearer svc_pk_demo' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

function posts(shop: Omit<Shop, 'site' | 'key'>): PostSpec[] {
  const { handle, sku } = shop.product;
  return [
    {
      type: 'page',
      slug: 'shortcodes',
      title: 'Shortcodes',
      content: [
        `[svc_review_summary product_ref="${handle}" variant="badge"]`,
        `[svc_review_summary product_ref="${handle}" onclick="alert(1)" variant="huge"]`,
        `[svc_reviews product_ref="${handle}" page_size="500" sort="highest" style="display:none"]`,
        `[svc_post_gallery product_ref="${handle}" layout="carousel" columns="abc" page-size="6"]`,
        `[svc_shoppable_post post_id="${shop.post}" fit="cover"]`,
        `[svc_rich_snippet product_ref="${handle}"]`,
      ].join('\n\n'),
    },
    { type: 'page', slug: 'blocks', title: 'Blocks', content: [...BLOCKS.map((block) => blockMarkup(block.name, { productRef: handle, ...block.attributes })), blockMarkup('shoppable-post', { postId: shop.post })].join('\n\n') },
    { type: 'page', slug: 'plain', title: 'About us', content: '<!-- wp:paragraph --><p>A page without widgets.</p><!-- /wp:paragraph -->' },
    { type: 'page', slug: 'late-widget', title: 'A widget from the theme', content: '<!-- wp:paragraph --><p>The theme prints a widget below.</p><!-- /wp:paragraph -->', meta: { _late_widget: handle } },
    { type: 'page', slug: 'store-reviews', title: 'Store reviews', content: '[svc_review_summary]\n\n<!-- wp:storefront-widgets/reviews /-->' },
    { type: 'product', slug: handle, title: 'Aster Linen Shirt', content: BLOCKS.map((block) => blockMarkup(block.name, block.attributes)).join('\n\n'), meta: { _sku: sku } },
    { type: 'product', slug: shop.classic, title: 'Classic product', content: '[svc_review_summary]\n\n[svc_post_gallery]\n\n[svc_post_gallery store_wide]' },
    { type: 'product', slug: 'mapped-shirt', title: 'Mapped shirt', content: '<!-- wp:storefront-widgets/review-summary /-->\n\n[svc_reviews]', meta: { _storefront_ref: shop.mapped } },
  ];
}

export const test = base.extend<{ errors: string[] }, { shop: Shop }>({
  shop: [
    async ({}, use) => {
      const { apiBase, post } = e2eEnv();
      const info = await json<{ products: { handle: string; review_count: number }[] }>(`${apiBase}/__emulator/info`);
      const [first, second, third] = [...info.products].sort((a, b) => b.review_count - a.review_count);
      const snippet = await json<{ sku: string }>(`${apiBase}/v1/products/${first!.handle}/rich-snippet?market=us`);
      const shop = { product: { handle: first!.handle, sku: snippet.sku, reviewCount: first!.review_count }, mapped: second!.handle, classic: third!.handle, post };
      const key = await testKey(apiBase, 'wordpress', { rate: { capacity: 10_000, refillPerSecond: 10_000 } });
      const site = await startWordpress({ zip: ZIP, settings: { publishable_key: key, market: 'us', api_base: apiBase, load: 'widgets' }, posts: posts(shop) });
      await use({ ...shop, site, key });
      await site.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // Console errors of the page (a missing key, a refused setting, a failed read).
  errors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Logs in as the site's administrator. */
export async function logIn(page: Page, shop: Shop): Promise<void> {
  await page.goto(`${shop.site.url}/wp-login.php`);
  await page.fill('#user_login', 'admin');
  await page.fill('#user_pass', shop.site.password);
  await page.click('#wp-submit');
  await expect(page.locator('#wpadminbar')).toBeVisible();
}

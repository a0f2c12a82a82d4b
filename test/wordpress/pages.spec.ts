/**
 * The plugin in a real WordPress (Debian's), installed from its zip and activated, read by
 * Chromium against the emulator: each shortcode and block renders its element with data,
 * a WooCommerce product gets its product from its slug (or the filter's mapping), a page
 * without a widget loads nothing of the plugin, and a product page ends with one Product
 * in its JSON-LD, WooCommerce's, carrying the rating.
 */
import type { Page } from '@playwright/test';
import { BLOCKS, CONTENT, expect, test, type Shop } from './fixture.ts';

async function expectRendered(page: Page, elements: string[]): Promise<void> {
  for (const [element, content] of CONTENT.filter(([name]) => elements.includes(name))) {
    await page.locator(element).first().scrollIntoViewIfNeeded();
    await expect(page.locator(element).first().locator(content).first(), element).toBeVisible();
  }
}

/** The widgets' start tags in the page as served (before any script ran). */
async function pluginElements(shop: Shop, path: string): Promise<string[]> {
  const html = await (await fetch(new URL(path, shop.site.url))).text();
  return html.match(/<svc-[^>]*>/g) ?? [];
}

/** The plugin's own tags in the page as served (before any script ran). */
async function pluginTags(shop: Shop, path: string): Promise<string[]> {
  const html = await (await fetch(new URL(path, shop.site.url))).text();
  return html.match(/<(script|link)\b[^>]*storefront-widgets[^>]*>/g) ?? [];
}

test('each shortcode renders its element with the emulator\'s data; unknown attributes are dropped, bad values left to the element\'s default, numbers clamped', async ({ page, shop, errors }) => {
  const served = (await pluginElements(shop, shop.site.posts['shortcodes']!.url)).join('\n');
  expect(served).not.toMatch(/onclick|style=|huge|abc/);
  await page.goto(shop.site.posts['shortcodes']!.url);
  await expect(page.locator('svc-reviews')).toHaveAttribute('page-size', '50');
  await expect(page.locator('svc-reviews')).toHaveAttribute('sort', 'highest');
  await expect(page.locator('svc-post-gallery')).not.toHaveAttribute('columns', /.*/);
  await expect(page.locator('svc-post-gallery')).toHaveAttribute('page-size', '6');
  await expect(page.locator('svc-shoppable-post')).toHaveAttribute('fit', 'cover');
  await expectRendered(page, CONTENT.map(([element]) => element));
  await expect(page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('each block, saved in a page\'s content, renders its element with the emulator\'s data, in the block\'s wrapper', async ({ page, shop, errors }) => {
  await page.goto(shop.site.posts['blocks']!.url);
  for (const block of BLOCKS.filter((b) => b.name !== 'rich-snippet')) {
    await expect(page.locator(`.wp-block-storefront-widgets-${block.name} > ${block.element}`), block.name).toHaveCount(1);
  }
  await expect(page.locator('svc-reviews')).toHaveAttribute('page-size', '3');
  await expect(page.locator('svc-post-gallery')).toHaveAttribute('columns', '3');
  await expectRendered(page, CONTENT.map(([element]) => element));
  await expect(page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('the loader is deferred in <head>, the reservation stylesheet in <head>, the settings once, on WordPress before 6.3 too (no `strategy` there)', async ({ shop }) => {
  const html = await (await fetch(shop.site.posts['shortcodes']!.url)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<link rel='stylesheet' id='storefront-widgets-css' href='[^']+\/wp-content\/plugins\/storefront-widgets\/cdn\/storefront-widgets\.css\?ver=0\.1\.0'/);
  expect(head).toMatch(/<script defer src='[^']+\/wp-content\/plugins\/storefront-widgets\/cdn\/storefront-widgets\.js\?ver=0\.1\.0' id='storefront-widgets-js'><\/script>/);
  expect(html.match(/StorefrontWidgets\.configure\(/g)).toHaveLength(1);
  expect(head).toContain(`"publishableKey":"${shop.key}"`);
});

test('a page without a widget loads nothing of the plugin: no script, no stylesheet, no request', async ({ page, shop, errors }) => {
  expect(await pluginTags(shop, shop.site.posts['plain']!.url)).toEqual([]);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(shop.site.posts['plain']!.url);
  await expect(page.getByText('A page without widgets.')).toBeVisible();
  expect(requests.filter((url) => url.includes('storefront-widgets') || url.startsWith(new URL('/', shop.site.url).href + 'v1'))).toEqual([]);
  expect(await page.evaluate(() => 'StorefrontWidgets' in window)).toBe(false);
  expect(errors).toEqual([]);
});

test('a widget a theme prints after the head still loads everything, from the footer, with the settings once', async ({ page, shop, errors }) => {
  const html = await (await fetch(shop.site.posts['late-widget']!.url)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toContain('storefront-widgets');
  expect(html.slice(html.indexOf('</head>'))).toMatch(/<script defer src='[^']+\/cdn\/storefront-widgets\.js\?ver=0\.1\.0' id='storefront-widgets-js'>/);
  expect(html.match(/StorefrontWidgets\.configure\(/g)).toHaveLength(1);
  await page.goto(shop.site.posts['late-widget']!.url);
  await expectRendered(page, ['svc-review-summary:not([variant="badge"])']);
  expect(errors).toEqual([]);
});

test('with "On every page", a page without a widget loads the loader and the stylesheet too (for widgets a script adds)', async ({ shop }) => {
  const set = (load: string) => shop.site.php(`$s = get_option( 'storefront_widgets_settings' ); $s['load'] = '${load}'; update_option( 'storefront_widgets_settings', $s );`);
  await set('everywhere');
  try {
    const tags = await pluginTags(shop, shop.site.posts['plain']!.url);
    expect(tags.filter((tag) => tag.includes('cdn/storefront-widgets.'))).toHaveLength(2);
  } finally {
    await set('widgets');
  }
  expect(await pluginTags(shop, shop.site.posts['plain']!.url)).toEqual([]);
});

test('a product post gets its product ref from its slug; the filter storefront_widgets_product_ref maps another to its own ref; a page without a product shows the store\'s reviews', async ({ page, shop, errors }) => {
  await page.goto(shop.site.posts[shop.classic]!.url);
  await expect(page.locator('svc-review-summary')).toHaveAttribute('product-ref', shop.classic);
  await expect(page.locator('svc-post-gallery').first()).toHaveAttribute('product-ref', shop.classic);
  // `store_wide`: the whole store's posts.
  await expect(page.locator('svc-post-gallery').nth(1)).not.toHaveAttribute('product-ref', /.*/);
  await expectRendered(page, ['svc-review-summary:not([variant="badge"])', 'svc-post-gallery']);

  await page.goto(shop.site.posts['mapped-shirt']!.url);
  await expect(page.locator('svc-review-summary')).toHaveAttribute('product-ref', shop.mapped);
  await expect(page.locator('svc-reviews')).toHaveAttribute('product-ref', shop.mapped);
  await expectRendered(page, ['svc-review-summary:not([variant="badge"])', 'svc-reviews']);

  await page.goto(shop.site.posts['store-reviews']!.url);
  await expect(page.locator('svc-review-summary')).toHaveAttribute('company', '');
  await expect(page.locator('svc-reviews')).toHaveAttribute('company', '');
  await expectRendered(page, ['svc-review-summary:not([variant="badge"])', 'svc-reviews']);
  expect(errors).toEqual([]);
});

test('a WooCommerce product page with the blocks: each takes the product\'s slug, and the page ends with exactly one Product, WooCommerce\'s @id, carrying the rating', async ({ page, shop, errors }) => {
  const product = shop.site.posts[shop.product.handle]!;
  await page.goto(product.url);
  for (const element of ['svc-review-summary', 'svc-reviews', 'svc-post-gallery', 'svc-rich-snippet']) {
    await expect(page.locator(element).first(), element).toHaveAttribute('product-ref', shop.product.handle);
  }
  await expectRendered(page, ['svc-review-summary[variant="badge"]', 'svc-review-summary:not([variant="badge"])', 'svc-reviews', 'svc-post-gallery']);
  await expect(page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(1);

  const documents = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null') as unknown));
  const nodes: Record<string, unknown>[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      nodes.push(value as Record<string, unknown>);
      Object.values(value).forEach(walk);
    }
  };
  walk(documents);
  const products = nodes.filter((node) => node['@type'] === 'Product');
  // Two nodes, one product: WooCommerce's and the rating merged into it by its @id (the permalink's).
  const permalink = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new Set(products.map((node) => node['@id']))).toEqual(new Set([`${permalink}#product`]));
  const rated = products.filter((node) => node['aggregateRating']);
  expect(rated).toHaveLength(1);
  expect(rated[0]!['aggregateRating']).toMatchObject({ '@type': 'AggregateRating', reviewCount: shop.product.reviewCount });
  expect(errors).toEqual([]);
});

test('PHP logged no notice, warning or error from the plugin', ({ shop }) => {
  const lines = shop.site.debugLog().split('\n').filter((line) => line.includes('storefront-widgets'));
  expect(lines).toEqual([]);
});

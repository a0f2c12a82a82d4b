/**
 * The Shopify theme app extension (`npm run build:shopify`, README "On Shopify"), checked
 * as Shopify checks it (Theme Check, its theme-app-extension configuration) and used as a
 * shop uses it: every block and the app embed rendered with liquidjs into a Dawn-like
 * product page, served with the flat assets from another origin, loaded in Chromium
 * against the emulator.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';
import { BLOCK_CONTENT, BLOCKS, blockSchema, EXTENSION, productPage, renderBlock, requireExtension, startShopServer, type StoreContext } from './shopify-theme.ts';
import { layoutShifts, recordShifts, shiftDetails } from './support.ts';

const require = createRequire(import.meta.url);

test.beforeAll(requireExtension);

test('Theme Check, with its theme-app-extension configuration, reports no error and no warning', async () => {
  const { check } = require('@shopify/theme-check-node') as typeof import('@shopify/theme-check-node');
  const offenses = await check(EXTENSION, require.resolve('@shopify/theme-check-node/configs/theme-app-extension.yml'));
  const found = offenses.filter((offense) => offense.severity <= 1).map((offense) => `${offense.check} ${relative(EXTENSION, new URL(offense.uri).pathname)}:${offense.start.line + 1} ${offense.message}`);
  expect(found).toEqual([]);
});

test('the assets are one flat folder, each script under Theme Check\'s 10,000 bytes compressed, and nothing asks for module/ or chunks/', () => {
  const folder = join(EXTENSION, 'assets');
  const names = readdirSync(folder);
  expect(names.filter((name) => statSync(join(folder, name)).isDirectory())).toEqual([]);
  const scripts = names.filter((name) => name.endsWith('.js'));
  expect(scripts).toEqual(expect.arrayContaining(['storefront-widgets.js', 'svc-post-gallery.js', 'svc-reviews.js']));
  // The embed's part is in the loader's script: one request.
  expect(scripts).not.toContain('storefront-widgets-embed.js');
  const over = scripts.map((name) => ({ name, gzip: gzipSync(readFileSync(join(folder, name))).length })).filter(({ gzip }) => gzip > 10_000);
  expect(over).toEqual([]);
  for (const name of scripts) expect(readFileSync(join(folder, name), 'utf8'), name).not.toMatch(/["'`](\.\/)?(module|chunks)\//);
});

test('the reservation rules are in the embed\'s snippet once, not again in reserve.js, which only holds the heights', () => {
  const snippet = readFileSync(join(EXTENSION, 'snippets', 'storefront-widgets-reserve.liquid'), 'utf8');
  expect(snippet).toContain('svc-post-gallery');
  expect(snippet).toContain(':not(:defined)');
  const reserve = readFileSync(join(EXTENSION, 'assets', 'reserve.js'), 'utf8');
  expect(reserve).toContain('min-height');
  expect(reserve).not.toContain('adoptedStyleSheets');
  expect(reserve).not.toContain(':not(:defined):not(');
});

test('the embed targets <head>, every block a section, and merchant text is there in the 18 languages of both the library and Shopify\'s admin', () => {
  const locales = readdirSync(join(EXTENSION, 'locales'));
  for (const language of ['en.default', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'tr', 'pt-BR', 'pt-PT', 'ja', 'ko', 'zh-CN']) {
    expect(locales).toContain(`${language}.schema.json`);
    expect(locales).toContain(`${language}.json`);
  }
  expect(blockSchema('app-embed').target).toBe('head');
  for (const block of BLOCKS) expect(blockSchema(block).target).toBe('section');
});

const PRODUCT_TITLE = 'Linen shirt';

function store(key: string, assets: string, more: Partial<StoreContext> = {}): StoreContext {
  const { apiBase, product, post } = e2eEnv();
  return {
    embed: { publishable_key: key, api_base: apiBase, markets: 'ca = us\nde = de\nse = se' },
    blocks: { 'shoppable-post': { post_id: post } },
    product: { handle: product, title: PRODUCT_TITLE },
    assets,
    ...more,
  };
}

test.describe('rendered with liquidjs', () => {
  const assets = 'https://cdn.example/extensions/test/assets';

  test('the embed: the market for the shop\'s market or country, a read proxy on the shop\'s own domain, a secret key left out of the page, the rich snippet on a product page', async () => {
    const germany = await renderBlock('app-embed', store('svc_pk_demo', assets, { country: 'DE', market: 'eu' }), 'e');
    expect(germany).toContain('data-market="de"');
    expect(germany).toContain('data-publishable-key="svc_pk_demo"');
    expect(germany).toContain(`data-product="${e2eEnv().product}"`);
    expect(germany).toContain(`src="${assets}/storefront-widgets.js?v=`);
    const canada = await renderBlock('app-embed', store('svc_pk_demo', assets, { country: 'CA', market: 'north-america' }), 'e');
    expect(canada).toContain('data-market="us"');
    const proxied = await renderBlock('app-embed', { ...store('svc_pk_demo', assets), embed: { publishable_key: 'svc_pk_demo', api_base: '/apps/storefront' } }, 'e');
    expect(proxied).toContain('data-api-base="https://example.myshopify.com/apps/storefront"');
    const secret = await renderBlock('app-embed', store('svc_sk_live_123', assets), 'e');
    expect(secret).not.toContain('svc_sk_');
    expect(secret).toContain('data-refused="secret-key"');
    expect(secret).not.toContain('.svc-editor-note--key');
  });

  test('a block without the embed\'s key shows a note in the theme editor, and nothing of it on the storefront', async () => {
    const editor = await renderBlock('post-gallery', store('', assets, { designMode: true, locale: 'de' }), 'g');
    expect(editor).toContain('svc-editor-note--key');
    expect(editor).toContain('öffentlichen Schlüssel');
    const shop = await renderBlock('post-gallery', store('', assets), 'g');
    expect(shop).not.toContain('svc-editor-note');
    const noPost = await renderBlock('shoppable-post', { ...store('svc_pk_demo', assets, { designMode: true }), blocks: {} }, 'p');
    expect(noPost).toContain('enter a post ID');
    expect(noPost).not.toContain('<svc-shoppable-post');
  });

  test('blocks take the page\'s product by default and a picked product over it, and the storefront\'s language', async () => {
    const { product } = e2eEnv();
    const page = await renderBlock('reviews', store('svc_pk_demo', assets, { locale: 'fr' }), 'r');
    expect(page).toContain(`product-ref="${product}"`);
    expect(page).toContain('lang="fr"');
    const picked = await renderBlock('review-summary', { ...store('svc_pk_demo', assets), blocks: { 'review-summary': { product: { handle: 'other-product' } } } }, 's');
    expect(picked).toContain('product-ref="other-product"');
  });
});

async function openShop(page: Page, context: (assets: string) => StoreContext, options: { stacked?: boolean; extraHead?: string } = {}): Promise<{ errors: string[]; close(): Promise<void> }> {
  let assets = '';
  const server = await startShopServer(() => productPage(context(assets), options));
  assets = server.assets;
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  await recordShifts(page);
  await page.goto(`${server.origin}/products/${e2eEnv().product}`);
  return { errors, close: server.close };
}

for (const [width, height, stacked] of [
  [1280, 900, false],
  [390, 844, false],
  [1280, 900, true],
  [390, 844, true],
] as const) {
  test(`a product page of every block${stacked ? ', all in the first viewport,' : ''} at ${width}×${height}: each widget shows the emulator's data, the rich snippet is in <head>, CLS ≤ 0.01`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    const key = await testKey(e2eEnv().apiBase, `shopify_${width}`);
    const shop = await openShop(page, (assets) => store(key, assets), { stacked });
    try {
      // Each block as a shopper scrolls to it: what is below the fold renders as it comes near.
      for (const [widget, content] of BLOCK_CONTENT) {
        await page.locator(widget).scrollIntoViewIfNeeded();
        await expect(page.locator(widget).locator(content).first(), widget).toBeVisible();
      }
      await expect(page.locator('svc-review-summary:not([variant="badge"]) [part~="average"]')).toHaveText(/\d/);
      await expect(page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(1);
      await page.evaluate(() => scrollTo(0, 0));
      // The shifts are read before the screenshot: a full-page one resizes the viewport, and
      // Chromium can draw a frame of that (the 0.71 or 0.14 seen once in about 40 runs).
      const shifts = await layoutShifts(page);
      const details = await shiftDetails(page);
      await page.screenshot({ path: `test-results/e2e/shopify-product-${width}${stacked ? '-stacked' : ''}.png`, fullPage: true });
      expect(shifts.reduce((sum, value) => sum + value, 0), `layout shifts:\n${details}`).toBeLessThanOrEqual(0.01);
      expect(shop.errors).toEqual([]);
    } finally {
      await shop.close();
    }
  });
}

for (const allowed of [true, false]) {
  test(`the analytics bridge: Shopify's Customer Privacy API ${allowed ? 'allows' : 'refuses'} analytics, and post views ${allowed ? 'reach' : 'never reach'} Shopify's customer events`, async ({ page }) => {
    // Shopify's storefront globals, as far as the embed uses them: its feature loader, the Customer Privacy API, Customer Events' publish.
    await page.addInitScript((consent) => {
      const record = { features: [] as unknown[], published: [] as [string, Record<string, unknown>][], views: 0 };
      Object.assign(globalThis, {
        record,
        Shopify: {
          loadFeatures: (features: unknown[], done: () => void) => (record.features.push(...features), done()),
          customerPrivacy: { analyticsProcessingAllowed: () => consent },
          analytics: { publish: (name: string, data: Record<string, unknown>) => record.published.push([name, data]) },
        },
      });
      addEventListener('svc-post-view', () => record.views++);
    }, allowed);
    const key = await testKey(e2eEnv().apiBase, `shopify_analytics_${allowed}`);
    const shop = await openShop(page, (assets) => ({ ...store(key, assets), embed: { ...store(key, assets).embed, analytics: 'customer-events' } }));
    try {
      type Record = { features: { name: string }[]; published: [string, { svc_post_id?: string }][]; views: number };
      const record = () => page.evaluate(() => (globalThis as unknown as { record: Record }).record);
      await page.locator('svc-post-gallery').scrollIntoViewIfNeeded();
      await expect(page.locator('svc-post-gallery [part~="tile"] img').first()).toBeVisible();
      await expect.poll(async () => (await record()).views, 'a post was seen').toBeGreaterThan(0);
      const { features, published } = await record();
      expect(features.map((feature) => feature.name)).toEqual(['consent-tracking-api']);
      if (allowed) expect(published.find(([name]) => name === 'svc_post_view')?.[1].svc_post_id).toMatch(/^pst_/);
      else expect(published).toEqual([]);
      expect(shop.errors).toEqual([]);
    } finally {
      await shop.close();
    }
  });
}

test('a secret key in the embed\'s setting never reaches the page, and the console says why', async ({ page }) => {
  const shop = await openShop(page, (assets) => store('svc_sk_live_abcdef', assets));
  try {
    expect(await page.content()).not.toContain('svc_sk_');
    await expect.poll(() => shop.errors.join('\n')).toMatch(/secret key \(svc_sk_…\)/);
  } finally {
    await shop.close();
  }
});

test('by hand in theme.liquid (README): the same script without the embed\'s data-* attributes leaves the settings to the theme\'s configure()', async ({ page }) => {
  const { apiBase, product } = e2eEnv();
  const key = await testKey(apiBase, 'shopify_by_hand');
  let assets = '';
  const server = await startShopServer(async () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>By hand</title><link rel="icon" href="data:,">
<script src="${assets}/storefront-widgets.js?v=1" defer></script>
<script>addEventListener('DOMContentLoaded', () => StorefrontWidgets.configure({ publishableKey: ${JSON.stringify(key)}, apiBase: ${JSON.stringify(apiBase)}, market: 'us' }));</script>
</head><body><h1>Linen shirt</h1><svc-review-summary product-ref="${product}" variant="badge"></svc-review-summary></body></html>`);
  assets = server.assets;
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${server.origin}/products/${product}`);
    await expect(page.locator('svc-review-summary [part~="count"]')).toHaveText(/\d/);
    // No embed, no rich snippet of its own.
    await expect(page.locator('svc-rich-snippet')).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});

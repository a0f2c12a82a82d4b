/**
 * The plugin's admin side in a real WordPress: Settings → Storefront widgets saves a
 * publishable key, refuses a secret key (an admin notice, nothing saved, nothing in any
 * page), refuses plain http and a post without the form's nonce; a block inserted in the
 * real block editor shows its settings in the sidebar and a preview with the emulator's data.
 */
import type { Page } from '@playwright/test';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from '../e2e/env.ts';
import { expect, logIn, test, type Shop } from './fixture.ts';

const SETTINGS = '/wp-admin/options-general.php?page=storefront-widgets';
const KEY_FIELD = '#storefront_widgets_publishable_key';

/** The settings a page hands to `StorefrontWidgets.configure()`, as served. */
async function pageSettings(shop: Shop): Promise<Record<string, string>> {
  const html = await (await fetch(shop.site.posts['blocks']!.url)).text();
  const json = /StorefrontWidgets\.configure\((\{[^)]*\})\)/.exec(html)?.[1];
  return json ? (JSON.parse(json) as Record<string, string>) : {};
}

async function save(page: Page, field: string, value: string): Promise<void> {
  await page.fill(field, value);
  // The form posts to options.php, which redirects back; the page's own HTML is all the checks read.
  await Promise.all([page.waitForURL(/settings-updated=true/, { waitUntil: 'domcontentloaded' }), page.click('#submit')]);
}

/** WordPress's own editor API in the page, as far as these tests use it. */
interface EditorWindow {
  wp?: { data?: { select(store: string): { isFeatureActive(name: string): boolean } | undefined; dispatch(store: string): { toggleFeature(name: string): void } } };
}

/** The block editor (a new page, or the post given), without its welcome guide (shown once per user). */
async function openEditor(page: Page, shop: Shop, path = '/wp-admin/post-new.php?post_type=page'): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, shop);
  await page.goto(shop.site.url + path);
  await page.waitForFunction(() => Boolean((window as EditorWindow).wp?.data?.select('core/edit-post')), undefined, { timeout: 30_000 });
  await page.evaluate(() => {
    const data = (window as EditorWindow).wp!.data!;
    if (data.select('core/edit-post')!.isFeatureActive('welcomeGuide')) data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
  });
  await expect(page.getByRole('dialog', { name: /welcome/i })).toHaveCount(0);
}

test.describe('Settings → Storefront widgets', () => {
  test('saves a publishable key, refuses a secret key and a plain-http API address with a notice each, and saves nothing of them', async ({ page, shop }) => {
    test.setTimeout(90_000);
    await logIn(page, shop);
    await page.goto(shop.site.url + SETTINGS);
    await expect(page.locator(KEY_FIELD)).toHaveValue(shop.key);
    await expect(page.locator('#storefront_widgets_market')).toHaveValue('us');

    const secret = 'svc_sk_live_do_not_save_0123';
    await save(page, KEY_FIELD, secret);
    await expect(page.locator('#setting-error-secret-key')).toContainText('secret key');
    await expect(page.locator(KEY_FIELD)).toHaveValue(shop.key);
    expect(await page.content()).not.toContain(secret);
    expect((await pageSettings(shop))['publishableKey']).toBe(shop.key);

    await save(page, '#storefront_widgets_api_base', 'http://shop.example/storefront-api');
    await expect(page.locator('#setting-error-bad-api-base')).toContainText('https://');
    expect((await pageSettings(shop))['apiBase']).toBe(e2eEnv().apiBase);

    const fresh = await testKey(e2eEnv().apiBase, 'wordpress_settings');
    try {
      await save(page, KEY_FIELD, fresh);
      await expect(page.locator('#setting-error-settings_updated')).toBeVisible();
      await expect(page.locator(KEY_FIELD)).toHaveValue(fresh);
      expect(await pageSettings(shop)).toEqual({ market: 'us', publishableKey: fresh, apiBase: e2eEnv().apiBase });
      // The page's widgets read with the new key.
      await page.goto(shop.site.posts['blocks']!.url);
      await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
    } finally {
      await page.goto(shop.site.url + SETTINGS);
      await save(page, KEY_FIELD, shop.key);
    }
    expect((await pageSettings(shop))['publishableKey']).toBe(shop.key);
  });

  test('a post to options.php without the form\'s nonce changes nothing; a visitor who is not logged in never sees the page', async ({ page, shop }) => {
    await logIn(page, shop);
    const response = await page.request.post(`${shop.site.url}/wp-admin/options.php`, {
      form: { option_page: 'storefront_widgets', action: 'update', 'storefront_widgets_settings[publishable_key]': 'svc_pk_forged' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect((await pageSettings(shop))['publishableKey']).toBe(shop.key);

    const anonymous = await fetch(shop.site.url + SETTINGS, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('wp-login.php');
  });
});

test('the block editor: a Reviews block inserted from the inserter shows its settings in the sidebar and a preview with the emulator\'s data, which follows a changed setting', async ({ page, shop }) => {
  test.setTimeout(90_000);
  await openEditor(page, shop);

  await page.getByRole('button', { name: 'Toggle block inserter' }).click();
  await page.getByRole('searchbox', { name: /search/i }).fill('Reviews');
  // Each option's name starts with its icon's glyph.
  await page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { name: /Reviews$/ }).click();

  // The settings sidebar, unless the editor opened with it.
  const toggle = page.getByRole('button', { name: 'Settings', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const sidebar = page.getByRole('region', { name: 'Editor settings' });
  await expect(sidebar.getByRole('button', { name: 'Widget settings' })).toBeVisible();
  await expect(sidebar.getByLabel('Product')).toBeVisible();
  await expect(sidebar.getByLabel('Order')).toHaveValue('newest');
  const pageSize = sidebar.getByRole('spinbutton', { name: 'Page size' });
  await expect(pageSize).toHaveValue('10');

  // A page has no product: the preview is the store's own reviews, rendered by the server and upgraded by the loader.
  const preview = page.locator('.wp-block-storefront-widgets-reviews svc-reviews');
  await expect(preview).toHaveAttribute('company', '');
  await expect(preview.locator('[part~="review"]').first()).toBeVisible();

  await pageSize.fill('2');
  await expect(page.locator('.wp-block-storefront-widgets-reviews svc-reviews[page-size="2"]')).toHaveCount(1);
  await expect(page.locator('.wp-block-storefront-widgets-reviews svc-reviews[page-size="2"] [part~="review"]')).toHaveCount(2);
});

test('the block editor: each block shows its own settings in the sidebar (product, layout, columns, page size, variant, post)', async ({ page, shop }) => {
  test.setTimeout(120_000);
  await openEditor(page, shop);
  const toggle = page.getByRole('button', { name: 'Settings', exact: true });
  const sidebar = page.getByRole('region', { name: 'Editor settings' });
  const blocks: [title: RegExp, labels: string[], preview: string][] = [
    [/Review summary$/, ['Product', 'Variant', 'Hide when there are no reviews'], 'svc-review-summary'],
    [/Review stars$/, ['Product', 'Variant'], 'svc-review-summary[variant="badge"]'],
    [/Customer photos$/, ['Product', 'Layout', 'Columns', 'Page size', 'More posts'], 'svc-post-gallery'],
    [/Shoppable post$/, ['Post ID', 'Fit'], ''],
    [/Review stars in search results$/, ['Product'], ''],
  ];
  for (const [title, labels, preview] of blocks) {
    const search = page.getByRole('searchbox', { name: /search/i });
    if (!(await search.isVisible())) await page.getByRole('button', { name: 'Toggle block inserter' }).click();
    await search.fill(title.source.replace('$', ''));
    await page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { name: title }).click();
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    for (const label of labels) await expect(sidebar.getByLabel(label, { exact: true }).first(), `${title.source}: ${label}`).toBeVisible();
    if (preview) await expect(page.locator(`.block-editor-block-list__layout ${preview}`).last(), title.source).toBeAttached();
  }
  // The badge is the summary with its variant set.
  await expect(page.locator('.block-editor-block-list__layout svc-review-summary[variant="badge"]')).toHaveCount(1);
  // A shoppable post without its post says what to enter, instead of a preview.
  await expect(page.getByText('Enter the post\'s ID in the block\'s settings.')).toBeVisible();
});

test('the block editor: on a product, each block\'s preview takes that product from its context', async ({ page, shop }) => {
  test.setTimeout(90_000);
  await openEditor(page, shop, `/wp-admin/post.php?post=${shop.site.posts[shop.product.handle]!.id}&action=edit`);
  const canvas = page.locator('.block-editor-block-list__layout');
  for (const element of ['svc-review-summary[variant="badge"]', 'svc-review-summary:not([variant="badge"])', 'svc-reviews', 'svc-post-gallery']) {
    await expect(canvas.locator(element), element).toHaveAttribute('product-ref', shop.product.handle);
  }
  await expect(canvas.locator('svc-reviews [part~="review"]').first()).toBeAttached();
});

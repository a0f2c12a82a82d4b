import { expect, test } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expectAllRendered, expectRichSnippet, moduleFiles, openPage } from './support.ts';

/**
 * dist/cdn/module/storefront-widgets.js with <script type="module"> (the loader as an ES
 * module, no classic script in between): everything renders, and each element's module,
 * the lightbox (ahead of its first open, once a gallery is near) and the review list
 * arrive only when a page needs them.
 */
test.describe('the ES module bundle', () => {
  test('renders every element', async ({ page }) => {
    const log = await openPage(page, 'module_all', { scripts: 'module' });
    await expectAllRendered(page);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('imports the modules of the elements in the page; the lightbox when a pointer comes over the gallery and the review list when one is added', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname.replace(/^\/dist\/cdn\/module\//, '')));
    const log = await openPage(page, 'module_lazy', { scripts: 'module', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery,svc-rich-snippet' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    await expect(page.locator('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await expectRichSnippet(page);
    for (const tag of ['svc-storefront', 'svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery', 'svc-rich-snippet']) for (const file of moduleFiles(tag)) expect(requested, file).toContain(file);
    // The lightbox comes ahead of its first open: once a pointer comes over the gallery (or it comes into view).
    await page.locator('svc-post-gallery [part~="tile"]').first().hover();
    await expect.poll(() => requested.some((path) => path.startsWith('chunks/svc-post-lightbox-')), { message: 'the lightbox, fetched before the first tap' }).toBe(true);
    expect(requested).not.toContain('svc-reviews.js');
    // The classic loader is not needed: the module entry is the loader.
    expect(requested.filter((path) => path.endsWith('/storefront-widgets.js'))).toEqual([]);

    await page.locator('svc-post-gallery [part~="tile"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(requested.some((path) => path.startsWith('chunks/svc-post-lightbox-'))).toBe(true);
    await page.keyboard.press('Escape');

    const { product } = e2eEnv();
    await page.evaluate((ref) => {
      const list = document.createElement('svc-reviews');
      list.setAttribute('product-ref', ref);
      list.setAttribute('page-size', '2');
      document.querySelector('svc-storefront')!.append(list);
    }, product);
    await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
    expect(requested).toContain('svc-reviews.js');
    expect(log.errors).toEqual([]);
  });
});

import { expect, test } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { expectAllRendered, expectRichSnippet, openPage } from './support.ts';

/**
 * dist/cdn/module/storefront-widgets.js with <script type="module">: everything renders,
 * and the lightbox and the review list arrive only when a page needs them.
 */
test.describe('the ES module bundle', () => {
  test('renders every element', async ({ page }) => {
    const log = await openPage(page, 'module_all', { scripts: 'module' });
    await expectAllRendered(page);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('loads the lightbox on first open and the review list when one is added', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/chunks/')) chunks.push(path.replace(/.*\/chunks\//, ''));
    });
    const log = await openPage(page, 'module_lazy', { scripts: 'module', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery,svc-rich-snippet' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    await expect(page.locator('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await expectRichSnippet(page);
    expect(chunks, 'nothing lazy before it is needed').toEqual([]);
    expect(await page.evaluate(() => customElements.get('svc-reviews'))).toBeUndefined();

    await page.locator('svc-post-gallery [part~="tile"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(chunks.some((name) => name.startsWith('svc-post-lightbox-'))).toBe(true);
    expect(chunks.some((name) => name.startsWith('svc-reviews-'))).toBe(false);
    await page.keyboard.press('Escape');

    const { product } = e2eEnv();
    await page.evaluate((ref) => {
      const list = document.createElement('svc-reviews');
      list.setAttribute('product-ref', ref);
      list.setAttribute('page-size', '2');
      document.querySelector('svc-storefront')!.append(list);
    }, product);
    await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
    expect(chunks.some((name) => name.startsWith('svc-reviews-'))).toBe(true);
    expect(log.errors).toEqual([]);
  });
});

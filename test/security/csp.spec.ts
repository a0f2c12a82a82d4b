import { expect, test, type Page } from '@playwright/test';
import { e2eEnv } from '../e2e/env.ts';
import { JSON_LD_POLICY, strictCsp as strictPolicy } from '../e2e/static-server.ts';
import { expectAllRendered, TAGS } from '../e2e/support.ts';
import { closeShopServer, openShop, shopHtml, type PageRecord, type Script } from './support.ts';

/**
 * The built bundles on a shop page served with a strict Content-Security-Policy: no
 * inline scripts or styles, no eval, images and media from the API's origin only, and
 * Trusted Types required for every script sink. Every element renders and works (the
 * lightbox, a product card, paging) with no `securitypolicyviolation` event and no
 * console error. What the policy must allow is in the README's CSP section.
 */
test.afterAll(closeShopServer);

/** The strict policy with the emulator's origin; `trustedTypes` lists the allowed policy names. */
const strictCsp = (trustedTypes?: string) => strictPolicy(e2eEnv().apiBase, trustedTypes);

/** Opens the lightbox and a product card, pages the reviews: the interactive paths under the policy. */
async function useEverything(page: Page): Promise<void> {
  await page.locator('svc-post-gallery [part~="tile"]').first().click();
  await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeHidden();
  await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
  await expect(page.locator('svc-shoppable-post [part~="card"]').first()).toBeVisible();
  const reviews = page.locator('svc-reviews [part~="review"]');
  const before = await reviews.count();
  await page.locator('svc-reviews [part~="load-more"]').click();
  await expect.poll(() => reviews.count()).toBeGreaterThan(before);
}

/** Layout that inline styles would carry: grid columns, hotspots spread over the picture. */
async function expectStyledLayout(page: Page): Promise<void> {
  const columns = await page.locator('svc-post-gallery').evaluate((gallery) => getComputedStyle(gallery.shadowRoot!.querySelector('.grid, .masonry')!).gridTemplateColumns.split(' ').length);
  expect(columns).toBeGreaterThan(1);
  const spots = await page.locator('svc-shoppable-post').evaluate((post) =>
    [...post.shadowRoot!.querySelectorAll('[part~="hotspot"]')].map((spot) => {
      const rect = spot.getBoundingClientRect();
      return `${Math.round(rect.x)},${Math.round(rect.y)}`;
    }),
  );
  expect(new Set(spots).size).toBe(spots.length);
}

function expectClean(record: PageRecord): void {
  expect(record.violations).toEqual([]);
  expect(record.errors).toEqual([]);
}

for (const script of ['classic', 'module'] as Script[]) {
  test(`${script} bundle: every element renders and works under a strict CSP with Trusted Types, no violation`, async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 900 });
    const record = await openShop(page, `strict-${script}`, (key) => shopHtml({ key, script }), { 'content-security-policy': strictCsp() });
    // The module bundle defines some elements from lazy chunks.
    await page.waitForFunction((tags) => tags.every((tag) => customElements.get(tag) !== undefined), [...TAGS]);
    await expectAllRendered(page);
    await expectStyledLayout(page);
    await useEverything(page);
    const jsonLd = await page.locator('head script[data-svc-rich-snippet]').evaluate((script) => (script as HTMLScriptElement).text);
    expect(jsonLd).not.toContain('<');
    expectClean(record);
    expect(record.warnings).toEqual([]);
  });
}

test("two copies of the bundle on one page (two versions): with trusted-types 'allow-duplicates' (both copies create Lit's policy), no violation", async ({ page }) => {
  const record = await openShop(page, 'two-copies', (key) => shopHtml({ key, script: 'two-copies' }), { 'content-security-policy': strictCsp(`lit-html ${JSON_LD_POLICY} 'allow-duplicates'`) });
  await expectAllRendered(page);
  expectClean(record);
});

test('without the JSON-LD policy in trusted-types: the widgets work, the snippet is left out with one warning naming the policy', async ({ page }) => {
  const record = await openShop(page, 'no-json-ld-policy', (key) => shopHtml({ key, script: 'classic' }), { 'content-security-policy': strictCsp('lit-html') });
  await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
  await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
  // The warning comes when the snippet is given up: from then on there is none to wait for.
  await expect.poll(() => record.warnings.filter((line) => line.includes(JSON_LD_POLICY)).length).toBe(1);
  await expect(page.locator('head script[data-svc-rich-snippet]')).toHaveCount(0);
  expect(record.errors.filter((line) => !/trusted.?types|Trusted Type/i.test(line))).toEqual([]);
  expect(record.violations.every((violation) => violation.directive === 'trusted-types')).toBe(true);
});

test('without lit-html in trusted-types the widgets cannot render (Lit creates that policy): the README says to allow it', async ({ page }) => {
  const record = await openShop(page, 'no-lit-policy', (key) => shopHtml({ key, script: 'classic' }), { 'content-security-policy': strictCsp(JSON_LD_POLICY) });
  await expect.poll(() => record.violations.some((violation) => violation.directive === 'trusted-types' && violation.sample.includes('lit-html'))).toBe(true);
  // Lit builds its policy as the bundle starts: refused, the bundle stops there, and no element draws anything.
  await expect.poll(() => record.errors.some((line) => /lit-html/.test(line))).toBe(true);
  const drawn = await page.evaluate((tags) => tags.filter((tag) => [...document.querySelectorAll(tag)].some((element) => element.shadowRoot?.childElementCount)), [...TAGS]);
  expect(drawn).toEqual([]);
  expect(await page.locator(TAGS.join(', ')).count()).toBeGreaterThan(0);
});

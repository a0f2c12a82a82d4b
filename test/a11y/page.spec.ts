import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectAllRendered, openPage } from '../e2e/support.ts';

/**
 * A shop page with every element, from the built script-tag bundle, through
 * @axe-core/playwright with the WCAG 2.0/2.1/2.2 A and AA rules: as loaded, with a
 * product card, the lightbox and a star filter open, in German right to left, under
 * reduced motion and forced colours, and at 320 px (400 % zoom), where no element may
 * be wider than its box. The Vitest browser suites (test/browser/a11y-*, keyboard,
 * i18n) check each element's states in detail.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  // axe measures colours as painted: text caught mid-fade (the lightbox opening) reads as
  // low contrast. Finite animations, in the document and every shadow root, are finished
  // first (their end state is what a shopper sees); endless ones keep running.
  await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    for (const animation of new Set(roots.flatMap((root) => root.getAnimations()))) {
      if (animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`));
}

/** Every element shows its data (the review list's code loads on demand, so wait for it first). */
async function rendered(page: Page): Promise<void> {
  await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
  await expectAllRendered(page);
}

/** Opens the card of the first hotspot, filters the reviews by five stars, and opens the first tile's lightbox. */
async function openEverything(page: Page): Promise<void> {
  await page.locator('svc-shoppable-post [part~="hotspot"]:visible').first().click();
  await expect(page.locator('svc-shoppable-post [part~="card"]:visible')).toHaveCount(1);
  await page.locator('svc-review-summary [part~="bar"]').first().click();
  await expect(page.locator('svc-reviews [part~="clear-filter"]')).toBeVisible();
  await page.locator('svc-post-gallery [part~="tile"]').first().click();
  await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeVisible();
}

test.describe('axe on the whole page', () => {
  // One axe run over the whole page, shadow roots included, takes 5 to 10 s on a busy two-core machine; a test makes up to three.
  test.describe.configure({ timeout: 60_000 });
  test('as loaded, then with a card, a filter and the lightbox open', async ({ page }) => {
    await openPage(page, 'a11y_loaded', { scripts: 'classic' });
    await rendered(page);
    expect(await violations(page)).toEqual([]);
    // axe looked inside the shadow roots: the tiles' and hotspots' names were checked there.
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const inShadow = results.passes.filter((rule) => ['button-name', 'color-contrast', 'target-size'].includes(rule.id)).flatMap((rule) => rule.nodes.filter((node) => Array.isArray(node.target[0])));
    expect(inShadow.length).toBeGreaterThan(20);
    await openEverything(page);
    expect(await violations(page)).toEqual([]);
  });

  test('German, right to left', async ({ page }) => {
    await openPage(page, 'a11y_rtl', { scripts: 'classic' });
    await rendered(page);
    await page.evaluate(() => {
      document.documentElement.dir = 'rtl';
      document.querySelector('svc-storefront')!.setAttribute('market', 'de');
    });
    await expect(page.locator('svc-post-gallery [part~="load-more"]')).toHaveText('Mehr anzeigen');
    await expect(page.locator('svc-review-summary [part~="stars"]').first()).toHaveAttribute('aria-label', /von 5 Sternen/);
    expect(await violations(page)).toEqual([]);
    await openEverything(page);
    expect(await violations(page)).toEqual([]);
  });

  test('reduced motion and forced colours', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
    await openPage(page, 'a11y_media', { scripts: 'classic' });
    await rendered(page);
    expect(await page.evaluate(() => matchMedia('(forced-colors: active) and (prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await openEverything(page);
    expect(await violations(page)).toEqual([]);
  });

  test('320 px wide (400 % zoom): no sideways scrolling, no element wider than its box', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openPage(page, 'a11y_narrow', { scripts: 'classic' });
    await rendered(page);
    const overflow = () =>
      page.evaluate(() => {
        const problems: string[] = [];
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth + 1) problems.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
        for (const element of document.querySelectorAll<HTMLElement>('svc-post-gallery, svc-shoppable-post, svc-review-summary, svc-reviews')) {
          if (element.scrollWidth > element.clientWidth + 1) problems.push(`${element.localName}: ${element.scrollWidth} > ${element.clientWidth}`);
          const box = element.getBoundingClientRect();
          if (box.left < -1 || box.right > root.clientWidth + 1) problems.push(`${element.localName} spans ${box.left}..${box.right}`);
        }
        return problems;
      });
    expect(await overflow()).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await openEverything(page);
    expect(await overflow()).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
});

import { expect, test } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { OTHER_VERSION } from './static-server.ts';
import { expectAllRendered, expectRichSnippet, openPage, registration } from './support.ts';

/**
 * dist/cdn/storefront-widgets.js alone, with a plain <script> tag in a plain HTML page
 * (no bundler), reading the emulator on another origin.
 */
test.describe('the script-tag bundle', () => {
  test('registers and renders every element from a plain script in the head', async ({ page }) => {
    const log = await openPage(page, 'plain', { scripts: 'classic', at: 'head' });
    await expectAllRendered(page);
    const { version } = e2eEnv();
    expect(await registration(page)).toEqual({ record: { version }, global: version });
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('works with defer', async ({ page }) => {
    const log = await openPage(page, 'defer', { scripts: 'classic-defer', at: 'head' });
    await expectAllRendered(page);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('works with async', async ({ page }) => {
    const log = await openPage(page, 'async', { scripts: 'classic-async', at: 'head' });
    await expectAllRendered(page);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('upgrades elements that are in the page before the script', async ({ page }) => {
    const log = await openPage(page, 'late', { scripts: 'classic', at: 'end' });
    await expectAllRendered(page);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('renders elements added after it loaded', async ({ page }) => {
    const { product } = e2eEnv();
    const log = await openPage(page, 'added', { scripts: 'classic', at: 'head', elements: 'svc-review-summary' });
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await page.evaluate((ref) => {
      const list = document.createElement('svc-reviews');
      list.setAttribute('product-ref', ref);
      list.setAttribute('page-size', '2');
      document.querySelector('svc-storefront')!.append(list);
    }, product);
    await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
    expect(log.errors).toEqual([]);
  });

  test('loads its sibling files from its own folder only when needed, each once: gallery tiles and shoppable post view with the first of each, lightbox on first open, review list and rich snippet when one is in the page', async ({ page }) => {
    const parts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      const part = /^\/dist\/cdn\/storefront-widgets\.([\w-]+)\.js$/.exec(path);
      if (part) parts.push(part[1]!);
      else if (path.endsWith('.js')) expect(path).toBe('/dist/cdn/storefront-widgets.js');
    });
    const log = await openPage(page, 'classic_lazy', { scripts: 'classic', at: 'head', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    await expect(page.locator('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    expect([...parts].sort(), 'only the tiles and the shoppable post view (and what the siblings share) before anything else is needed').toEqual(['media', 'shared', 'shoppable', 'tiles']);
    expect(await page.evaluate(() => [customElements.get('svc-reviews'), customElements.get('svc-rich-snippet'), customElements.get('svc-post-lightbox')])).toEqual([undefined, undefined, undefined]);

    await page.locator('svc-post-gallery [part~="tile"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(parts).toContain('lightbox');
    expect(parts).not.toContain('reviews');
    await page.keyboard.press('Escape');

    const { product } = e2eEnv();
    await page.evaluate((ref) => {
      const list = document.createElement('svc-reviews');
      list.setAttribute('product-ref', ref);
      list.setAttribute('page-size', '2');
      const snippet = document.createElement('svc-rich-snippet');
      snippet.setAttribute('product-ref', ref);
      document.querySelector('svc-storefront')!.append(list, snippet);
    }, product);
    await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
    await expectRichSnippet(page);
    expect([...parts].sort(), 'each sibling once').toEqual(['lightbox', 'media', 'reviews', 'rich-snippet', 'shared', 'shoppable', 'tiles']);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('a German market loads the German strings beside the first request and never shows English', async ({ page }) => {
    const parts: string[] = [];
    page.on('request', (request) => {
      const part = /\/storefront-widgets\.([\w-]+)\.js$/.exec(new URL(request.url()).pathname);
      if (part) parts.push(part[1]!);
    });
    // Every text the elements' shadow roots ever show, from their first render on.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { seenTexts: string[] }).seenTexts = []);
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init);
        new MutationObserver(() => seen.push(root.textContent ?? '')).observe(root, { childList: true, subtree: true, characterData: true });
        return root;
      };
    });
    const log = await openPage(page, 'german', { scripts: 'classic', at: 'head', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery', market: 'de' });
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await expect(page.locator('svc-shoppable-post')).toContainText('Produkte in diesem Beitrag');
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    expect([...parts].sort(), 'no strings but German').toEqual(['de', 'media', 'shared', 'shoppable', 'tiles']);
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(text).not.toMatch(/Loading|Products in this post|reviews?\b|Retry/);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('requests the files a sibling imports beside it, not after it arrives (no extra round trip); svc-load waits for the tiles', async ({ page }) => {
    const requested: string[] = [];
    let tilesAnswered = false;
    page.on('request', (request) => {
      const part = /\/storefront-widgets\.([\w-]+)\.js$/.exec(new URL(request.url()).pathname);
      if (part) requested.push(`${part[1]}${tilesAnswered ? ' (after tiles)' : ''}`);
    });
    // The tiles file answers late: what it imports must be on its way already.
    await page.route(/\/storefront-widgets\.tiles\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      tilesAnswered = true;
      await route.continue();
    });
    // svc-load says the first page is on screen: not before the tiles are.
    await page.addInitScript(() => {
      const w = window as unknown as { tilesAtLoad?: number };
      document.addEventListener('svc-load', (event) => (w.tilesAtLoad = (event.target as Element).shadowRoot?.querySelectorAll('[part~="tile"]').length ?? 0));
    });
    const log = await openPage(page, 'preload', { scripts: 'classic', at: 'head', elements: 'svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    expect([...requested].sort()).toEqual(['media', 'shared', 'tiles']);
    await expect.poll(() => page.evaluate(() => (window as unknown as { tilesAtLoad?: number }).tilesAtLoad)).toBeGreaterThan(0);
    expect(log.errors).toEqual([]);
  });

  const blocked = [
    { part: 'shoppable', what: 'the shoppable post view', broken: 'svc-shoppable-post', other: 'svc-post-gallery [part~="tile"]' },
    { part: 'tiles', what: 'the gallery tiles', broken: 'svc-post-gallery', other: 'svc-shoppable-post [part~="hotspot"]' },
  ];
  for (const { part, what, broken, other } of blocked) {
    test(`when ${what} cannot load, ${broken} shows a small error and the other elements render`, async ({ page }) => {
      await page.route(new RegExp(`/storefront-widgets\\.${part}\\.js$`), (route) => route.abort());
      const log = await openPage(page, `${part}_blocked`, { scripts: 'classic', at: 'head', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery' });
      await expect(page.locator(`${broken} [part~="error"]`)).toHaveText('Something went wrong.');
      await expect(page.locator(`${broken} [part~="tile"], ${broken} [part~="hotspot"]`)).toHaveCount(0);
      await expect(page.locator(other).first()).toBeVisible();
      await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
      expect(log.errors.filter((error) => error.includes(`could not load ${what}`))).toHaveLength(1);
    });
  }

  test('loads the masonry and carousel layouts once, when a gallery first asks for one', async ({ page }) => {
    const parts: string[] = [];
    page.on('request', (request) => {
      const part = /\/storefront-widgets\.([\w-]+)\.js$/.exec(new URL(request.url()).pathname);
      if (part) parts.push(part[1]!);
    });
    const log = await openPage(page, 'layouts', { scripts: 'classic', at: 'head', elements: 'svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    expect([...parts].sort(), 'the grid needs its tiles only').toEqual(['media', 'shared', 'tiles']);
    const { product } = e2eEnv();
    await page.evaluate((ref) => {
      for (const layout of ['carousel', 'masonry']) {
        const gallery = document.createElement('svc-post-gallery');
        gallery.setAttribute('product-ref', ref);
        gallery.setAttribute('page-size', '6');
        gallery.setAttribute('layout', layout);
        document.querySelector('svc-storefront')!.append(gallery);
      }
    }, product);
    const carousel = page.locator('svc-post-gallery[layout="carousel"]');
    await expect(carousel.getByRole('region')).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(page.locator('svc-post-gallery[layout="masonry"] ul.masonry [part~="tile"]').first()).toBeVisible();
    // Their styles came with them (adopted by each gallery, no style element or attribute).
    await expect(carousel.locator('.carousel-track')).toHaveCSS('display', 'flex');
    await expect(page.locator('svc-post-gallery[layout="masonry"] ul.masonry > .cell').first()).toHaveCSS('position', 'absolute');
    // The carousel's controller came with it: the arrow keys move between slides.
    await carousel.locator('[part~="tile"]').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.locator('.slide').nth(1).locator('[part~="tile"]')).toBeFocused();
    // Once, with what the siblings share.
    expect(parts.sort()).toEqual(['layouts', 'media', 'shared', 'tiles']);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('loaded twice: no exception, elements render, exactly one warning', async ({ page }) => {
    const log = await openPage(page, 'twice', { scripts: 'classic,classic', at: 'head' });
    await expectAllRendered(page);
    const { version } = e2eEnv();
    expect(log.errors).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain(`storefront-widgets ${version}: storefront-widgets ${version} already defined`);
    expect(await registration(page)).toEqual({ record: { version }, global: version });
  });

  test('two versions: the first keeps its elements, the second warns once naming both', async ({ page }) => {
    const log = await openPage(page, 'two_versions', { scripts: 'classic,other', at: 'head' });
    await expectAllRendered(page);
    const { version } = e2eEnv();
    expect(log.errors).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain(`storefront-widgets ${OTHER_VERSION}: storefront-widgets ${version} already defined`);
    expect(await registration(page)).toEqual({ record: { version }, global: version });
  });

  test('two versions the other way round: the older copy stays registered', async ({ page }) => {
    const log = await openPage(page, 'two_versions_reversed', { scripts: 'other,classic-defer', at: 'head' });
    await expectAllRendered(page);
    const { version } = e2eEnv();
    expect(log.errors).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain(`storefront-widgets ${version}: storefront-widgets ${OTHER_VERSION} already defined`);
    expect(await registration(page)).toEqual({ record: { version: OTHER_VERSION }, global: OTHER_VERSION });
  });
});

test.describe('engagement events and the analytics bridge, with two copies of the library', () => {
  test('configure() from the global reaches both copies; an event is pushed into the dataLayer once', async ({ page }) => {
    const log = await openPage(page, 'analytics_two_copies', { scripts: 'classic,other', at: 'head' });
    await expectAllRendered(page);
    await page.evaluate(() => {
      const page = globalThis as unknown as { dataLayer: unknown[]; StorefrontWidgets: { configure: (settings: unknown) => void } };
      page.dataLayer = [];
      page.StorefrontWidgets.configure({ analytics: { dataLayer: true }, consent: { analytics: true } });
    });
    const productViews = () =>
      page.evaluate(() => (globalThis as unknown as { dataLayer: { event?: string }[] }).dataLayer.filter((entry) => entry.event === 'svc_product_view'));
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await expect.poll(async () => (await productViews()).length).toBe(1);
    expect((await productViews())[0]).toMatchObject({ svc_widget: 'shoppable-post', svc_product_id: expect.any(String) });
    // Closing and opening again: one more, never two.
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await expect.poll(async () => (await productViews()).length).toBe(2);
    expect(log.errors).toEqual([]);
  });
});

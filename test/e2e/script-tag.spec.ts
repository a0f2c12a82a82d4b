import { expect, test } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { readFileSync } from 'node:fs';
import { OTHER_VERSION } from './static-server.ts';
import jpeg from 'jpeg-js';
import { answerLate, chunkFiles, expectAllRendered, expectRichSnippet, FULL_SUMMARY_PART, groupChunk, layoutShifts, moduleFiles, openPage, recordShifts, registration } from './support.ts';

/**
 * dist/cdn/storefront-widgets.js, the script tag's loader, with a plain <script> tag in a
 * plain HTML page (no bundler), reading the emulator on another origin: it loads each
 * element's module from dist/cdn/module/.
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

  test("a full summary whose part cannot load fails quietly (its error part there, not displayed), with one console error that says so", async ({ page }) => {
    await page.route('**/module/chunks/summary-*.js', (route) => route.abort());
    const log = await openPage(page, 'part_blocked', { scripts: 'classic', at: 'head', elements: 'svc-review-summary' });
    await expect(page.locator('svc-review-summary [part~="error"]')).toBeAttached();
    await expect(page.locator('svc-review-summary [part~="error"]')).toBeHidden();
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveCount(0);
    expect(log.errors.filter((error) => error.includes("could not load the full review summary's part"))).toHaveLength(1);
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

  test('loads the modules of the elements in the page and nothing else, each file once: the lightbox when a pointer comes near a tile, the review list and rich snippet when one is added', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) requested.push(path.replace(/^\/dist\/cdn\//, ''));
    });
    const log = await openPage(page, 'classic_lazy', { scripts: 'classic', at: 'head', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    await expect(page.locator('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    const inPage = ['svc-storefront', 'svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery'];
    // The page's summary is a full one: its part comes on demand. And the reservation stylesheet's module, which the loader imports at once.
    const lightbox = chunkFiles('src/elements/post-gallery/svc-post-lightbox.ts');
    const needed = new Set(['storefront-widgets.js', 'module/reserve.js', ...[...inPage.flatMap(moduleFiles), ...chunkFiles(groupChunk(FULL_SUMMARY_PART))].map((file) => `module/${file}`)]);
    await expect.poll(() => [...new Set(requested)].sort()).toEqual([...needed].sort());
    expect(await page.evaluate(() => [customElements.get('svc-reviews'), customElements.get('svc-rich-snippet')])).toEqual([undefined, undefined]);
    // The lightbox ahead of its first open, when a pointer comes over the gallery (not in idle time, which is the page's).
    await page.locator('svc-post-gallery [part~="tile"]').first().hover();
    await expect.poll(() => [...new Set(requested)].sort()).toEqual([...new Set([...needed, ...lightbox.map((file) => `module/${file}`)])].sort());

    await page.locator('svc-post-gallery [part~="tile"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(requested.some((path) => path.startsWith('module/chunks/svc-post-lightbox-'))).toBe(true);
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
    expect(requested).toContain('module/svc-reviews.js');
    expect(requested).toContain('module/svc-rich-snippet.js');
    expect(requested.length, 'each file once').toBe(new Set(requested).size);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('a German market loads the German strings beside the first request and never shows English', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
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
    const languages = requested.flatMap((path) => /\/chunks\/([a-z]{2}(?:-[A-Z]{2})?)\.js$/.exec(path)?.[1] ?? []);
    expect(languages, 'no strings but German').toEqual(['de']);
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(text).not.toMatch(/Loading|Products in this post|reviews?\b|Retry/);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  test('requests every chunk an element module needs at once, before the module itself has answered (no waterfall)', async ({ page }) => {
    const requested: string[] = [];
    let moduleAnswered = false;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname.replace(/^\/dist\/cdn\//, '');
      if (path.startsWith('module/')) requested.push(`${path}${moduleAnswered ? ' (after the module)' : ''}`);
    });
    // The gallery's module answers late: the chunks it imports must be on their way already.
    await page.route(/\/module\/svc-post-gallery\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      moduleAnswered = true;
      await route.continue();
    });
    const log = await openPage(page, 'preload', { scripts: 'classic', at: 'head', elements: 'svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    for (const file of moduleFiles('svc-post-gallery')) expect(requested, file).toContain(`module/${file}`);
    expect(log.errors).toEqual([]);
  });

  test("imports the elements' code only after the page's load event: a slow picture of the page holds it back", async ({ page }) => {
    const events: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // Not the reservation stylesheet's module (module/reserve.js), which the loader imports at once.
      if (path.includes('/module/') && !path.endsWith('/module/reserve.js')) events.push('module');
    });
    page.on('load', () => events.push('load'));
    // A tiny PNG that answers after a second.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');
    await page.route(/\/picture\.png$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fulfill({ body: png, contentType: 'image/png' });
    });
    const log = await openPage(page, 'after_load', { scripts: 'classic', at: 'head', elements: 'svc-review-summary', picture: '1' });
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    expect(events[0]).toBe('load');
    expect(events.filter((event) => event === 'module').length).toBeGreaterThan(0);
    expect(log.errors).toEqual([]);
  });

  test("imports the elements' code only once the page's hero picture has painted, which comes after the load event", async ({ page }) => {
    // Every module request's start, and the hero's paint (its largest-contentful-paint entry), as the page saw them.
    await page.addInitScript(() => {
      const seen: { hero?: number; modules: number[] } = { modules: [] };
      Object.defineProperty(window, '__order', { value: seen });
      new PerformanceObserver((list) => {
        // `paintTime`: the main thread's rendering update that painted it (`renderTime` is when the frame reached the screen, which under load can come after the next frame's callbacks).
        for (const entry of list.getEntries() as (PerformanceEntry & { url: string; paintTime?: number; renderTime: number })[]) if (entry.url.endsWith('/hero.jpg')) seen.hero = entry.paintTime || entry.renderTime || entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        // Not the reservation stylesheet's module, which the loader imports at once.
        for (const entry of list.getEntries()) if (entry.name.includes('/module/') && !entry.name.endsWith('/module/reserve.js')) seen.modules.push(entry.startTime);
      }).observe({ type: 'resource', buffered: true });
    });
    // A large photo (decoding it takes a while), answered after half a second.
    const hero = jpegPhoto(2400, 1800);
    await page.route(/\/hero\.jpg$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ body: hero, contentType: 'image/jpeg' });
    });
    const log = await openPage(page, 'after_hero', { scripts: 'classic', at: 'head', elements: 'svc-review-summary', picture: 'hero' });
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    const order = await page.evaluate(() => (window as unknown as { __order: { hero?: number; modules: number[] } }).__order);
    expect(order.hero).toBeGreaterThan(0);
    expect(order.modules.length).toBeGreaterThan(0);
    expect(Math.min(...order.modules)).toBeGreaterThan(order.hero!);
    expect(log.errors).toEqual([]);
  });

  for (const reserve of ['1', '0'] as const) {
    const who = reserve === '1' ? 'with the reservation stylesheet' : 'on a page with no rule of its own, whose script tag runs before its first paint';
    test(`${who}, a review badge has its final box before its code has arrived: the line under it never moves`, async ({ page }) => {
      await answerLate(page, /\/module\/svc-review-summary\.js$/, 800);
      await recordShifts(page);
      // The loader's rule holds from the moment the script runs: before the first paint only where the script blocks it (a deferred script may run after it).
      const log = await openPage(page, `badge_reserved_${reserve}`, { scripts: reserve === '1' ? 'classic-defer' : 'classic', at: 'head', elements: 'badge', reserve });
      const measure = () =>
        page.evaluate(() => {
          const badge = document.querySelector('svc-review-summary')!.getBoundingClientRect();
          return { defined: customElements.get('svc-review-summary') !== undefined, box: [badge.top, badge.height], price: document.querySelector('.price')!.getBoundingClientRect().top };
        });
      const before = await measure();
      expect(before.defined).toBe(false);
      expect(before.box[1]).toBeGreaterThan(0);
      await expect(page.locator('svc-review-summary [part~="badge"]')).toBeVisible();
      const after = await measure();
      expect(after.defined).toBe(true);
      expect([after.box, after.price]).toEqual([before.box, before.price]);
      expect(await layoutShifts(page)).toEqual([]);
      expect(log.errors).toEqual([]);
      // The stylesheet's badge rule holds the badge's height as the loader's does.
      if (reserve === '1') expect(readFileSync('dist/cdn/storefront-widgets.css', 'utf8')).toContain('svc-review-summary[variant=badge]:not(:defined)){display:inline-flex;vertical-align:middle;height:1.25em}');
    });
  }

  test('a script tag that runs after the first paint adds no stylesheet to the page: its badges are painted already, and one would restyle all of it', async ({ page }) => {
    await answerLate(page, /\/cdn\/storefront-widgets\.js$/, 800);
    const log = await openPage(page, 'badge_after_paint', { scripts: 'classic-async', at: 'head', elements: 'badge' });
    await expect.poll(() => page.evaluate(() => 'StorefrontWidgets' in window)).toBe(true);
    expect(await page.evaluate(() => ({ painted: performance.getEntriesByType('paint').length > 0, sheets: document.adoptedStyleSheets.length }))).toEqual({ painted: true, sheets: 0 });
    await expect(page.locator('svc-review-summary [part~="badge"]')).toBeVisible();
    expect(log.errors).toEqual([]);
  });

  test("the page's own rule for a badge wins over the script tag's (which weighs nothing, as the badge's own styles do)", async ({ page }) => {
    await answerLate(page, /\/module\/svc-review-summary\.js$/, 800);
    const style = 'svc-review-summary { display: block; height: 30px }';
    const log = await openPage(page, 'badge_theme_rule', { scripts: 'classic', at: 'head', elements: 'badge', style });
    const box = await page.evaluate(() => {
      const badge = document.querySelector('svc-review-summary')!;
      return { defined: customElements.get('svc-review-summary') !== undefined, display: getComputedStyle(badge).display, height: badge.getBoundingClientRect().height };
    });
    expect(box).toEqual({ defined: false, display: 'block', height: 30 });
    expect(log.errors).toEqual([]);
  });

  test("with the page's own rules holding their space, a full summary and a gallery in German keep it from their definition on: nothing below them moves", async ({ page }) => {
    const elements = 'svc-review-summary,svc-post-gallery';
    const rendered = async () => {
      await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
      await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    };
    // Their heights once rendered, from a first load: the page's rules reserve exactly these.
    await openPage(page, 'reserved_heights', { scripts: 'classic-defer', at: 'head', elements, market: 'de' });
    await rendered();
    const heights = await page.evaluate((tags) => tags.map((tag) => [tag, document.querySelector(tag)!.getBoundingClientRect().height] as const), elements.split(','));
    const style = heights.map(([tag, height]) => `${tag}:not(:defined) { display: block; height: ${height}px }`).join('\n');
    // What their first render fetches, the German strings and the full summary's part, answers late.
    await answerLate(page, /\/chunks\/(de|summary-[^/]+)\.js$/, 500);
    await recordShifts(page);
    const log = await openPage(page, 'reserved', { scripts: 'classic-defer', at: 'head', elements, market: 'de', style });
    await rendered();
    expect(await layoutShifts(page)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  test('gallery skeletons pulse on the compositor while near; a gallery far below the fold runs nothing until a shopper comes near', async ({ page }) => {
    const skeletons = () =>
      page.evaluate(() => {
        const root = document.querySelector('svc-post-gallery')?.shadowRoot;
        const first = root?.querySelector('.skeleton');
        return { count: root?.querySelectorAll('.skeleton').length ?? 0, animations: root?.getAnimations().length ?? 0, contentVisibility: first ? getComputedStyle(first).contentVisibility : '' };
      });
    // Near, while its posts are on their way: the skeletons pulse, outside content-visibility's skipping (which kept the pulse on the main thread).
    await answerLate(page, /\/v1\/posts\?/, 1500);
    await openPage(page, 'skeletons_near', { scripts: 'classic-defer', at: 'head', elements: 'svc-post-gallery' });
    await expect.poll(async () => (await skeletons()).count).toBeGreaterThan(0);
    expect(await skeletons()).toMatchObject({ animations: (await skeletons()).count, contentVisibility: 'visible' });
    await page.unroute(/\/v1\/posts\?/);
    // Far below the fold: nothing of it runs (its code loads once a shopper comes near), so nothing pulses.
    const log = await openPage(page, 'skeletons_far', { scripts: 'classic-defer', at: 'head', elements: 'svc-post-gallery', far: '1' });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => customElements.get('svc-post-gallery'))).toBeUndefined();
    expect((await skeletons()).animations).toBe(0);
    await page.evaluate(() => document.querySelector('svc-post-gallery')!.scrollIntoView());
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    expect(log.errors).toEqual([]);
  });

  test('a gallery in the first viewport loads its first row at once, one just below the fold every picture lazily', async ({ page }) => {
    const { product } = e2eEnv();
    await openPage(page, 'fold', { scripts: 'classic', at: 'head', elements: 'svc-review-summary' });
    await page.evaluate((ref) => {
      // Fixed to the viewport, as in the engine check: its place whatever the page's scroll.
      for (const [id, top] of [['fold-above', 0], ['fold-below', innerHeight + 50]] as const) {
        const gallery = document.createElement('svc-post-gallery');
        for (const [name, value] of Object.entries({ 'product-ref': ref, 'page-size': '4', columns: '2', id })) gallery.setAttribute(name, value);
        gallery.style.cssText = `display:block;position:fixed;left:0;top:${top}px;width:300px`;
        document.querySelector('svc-storefront')!.append(gallery);
      }
    }, product);
    const loading = (id: string) => page.locator(`#${id} img[part~="media"]`).evaluateAll((images) => images.map((image) => (image as HTMLImageElement).loading));
    await expect.poll(() => loading('fold-above')).toEqual(['eager', 'eager', 'lazy', 'lazy']);
    await expect.poll(() => loading('fold-below')).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
  });

  test("when an element's module cannot load, one console error names it and the other elements render", async ({ page }) => {
    await page.route(/\/module\/svc-shoppable-post\.js$/, (route) => route.abort());
    const log = await openPage(page, 'module_blocked', { scripts: 'classic', at: 'head', elements: 'svc-review-summary,svc-shoppable-post,svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await expect.poll(() => log.errors.filter((error) => error.includes('could not load <svc-shoppable-post>'))).toHaveLength(1);
    expect(await page.evaluate(() => customElements.get('svc-shoppable-post'))).toBeUndefined();
  });

  test('the page-global API (StorefrontWidgets.setStrings, configure) works before any element code has arrived', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/module\/svc-review-summary\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const log = await openPage(page, 'global_early', { scripts: 'classic', at: 'head', elements: 'svc-review-summary' });
    expect(await page.evaluate(() => customElements.get('svc-review-summary'))).toBeUndefined();
    expect(await page.evaluate(() => typeof window.StorefrontWidgets?.configure)).toBe('function');
    await page.evaluate(() => window.StorefrontWidgets!.setStrings('en', { 'reviews.count': { one: '{count} opinion', other: '{count} opinions' } }));
    release();
    await expect(page.locator('svc-review-summary [part~="count"]')).toHaveText(/^\d+ opinions?$/);
    expect(log.errors).toEqual([]);
  });

  test('StorefrontWidgets.discover loads the elements in a shadow root the loader cannot watch', async ({ page }) => {
    const { product, apiBase } = e2eEnv();
    const log = await openPage(page, 'discover', { scripts: 'classic', at: 'head', elements: 'svc-review-summary' });
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await page.evaluate(
      ({ ref, base }) => {
        const host = document.createElement('div');
        document.body.append(host);
        const root = host.attachShadow({ mode: 'open' });
        const list = document.createElement('svc-reviews');
        for (const [name, value] of Object.entries({ 'product-ref': ref, 'page-size': '2', 'publishable-key': document.querySelector('svc-storefront')!.getAttribute('publishable-key')!, market: 'us', 'api-base': base })) list.setAttribute(name, value);
        root.append(list);
        window.StorefrontWidgets!.discover(root);
      },
      { ref: product, base: apiBase },
    );
    await expect(page.locator('div svc-reviews [part~="review"]').first()).toBeVisible();
    expect(log.errors).toEqual([]);
  });

  test('loads the masonry and carousel layouts once, when a gallery first asks for one', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const layouts = () => requested.filter((path) => path.includes('/chunks/layout-extras-'));
    const log = await openPage(page, 'layouts', { scripts: 'classic', at: 'head', elements: 'svc-post-gallery' });
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    expect(layouts(), 'the grid needs no other layout').toEqual([]);
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
    expect(layouts()).toHaveLength(1);
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

test.describe("configure()'s analytics settings from the script tag", () => {
  test('are checked by a file of their own, fetched only once some are given: a wrong one is refused with a console error, a right one turns the bridge on', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const log = await openPage(page, 'analytics_checks', { scripts: 'classic-defer', at: 'head' });
    await expectAllRendered(page);
    const checks = () => fetched.filter((path) => path.endsWith('/module/analytics-settings.js')).length;
    expect(checks()).toBe(0);
    const configure = (settings: unknown) =>
      page.evaluate((given) => (globalThis as unknown as { StorefrontWidgets: { configure: (settings: unknown) => void } }).StorefrontWidgets.configure(given), settings);
    await page.evaluate(() => void ((globalThis as unknown as { dataLayer: unknown[] }).dataLayer = []));
    await configure({ analytics: { dataLayer: 'yes' } });
    await expect.poll(() => log.errors.length).toBe(1);
    expect(log.errors[0]).toContain('storefront-widgets: configure({ analytics }) ignored: dataLayer must be true or false.');
    await configure({ analytics: { dataLayer: true }, consent: { analytics: true } });
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    const productViews = () => page.evaluate(() => (globalThis as unknown as { dataLayer: { event?: string }[] }).dataLayer.filter((entry) => entry.event === 'svc_product_view').length);
    await expect.poll(productViews).toBe(1);
    expect(checks()).toBe(1);
    expect(log.errors).toHaveLength(1);
  });

  test('an event while the checks are on their way is not lost: a click just after configure() is pushed once they arrive', async ({ page }) => {
    // The checks' file is held until the click's event has been dispatched: the race a quick shopper (or a slow network) makes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/module/analytics-settings.js', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const log = await openPage(page, 'analytics_wait', { scripts: 'classic-defer', at: 'head' });
    await expectAllRendered(page);
    await page.evaluate(() => {
      const page = globalThis as unknown as { dataLayer: unknown[]; productViewEvents: number; StorefrontWidgets: { configure: (settings: unknown) => void } };
      page.dataLayer = [];
      page.productViewEvents = 0;
      document.addEventListener('svc-product-view', () => page.productViewEvents++);
      page.StorefrontWidgets.configure({ analytics: { dataLayer: true }, consent: { analytics: true } });
    });
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { productViewEvents: number }).productViewEvents)).toBe(1);
    const productViews = () => page.evaluate(() => (globalThis as unknown as { dataLayer: { event?: string }[] }).dataLayer.filter((entry) => entry.event === 'svc_product_view').length);
    expect(asked).toBe(true);
    expect(await productViews()).toBe(0);
    release();
    await expect.poll(productViews).toBe(1);
    expect(log.errors).toEqual([]);
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
    // A second copy's push would come just after the first: each count is read again a second later.
    const settledViews = async (count: number) => {
      await expect.poll(async () => (await productViews()).length).toBe(count);
      await page.waitForTimeout(1000);
      expect((await productViews()).length, 'product views a second later').toBe(count);
    };
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await settledViews(1);
    expect((await productViews())[0]).toMatchObject({ svc_widget: 'shoppable-post', svc_product_id: expect.any(String) });
    // Closing and opening again: one more, never two.
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await settledViews(2);
    expect(log.errors).toEqual([]);
  });
});

/** A photo-like JPEG of `width` × `height` (noise over gradients: it decodes as slowly as a photo does). */
function jpegPhoto(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 11;
  for (let i = 0; i < data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 4) % width;
    data[i] = (x * 255) / width + (seed & 31);
    data[i + 1] = ((i / 4 / width) * 255) / height + ((seed >> 5) & 31);
    data[i + 2] = 128 + ((seed >> 10) & 63);
    data[i + 3] = 255;
  }
  return jpeg.encode({ data, width, height }, 85).data;
}

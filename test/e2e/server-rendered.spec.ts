import { expect, test, type Page } from '@playwright/test';
import { overlapping, type Box } from '../support/boxes.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';
import { layoutShifts, recordShifts, shiftDetails } from './support.ts';

/**
 * Widgets rendered on the server (`renderWidgets` from the built package, dist/ssr/) in a
 * plain page with the script tag: the HTML as served holds their content; in the browser
 * they hydrate without a shift and without reading their data again, and then work as
 * elements rendered in the browser do. And the demo's plain Node server, as
 * `npm run demo:ssr` starts it.
 */

interface Recorded {
  errors: string[];
  violations: string[];
}

/** Opens `/ssr.html` with a key of its own; returns the key and the HTML as served. */
async function openServerRendered(page: Page, name: string, params: Record<string, string> = {}): Promise<{ key: string; html: string; warnings: string[] }> {
  const { apiBase, site } = e2eEnv();
  const key = await testKey(apiBase, `e2e_ssr_${name}`);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await recordShifts(page);
  const response = await page.goto(`${site}/ssr.html?${new URLSearchParams({ key, ...params })}`);
  return { key, html: (await response?.text()) ?? '', warnings };
}

/** Whether every element `selector` matches has had its first update (hydrated, for a server-rendered one). */
const updated = (page: Page, selector: string) =>
  page.evaluate((selector) => [...document.querySelectorAll(selector)].every((element) => (element as Element & { hasUpdated: boolean }).hasUpdated), selector);
const hydrated = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('svc-review-summary')].every((element) => customElements.get('svc-review-summary') !== undefined && (element as Element & { hasUpdated: boolean }).hasUpdated));
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __pageRecord: Recorded }).__pageRecord);

test.describe('server-rendered widgets', () => {
  test('arrive in the HTML, hydrate without a shift and without reading again, and work', async ({ page }) => {
    const { apiBase } = e2eEnv();
    const { key, html, warnings } = await openServerRendered(page, 'hydrate');
    // As served: the shadow roots, the figures and the generated text, the JSON-LD in place.
    expect(html.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(6);
    expect(html).toMatch(/\d+ reviews/);
    expect(html.match(/<li class="review"/g)).toHaveLength(3);
    expect(html).toMatch(/<button\s+part="hotspot"/);
    expect(html).toMatch(/<li part="product"/);
    expect(html.match(/<button\s+part="tile"/g)).toHaveLength(4);
    expect(html).toMatch(/<svc-rich-snippet [^>]*>[\s\S]*<script type="application\/ld\+json" data-svc-rich-snippet=/);
    // The ratings, the summary (the full summary's and the list's), the list's first page, the snippet, the post, the gallery's first page.
    const served = (await requestLog(apiBase, key)).length;
    expect(served).toBe(6);

    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await expect.poll(() => updated(page, 'svc-reviews'), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('svc-reviews [part~="review"]')).toHaveCount(3);
    // The list's photos: no URL in the HTML (their links keep it); hydrated, each shows its link's picture.
    expect(html).not.toMatch(/part="media-thumbnail"[^>]*\ssrc=/);
    const photos = page.locator('svc-reviews img[part~="media-thumbnail"]');
    expect(await photos.count()).toBeGreaterThan(0);
    await expect.poll(() => photos.evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => !image.src || image.src !== image.closest('a')?.href).length)).toBe(0);
    // The server's reads are fresh: the browser read nothing.
    expect((await requestLog(apiBase, key)).length).toBe(served);
    // No shift, though the page arrives in two pieces cut inside the summary's bars (see static-server.ts).
    expect(await layoutShifts(page)).toEqual([]);
    // One JSON-LD for the product: the server's, kept where it was.
    await expect(page.locator('script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(1);
    await expect(page.locator('head script[data-svc-rich-snippet]')).toHaveCount(0);
    // Its work done on the server, hidden, the rich snippet loads no code at all.
    expect(await page.evaluate(() => customElements.get('svc-rich-snippet'))).toBeUndefined();

    // Hydrated elements are live: a hotspot opens its card; the list loads its next page; a bar filters and says so.
    await expect.poll(() => updated(page, 'svc-shoppable-post'), { timeout: 15_000 }).toBe(true);
    await page.locator('svc-shoppable-post [part~="hotspot"]').first().click();
    await expect(page.locator('svc-shoppable-post [part~="card"]:visible')).toHaveCount(1);
    await expect(page.locator('svc-shoppable-post [part~="card"]:visible [part~="link"]')).toBeVisible();
    expect((await requestLog(apiBase, key)).length).toBe(served);
    await expect.poll(() => updated(page, 'svc-post-gallery'), { timeout: 15_000 }).toBe(true);
    // Its pictures load once it has hydrated (the server wrote no src), and show.
    await expect(page.locator('svc-post-gallery img[part~="media"]').first()).toHaveClass(/\bloaded\b/);
    await page.locator('svc-post-gallery [part~="tile"]').first().click();
    await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeHidden();
    await page.locator('svc-reviews [part~="load-more"]').click();
    await expect(page.locator('svc-reviews [part~="review"]')).toHaveCount(6);
    const filtered = page.evaluate(() => new Promise<unknown>((resolve) => document.addEventListener('svc-review-filter', (event) => resolve((event as CustomEvent).detail), { once: true })));
    await page.locator('svc-review-summary:not([variant="badge"]) [part~="bar"]').first().click();
    expect(await filtered).toMatchObject({ rating: 5 });
    await expect(page.locator('svc-review-summary:not([variant="badge"]) [part~="bar"]').first()).toHaveAttribute('aria-pressed', 'true');
    expect((await recorded(page)).errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test('in German, with a strict CSP for scripts and Trusted Types: nothing new allowed, nothing blocked', async ({ page }) => {
    const { html, warnings } = await openServerRendered(page, 'csp', { market: 'de', csp: 'strict' });
    expect(html).toMatch(/Bewertungen/);
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('svc-review-summary:not([variant="badge"]) [part~="count"]')).toHaveText(/Bewertungen/);
    expect(await recorded(page)).toEqual({ errors: [], violations: [] });
    expect(warnings).toEqual([]);
  });

  test('under a strict CSP for styles too (a nonce, no \'unsafe-inline\'): styled from the first paint, then hydrated without a violation, a shift or a read', async ({ page }) => {
    const { apiBase } = e2eEnv();
    /** What the page shows of the server's styles: the full summary's layout and bars (each bar's fill as a share of its track), the grid's columns, the post's media box. */
    const looks = () =>
      page.evaluate(() => {
        const summary = document.querySelector('svc-review-summary:not([variant="badge"])')!;
        const root = summary.shadowRoot!;
        const fills = [...root.querySelectorAll('.bar-fill')].map((fill) => Math.round((100 * fill.getBoundingClientRect().width) / fill.parentElement!.getBoundingClientRect().width));
        const grid = document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.grid')!;
        const stage = document.querySelector('svc-shoppable-post')!.shadowRoot!.querySelector('.stage')!.getBoundingClientRect();
        return {
          visibility: getComputedStyle(summary).visibility,
          overview: getComputedStyle(root.querySelector('.overview')!).display,
          fills,
          columns: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
          stage: [Math.round(stage.width), Math.round(stage.height)],
        };
      });
    await page.route('**/dist/cdn/**', (route) => route.abort());
    const { html } = await openServerRendered(page, 'csp_styles_static', { csp: 'strict' });
    expect(html).not.toMatch(/<style>/);
    expect(html).not.toMatch(/\sstyle="/);
    // The server's markup alone: its styles apply (the summary is laid out, its bars filled, the grid in columns, the post's media box its picture's shape).
    const before = await looks();
    expect(before).toMatchObject({ visibility: 'visible', overview: 'flex' });
    expect(before.fills.some((fill) => fill > 0)).toBe(true);
    expect(before.columns).toBeGreaterThan(1);
    expect(before.stage[1]).toBeGreaterThan(100);
    expect((await recorded(page)).violations).toEqual([]);
    await page.unroute('**/dist/cdn/**');

    const { key, warnings } = await openServerRendered(page, 'csp_styles', { csp: 'strict' });
    const served = (await requestLog(apiBase, key)).length;
    expect(served).toBe(6);
    for (const selector of ['svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery', 'svc-reviews']) {
      await page.locator(selector).last().scrollIntoViewIfNeeded();
      await expect.poll(() => updated(page, selector), { timeout: 15_000 }).toBe(true);
    }
    await page.evaluate(() => scrollTo(0, 0));
    expect(await looks()).toEqual(before);
    expect((await requestLog(apiBase, key)).length).toBe(served);
    expect(await layoutShifts(page)).toEqual([]);
    expect(await recorded(page)).toEqual({ errors: [], violations: [] });
    expect(warnings).toEqual([]);
  });

  test('a server-rendered list far below the fold loads its code and hydrates when a shopper comes near it, still without a read', async ({ page }) => {
    const { apiBase } = e2eEnv();
    const { key } = await openServerRendered(page, 'far', { far: '1' });
    const list = () => updated(page, 'svc-reviews');
    await expect.poll(() => updated(page, 'svc-review-summary'), { timeout: 15_000 }).toBe(true);
    // The page has settled (two idle periods); then, watched for two seconds (code loaded on a
    // timer instead of on coming near would show here), the list's code never loads.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    const held = page.evaluate(() => Promise.race([customElements.whenDefined('svc-reviews').then(() => 'loaded'), new Promise((done) => setTimeout(() => done('held'), 2000))]));
    expect(await held, "the far list's code").toBe('held');
    expect(await list()).toBe(false);
    // Not hydrated yet, its photos have no URL: their links' quiet boxes show, not a broken picture with its alt text.
    const unwritten = await page.locator('svc-reviews img[part~="media-thumbnail"]').evaluateAll((images) =>
      images.map((image) => [image.hasAttribute('src'), getComputedStyle(image).visibility, getComputedStyle(image.closest('a')!).backgroundColor === 'rgba(0, 0, 0, 0)']),
    );
    expect(unwritten.length).toBeGreaterThan(0);
    for (const photo of unwritten) expect(photo, 'URL, visibility, transparent link').toEqual([false, 'hidden', false]);
    await expect(page.locator('svc-reviews [part~="review"]')).toHaveCount(3);
    const served = (await requestLog(apiBase, key)).length;
    await page.locator('svc-reviews').scrollIntoViewIfNeeded();
    await expect.poll(list, { timeout: 15_000 }).toBe(true);
    await expect(page.locator('svc-reviews [part~="review"]')).toHaveCount(3);
    expect((await requestLog(apiBase, key)).length).toBe(served);
    expect((await recorded(page)).errors).toEqual([]);
  });

  for (const width of [390, 700]) {
    test(`a carousel rendered on the server shows as many slides before and after it hydrates, and moves (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const slide = () =>
        page.evaluate(() => {
          const root = document.querySelector('svc-post-gallery')!.shadowRoot!;
          return { width: root.querySelector('.slide')!.getBoundingClientRect().width, track: root.querySelector('.carousel-track')!.getBoundingClientRect().width };
        });
      await page.route('**/dist/cdn/**', (route) => route.abort());
      await openServerRendered(page, `carousel_static_${width}`, { gallery: 'carousel' });
      // The server's markup alone, no script: the carousel's CSS fits the slides.
      const before = await slide();
      expect(before.width).toBeGreaterThan(100);
      await page.unroute('**/dist/cdn/**');
      const { apiBase } = e2eEnv();
      const { key } = await openServerRendered(page, `carousel_${width}`, { gallery: 'carousel' });
      const served = (await requestLog(apiBase, key)).length;
      await page.locator('svc-post-gallery').scrollIntoViewIfNeeded();
      await expect.poll(() => updated(page, 'svc-post-gallery'), { timeout: 15_000 }).toBe(true);
      // Measured in the browser now (its style names the slides in view), and the same size as the CSS gave.
      await expect.poll(() => page.evaluate(() => (document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.carousel') as HTMLElement).style.getPropertyValue('--_cols'))).not.toBe('');
      const after = await slide();
      expect(Math.abs(after.width - before.width)).toBeLessThan(1);
      // The carousel's own (the closed lightbox, made once the gallery is in view, has one too).
      const next = page.locator('svc-post-gallery .carousel > [part~="next"]');
      await expect(next).toHaveAttribute('aria-disabled', 'false');
      await next.click();
      await expect.poll(() => page.evaluate(() => Math.abs(document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.carousel-track')!.scrollLeft))).toBeGreaterThan(50);
      expect((await requestLog(apiBase, key)).length).toBe(served);
      expect(await layoutShifts(page)).toEqual([]);
      expect((await recorded(page)).errors).toEqual([]);
    });
  }

  for (const width of [390, 1000]) {
    test(`a masonry rendered on the server places its tiles as they stand once it hydrates (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const boxes = () =>
        page.evaluate(() => {
          const root = document.querySelector('svc-post-gallery')!.shadowRoot!;
          const box = (element: Element) => {
            const { left, top, width, height } = element.getBoundingClientRect();
            return [left, top, width, height].map(Math.round);
          };
          return { list: box(root.querySelector('.masonry')!), cells: [...root.querySelectorAll('.masonry > .cell')].map(box) };
        });
      await page.route('**/dist/cdn/**', (route) => route.abort());
      await openServerRendered(page, `masonry_static_${width}`, { gallery: 'masonry' });
      // The server's markup alone, no script: its CSS picks the columns (two at 390 px, four at 1000) and places the tiles.
      const before = await boxes();
      expect(before.cells).toHaveLength(6);
      expect(new Set(before.cells.map(([left]) => left)).size).toBe(width < 500 ? 2 : 4);
      // Tiles stand side by side or one under another, never over each other, inside the list.
      for (const a of before.cells) {
        expect(a[3]).toBeGreaterThan(50);
        expect(a[1]! + a[3]!).toBeLessThanOrEqual(before.list[1]! + before.list[3]! + 1);
      }
      expect(overlapping(before.cells as Box[])).toBeUndefined();
      await page.unroute('**/dist/cdn/**');
      const { apiBase } = e2eEnv();
      const { key } = await openServerRendered(page, `masonry_${width}`, { gallery: 'masonry' });
      const served = (await requestLog(apiBase, key)).length;
      await page.locator('svc-post-gallery').scrollIntoViewIfNeeded();
      await expect.poll(() => updated(page, 'svc-post-gallery'), { timeout: 15_000 }).toBe(true);
      // Measured in the browser now (its style names the columns), and every tile where the CSS had put it.
      await expect.poll(() => page.evaluate(() => (document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.masonry') as HTMLElement).style.getPropertyValue('--_cols'))).not.toBe('');
      const after = await boxes();
      const shift = (list: typeof before) => ({ list: [list.list[0], list.list[2], list.list[3]], cells: list.cells.map(([left, top, w, h]) => [left, top! - list.list[1]!, w, h]) });
      expect(shift(after)).toEqual(shift(before));
      await page.locator('svc-post-gallery [part~="tile"]').first().click();
      await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeVisible();
      expect((await requestLog(apiBase, key)).length).toBe(served);
      expect(await layoutShifts(page), await shiftDetails(page)).toEqual([]);
      expect((await recorded(page)).errors).toEqual([]);
    });
  }

  test('a gallery rendered on the server has the columns of its width before and after it hydrates (320 px: two)', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const columns = () => page.evaluate(() => getComputedStyle(document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.grid')!).gridTemplateColumns.split(' ').length);
    await page.route('**/dist/cdn/**', (route) => route.abort());
    await openServerRendered(page, 'columns_static');
    // The server's markup alone, no script: the grid's CSS fits the columns.
    expect(await columns()).toBe(2);
    await page.unroute('**/dist/cdn/**');
    const { key } = await openServerRendered(page, 'columns');
    const { apiBase } = e2eEnv();
    await page.locator('svc-post-gallery').scrollIntoViewIfNeeded();
    const served = (await requestLog(apiBase, key)).length;
    await expect.poll(() => updated(page, 'svc-post-gallery'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => (document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.grid') as HTMLElement).style.getPropertyValue('--_cols'))).toBe('2');
    expect(await columns()).toBe(2);
    expect((await requestLog(apiBase, key)).length).toBe(served);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('hostile data, rendered on the server and hydrated, stays text: no script runs, nothing is fetched', async ({ page }) => {
    const { apiBase, site } = e2eEnv();
    const key = await testKey(apiBase, 'e2e_ssr_hostile', { faults: { hostile: true } });
    const since = Date.now();
    await page.addInitScript(() => {
      const hits: string[] = [];
      Object.defineProperty(window, '__hits', { value: hits });
      Object.assign(window, { __pwned: (id: string) => hits.push(`pwned ${id}`), alert: (message: unknown) => hits.push(`alert ${String(message)}`) });
    });
    const html = (await (await page.goto(`${site}/ssr.html?key=${key}`))?.text()) ?? '';
    // The elements whose reads passed the normalizer are in the HTML as served.
    expect(html.match(/<template shadowroot="open" shadowrootmode="open">/g)?.length).toBeGreaterThanOrEqual(3);
    // Attack strings are there, as text.
    expect(html).toContain('&lt;script&gt;window.__pwned&amp;&amp;window.__pwned(');
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => updated(page, 'svc-shoppable-post, svc-reviews'), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits)).toEqual([]);
    const pwned = (await (await fetch(`${apiBase}/__emulator/pwned-log`)).json()) as { at: number }[];
    expect(pwned.filter((hit) => hit.at >= since)).toEqual([]);
  });

  test('a server render the page does not match (another market) renders anew, with one warning', async ({ page }) => {
    const { html, warnings } = await openServerRendered(page, 'mismatch', { settings: 'other' });
    expect(html).toMatch(/Bewertungen/);
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('svc-review-summary:not([variant="badge"]) [part~="count"]')).toHaveText(/\d+ reviews/);
    expect(warnings.filter((warning) => warning.includes('did not match its first render'))).toHaveLength(1);
    expect((await recorded(page)).errors).toEqual([]);
  });
});

test.describe('the plain Node server of the demo (npm run demo:ssr)', () => {
  test('serves a product page with its widgets rendered, which hydrate without reading again', async ({ page }) => {
    const { startServerRenderedDemo } = await import('../../demo/ssr-server.ts');
    const demo = await startServerRenderedDemo(0);
    try {
      const before = (await requestLog(demo.apiBase, 'svc_pk_demo')).length;
      // Not waiting for the load event (the gallery's photos): the HTML, then the hydration, each awaited with its own bound.
      const response = await page.goto(demo.url, { waitUntil: 'domcontentloaded', timeout: 10_000 });
      const html = (await response?.text()) ?? '';
      expect(html.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(4);
      expect(html).toMatch(/<button\s+part="tile"/);
      const served = (await requestLog(demo.apiBase, 'svc_pk_demo')).length;
      expect(served - before).toBe(4);
      await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
      await expect(page.locator('svc-review-summary:not([variant="badge"]) [part~="average"]')).toHaveText(/\d/);
      expect((await requestLog(demo.apiBase, 'svc_pk_demo')).length).toBe(served);
    } finally {
      await demo.close();
    }
  });
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { escapeAttribute } from '../../src/ssr/fragment.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';
import { startPages } from './pages-server.ts';
import { DIST } from './static-server.ts';

/**
 * Issue 54, the LCP photo in the HTML: a gallery rendered on the server (`renderWidgets`
 * from the built package) with `first-viewport` shows its first photo with JavaScript off,
 * and, once the script hydrates it, that picture stays as it was: the same node, never
 * hidden, not fetched again, nothing moved, no warning, no read from the browser.
 */

const GALLERY = (product: string, firstViewport: boolean) => `<svc-post-gallery product-ref="${product}" page-size="4"${firstViewport ? ' first-viewport' : ''}></svc-post-gallery>`;

async function serverPage(name: string, firstViewport: boolean): Promise<{ key: string; html: string }> {
  const { apiBase, product } = e2eEnv();
  const { renderWidgets } = (await import(resolve(DIST, 'ssr/index.js'))) as typeof import('../../src/ssr/index.ts');
  const key = await testKey(apiBase, `e2e_first_photo_${name}`);
  const fragment = `<svc-storefront publishable-key="${key}" market="us" api-base="${escapeAttribute(apiBase)}">${GALLERY(escapeAttribute(product), firstViewport)}</svc-storefront>`;
  const markup = await renderWidgets(fragment, { publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000 });
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>first photo</title>
    <script src="/dist/cdn/storefront-widgets.js" defer></script>
  </head>
  <body>
    <h1>A product</h1>
    ${markup}
  </body>
</html>
`;
  return { key, html };
}

/** The first tile's picture as the page shows it. */
const firstPicture = (page: Page) =>
  page.evaluate(() => {
    const img = document.querySelector('svc-post-gallery')?.shadowRoot?.querySelector<HTMLImageElement>('img.media');
    if (!img) return undefined;
    const box = img.getBoundingClientRect();
    const style = getComputedStyle(img);
    return {
      src: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
      shown: style.opacity === '1' && style.visibility === 'visible' && box.width > 0 && box.height > 0 && box.top < innerHeight,
      box: [box.x, box.y, box.width, box.height].map((n) => n.toFixed(2)).join(','),
    };
  });

/** Samples the first picture every frame from the first paint on: its lowest opacity, and whether its node was ever replaced. */
const WATCH = `
(() => {
  const watch = { minOpacity: 1, nodes: 0, seen: false };
  let last;
  const sample = () => {
    const img = document.querySelector('svc-post-gallery')?.shadowRoot?.querySelector('img.media');
    if (img) {
      watch.seen = true;
      if (img !== last) watch.nodes++;
      last = img;
      watch.minOpacity = Math.min(watch.minOpacity, Number(getComputedStyle(img).opacity));
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  const shifts = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) shifts.push(entry.value); }).observe({ type: 'layout-shift', buffered: true });
  Object.assign(window, { firstPhotoWatch: watch, firstPhotoShifts: shifts });
})();
`;

let pages: Awaited<ReturnType<typeof startPages>>;
test.beforeAll(async () => {
  pages = await startPages();
});
test.afterAll(async () => {
  await pages.close();
});

const PHONE = { width: 390, height: 844 };

/** The first picture of `url` loaded with JavaScript off, at a phone's size, once the page has loaded (its pictures loaded or failed). */
async function stillPicture(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const picture = await firstPicture(page);
  await context.close();
  return picture;
}

test('with first-viewport, the first photo is in the HTML: loaded and shown with JavaScript off', async ({ browser }) => {
  const { html } = await serverPage('still', true);
  expect(await stillPicture(browser, pages.serve(html))).toMatchObject({ loaded: true, shown: true });
});

test('without first-viewport, the server render still leaves the pictures out', async ({ browser }) => {
  const { html } = await serverPage('plain', false);
  expect(await stillPicture(browser, pages.serve(html))).toMatchObject({ src: '', loaded: false, shown: false });
});

test('with first-viewport, hydration keeps the loaded photo: no flash, no second fetch, no shift, no warning, no read', async ({ browser }) => {
  const { key, html } = await serverPage('live', true);
  const served = (await requestLog(e2eEnv().apiBase, key)).length;
  const url = pages.serve(html);
  // The picture's box with JavaScript off, to compare with the hydrated one.
  const before = (await stillPicture(browser, url))!;
  expect(before.loaded).toBe(true);

  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(WATCH);
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => (document.querySelector('svc-post-gallery') as Element & { hasUpdated?: boolean } | null)?.hasUpdated === true), { timeout: 15_000 }).toBe(true);
  await page.evaluate(async () => {
    await (document.querySelector('svc-post-gallery') as Element & { updateComplete: Promise<unknown> }).updateComplete;
    // Frames for what hydration asked for to be painted, and recorded.
    for (let i = 0; i < 5; i++) await new Promise((done) => requestAnimationFrame(done));
  });

  const after = (await firstPicture(page))!;
  expect(after).toEqual({ ...before, loaded: true, shown: true });
  // Shown in every frame sampled, by one and the same node (taken over, not rendered anew).
  expect(await page.evaluate('window.firstPhotoWatch')).toEqual({ minOpacity: 1, nodes: 1, seen: true });
  expect(fetched.filter((request) => request === before.src), 'requests for the first photo').toHaveLength(1);
  expect(await page.evaluate('window.firstPhotoShifts'), 'layout shifts').toEqual([]);
  expect(messages, 'console warnings and errors').toEqual([]);
  expect((await requestLog(e2eEnv().apiBase, key)).length, 'reads from the browser').toBe(served);
  await context.close();
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createServer as createNetServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

/**
 * The docs site (`npm start`): Vite's dev server from vite.config.ts, with the Storefront
 * API emulator it starts in-process (on a free port here), driven in Chromium. Every
 * page loads without console errors or uncaught exceptions and shows rendered elements;
 * the reference tables come from dist/custom-elements.json (written by the build).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let server: ViteDevServer;
let origin: string;
/** One context for every page, so modules fetched once stay in its HTTP cache. */
let context: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  const emulatorPort = await freePort();
  // vite.config.ts reads these when it loads: the emulator's port and the API base the pages get.
  process.env['EMULATOR_PORT'] = String(emulatorPort);
  process.env['VITE_API_BASE'] = `http://localhost:${emulatorPort}`;
  server = await createServer({
    configFile: `${ROOT}vite.config.ts`,
    logLevel: 'error',
    clearScreen: false,
    // Its own dependency cache, apart from a dev server that may be running.
    cacheDir: `${ROOT}node_modules/.vite-demo-e2e`,
    server: { port: await freePort(), strictPort: true, host: 'localhost', watch: null },
  });
  await server.listen();
  origin = server.resolvedUrls!.local[0]!;
  context = await browser.newContext();
});

test.afterAll(async () => {
  await context?.close();
  await server?.close();
});

/** Console errors and uncaught exceptions of a page. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = errorsOf(page);
  await page.goto(`${origin}${path}`);
  await expect(page.locator('#site-nav a[aria-current="page"]')).toHaveCount(1);
  return { page, errors };
}

/** No errors once the page has settled (late requests included). */
async function expectNoErrors(page: Page, errors: string[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  await page.close();
}

test('overview: a live example of each element, the JSON-LD summary and the quick start', async () => {
  const { page, errors } = await open('');
  await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
  await expect(page.locator('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
  await expect(page.locator('svc-review-summary:not([variant="badge"]) [part~="average"]')).toHaveText(/\d/);
  await expect(page.locator('svc-review-summary[variant="badge"] [part~="badge"]')).toBeVisible();
  await expect(page.locator('.head-summary dl')).toContainText('aggregateRating');
  await expect(page.locator('#quick-start-snippet docs-code pre')).toContainText(`https://cdn.jsdelivr.net/npm/storefront-widgets@${version}/dist/cdn/storefront-widgets.js`);
  await expectNoErrors(page, errors);
});

test('post gallery: the switchers change the live element and the snippet; the reference is generated', async () => {
  const { page, errors } = await open('post-gallery.html');
  const gallery = page.locator('#gallery-example svc-post-gallery');
  await expect(gallery.locator('[part~="tile"]').first()).toBeVisible();
  await page.locator('#gallery-example label').filter({ hasText: 'Carousel' }).click();
  await page.locator('#gallery-example label').filter({ hasText: 'DE · EUR' }).click();
  await expect(gallery).toHaveAttribute('layout', 'carousel');
  await expect(page.locator('#gallery-example svc-storefront')).toHaveAttribute('market', 'de');
  const snippet = page.locator('#gallery-example docs-code pre');
  await expect(snippet).toContainText('layout="carousel"');
  await expect(snippet).toContainText('market="de"');
  await expect(page.locator('#gallery-example docs-event-log')).toContainText('svc-load');
  const attributes = page.locator('docs-api[tag="svc-post-gallery"] section[aria-labelledby="svc-post-gallery-attributes"] tbody tr');
  await expect(attributes.filter({ hasText: 'layout' }).first()).toBeVisible();
  await expect(page.locator('docs-api[tag="svc-post-gallery"] section[aria-labelledby="svc-post-gallery-css-properties"]')).toContainText('--svc-gallery-gap');
  await expectNoErrors(page, errors);
});

test('shoppable post: hotspots and the event log', async () => {
  const { page, errors } = await open('shoppable-post.html');
  await expect(page.locator('#shoppable-example svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
  await expect(page.locator('#property-example svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
  await expect(page.locator('#shoppable-example docs-event-log')).toContainText('svc-load');
  await expect(page.locator('docs-api[tag="svc-shoppable-post"] table').first()).toBeVisible();
  await expectNoErrors(page, errors);
});

test('reviews: the summary, the badge, the list and both references', async () => {
  const { page, errors } = await open('review-summary.html');
  await expect(page.locator('#reviews-example svc-review-summary [part~="average"]')).toHaveText(/\d/);
  await expect(page.locator('#reviews-example svc-reviews [part~="review"]').first()).toBeVisible();
  await expect(page.locator('#badge-example svc-review-summary [part~="badge"]').first()).toBeVisible();
  await expect(page.locator('#empty-example svc-review-summary [part~="empty"]').first()).toBeVisible();
  await expect(page.locator('docs-api[tag="svc-review-summary"] table').first()).toBeVisible();
  await expect(page.locator('docs-api[tag="svc-reviews"] table').first()).toBeVisible();
  await expectNoErrors(page, errors);
});

test('rich snippet: the JSON-LD from document.head and the SSR function’s output', async () => {
  const { page, errors } = await open('rich-snippet.html');
  await expect(page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(1);
  await expect(page.locator('pre.json-ld')).toContainText('"AggregateRating"');
  await expect(page.locator('pre.ssr-output')).toContainText('<script type="application/ld+json">');
  await page.getByRole('switch', { name: 'Element on the page' }).uncheck();
  await expect(page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]')).toHaveCount(0);
  await expect(page.locator('pre.json-ld')).toHaveText('(none)');
  await expectNoErrors(page, errors);
});

test('theming: the brand theme applies the CSS it shows', async () => {
  const { page, errors } = await open('theming.html');
  await expect(page.locator('.my-brand svc-post-gallery [part~="tile"]').first()).toBeVisible();
  await expect(page.locator('.my-brand svc-review-summary [part~="average"]')).toHaveText(/\d/);
  const shown = await page.locator('#theme-example docs-code').evaluate((code) => (code as HTMLElement & { code: string }).code);
  expect(await page.locator('style#brand-theme').textContent()).toBe(shown);
  const star = await page.locator('.my-brand svc-review-summary').evaluate((el) => getComputedStyle(el).getPropertyValue('--svc-star-color').trim());
  expect(shown).toContain(`--svc-star-color: ${star};`);
  await expect(page.locator('docs-api[tag="svc-reviews"]')).toContainText('--svc-review-thumb-size');
  await expectNoErrors(page, errors);
});

test('themes: three themes in frames, the Dawn one on a 62.5 % root, and the states switch', async () => {
  const { page, errors } = await open('themes.html');
  const dawn = page.frameLocator('iframe[src*="theme=dawn"]');
  await expect(dawn.locator('svc-review-summary:not([variant=badge]) [part~="average"]')).toHaveText(/\d/);
  expect(await dawn.locator('html').evaluate((html) => getComputedStyle(html).fontSize)).toBe('10px');
  await expect(page.frameLocator('iframe[src*="theme=dark"]').locator('svc-reviews [part~="review"]').first()).toBeVisible();
  await page.getByLabel('API down').check();
  await expect(page.locator('iframe[src*="state=failed"]')).toHaveCount(3);
  const failing = page.frameLocator('iframe[src*="theme=dawn"]');
  await expect(failing.locator('svc-reviews [part~="retry-button"]')).toBeVisible({ timeout: 15_000 });
  // Quiet: the summary's error part is there, not displayed.
  await expect(failing.locator('svc-review-summary:not([variant=badge]) [part~="error"]')).toBeAttached({ timeout: 15_000 });
  await expect(failing.locator('svc-review-summary:not([variant=badge]) [part~="error"]')).toBeHidden();
  await page.close();
  // The API down: the developer's console says so (once per page and message); nothing else.
  expect(errors.filter((error) => !/Failed to load resource|ERR_|could not be reached/.test(error))).toEqual([]);
});

test('emulator: the status page lists endpoints and markets', async () => {
  const { page, errors } = await open('emulator.html');
  await expect(page.locator('#status')).toContainText('Serving');
  await expect(page.locator('#endpoints tr').first()).toBeVisible();
  await expect(page.locator('#markets tr')).toHaveCount(3);
  await expect(page.locator('#pictures img').first()).toBeVisible();
  await expectNoErrors(page, errors);
});

import { expect, test, type Page } from '@playwright/test';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from '../e2e/env.ts';

/**
 * Visual regression (issue 42): every element that draws, in each theme of
 * demo/themes/themes.ts and in each state, at a phone's and a desktop's width, compared
 * with the committed baselines in themes.spec.ts-snapshots/. Fonts are the fixture's own
 * files (test/visual/fonts/), animations are stopped for the shot. After an intended
 * change of the looks: `npm run test:visual:update`, look at the new pictures, commit them.
 */

type State = 'loaded' | 'loading' | 'failed' | 'empty';
interface Case {
  name: string;
  theme: 'plain' | 'dawn' | 'dark' | 'serif';
  state: State;
  rtl?: boolean;
}

const CASES: Case[] = [
  { name: 'plain', theme: 'plain', state: 'loaded' },
  { name: 'dawn', theme: 'dawn', state: 'loaded' },
  { name: 'dark', theme: 'dark', state: 'loaded' },
  { name: 'serif', theme: 'serif', state: 'loaded' },
  { name: 'rtl', theme: 'plain', state: 'loaded', rtl: true },
  { name: 'loading', theme: 'dawn', state: 'loading' },
  { name: 'failed', theme: 'dawn', state: 'failed' },
  { name: 'empty', theme: 'dawn', state: 'empty' },
];

/** A product of the emulator's catalogue with no reviews (the empty state). */
const NO_REVIEWS = 'kestrel-hand-cream';
/** Tall enough that every element is near the viewport (render pacing) and on screen (content-visibility). */
const HEIGHT = 2600;

async function open(page: Page, c: Case): Promise<void> {
  const { apiBase, site } = e2eEnv();
  const api = new URL(apiBase).origin;
  const fromApi = (url: URL) => url.origin === api && url.pathname.startsWith('/v1/');
  // Loading: the API never answers. Failed: it answers 503, as an API that is down does.
  if (c.state === 'loading') await page.route(fromApi, () => {});
  if (c.state === 'failed') await page.route(fromApi, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' }));
  await page.addInitScript(() => {
    const failed = new Set<EventTarget>();
    document.addEventListener('svc-error', (event) => failed.add(event.target!));
    Object.assign(globalThis, { failedElements: failed });
  });
  const key = await testKey(apiBase, 'visual');
  const query = new URLSearchParams({ key, theme: c.theme, ...(c.rtl ? { dir: 'rtl' } : {}), ...(c.state === 'empty' ? { product: NO_REVIEWS } : {}) });
  await page.goto(`${site}/themes.html?${query}`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  for (const tag of ['svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery', 'svc-reviews']) {
    await expect.poll(() => page.evaluate((name) => customElements.get(name) !== undefined, tag), `${tag} is defined`).toBe(true);
  }
  const shadow = (selector: string) => page.locator(selector);
  if (c.state === 'loading') {
    await expect(shadow('svc-reviews .reviews')).toBeAttached();
    await expect(shadow('svc-review-summary:not([variant=badge]) .loading')).toBeAttached();
  } else if (c.state === 'failed') {
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { failedElements: Set<EventTarget> }).failedElements.size), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
  } else {
    await expect(shadow('svc-reviews [part~="review"], svc-reviews [part~="empty"]').first()).toBeVisible();
    await expect(shadow('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
    await expect(shadow('svc-review-summary:not([variant=badge]) [part~="average"], svc-review-summary:not([variant=badge]) [part~="empty"]').first()).toBeVisible();
    // Every picture in (the tiles' and the post's), so that no shot catches a placeholder.
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('svc-post-gallery, svc-shoppable-post')].every((host) => host.shadowRoot && [...host.shadowRoot.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0))), { timeout: 15_000 })
      .toBe(true);
  }
}

for (const width of [390, 1280]) {
  for (const c of CASES) {
    test(`${c.name} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: HEIGHT });
      await open(page, c);
      await expect(page).toHaveScreenshot(`${c.name}-${width}.png`, { fullPage: true, animations: 'disabled', caret: 'hide', scale: 'css' });
    });
  }
}

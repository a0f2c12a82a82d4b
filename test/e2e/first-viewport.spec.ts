import { expect, test, type Page } from '@playwright/test';
import { cumulative, FIRST_VIEWPORT_SIZES, SHIFT_RECORDER, type Shift } from '../support/first-viewport.ts';
import { e2eEnv } from './env.ts';

/**
 * Issue 32: the first-viewport page (every element stacked under the title) moves nothing
 * with the reservation stylesheet, linked or pasted, at a desktop's and a phone's size;
 * and each element's reserved box is the box it renders in.
 */

/** Each element's height as the page first laid it out (before any code defined it), recorded at DOMContentLoaded. */
const RESERVED_RECORDER = `
document.addEventListener('DOMContentLoaded', () => {
  window.__reserved = [...document.querySelectorAll('main svc-review-summary, main svc-shoppable-post, main svc-post-gallery')].map((e) => ({ defined: e.matches(':defined'), height: e.getBoundingClientRect().height }));
});
`;

async function postAspect(): Promise<string> {
  const { apiBase, post } = e2eEnv();
  const wire = (await (await fetch(`${apiBase}/v1/posts/${encodeURIComponent(post)}?market=us`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).json()) as { media: { width: number; height: number } };
  return `${wire.media.width} / ${wire.media.height}`;
}

/**
 * Until every element in the first viewport shows its content (the summary's bars, the
 * post's picture, a gallery's tiles, the reviews); those below it hold their place with
 * their loading state until a shopper comes near.
 */
async function waitForContent(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const shown = (element: Element | undefined, selector: string) => !element || element.getBoundingClientRect().top >= innerHeight || !!element.shadowRoot?.querySelector(selector);
          const [, summary] = document.querySelectorAll('main svc-review-summary');
          const galleries = [...document.querySelectorAll('main svc-post-gallery')];
          return (
            shown(summary, '.summary') &&
            shown(document.querySelector('main svc-shoppable-post') ?? undefined, 'img.loaded, img[complete]') &&
            galleries.every((gallery) => shown(gallery, 'button.tile')) &&
            shown(document.querySelector('main svc-reviews') ?? undefined, '.list, .empty')
          );
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

for (const size of FIRST_VIEWPORT_SIZES) {
  for (const reserve of ['link', 'inline'] as const) {
    test(`the first viewport at ${size.width}×${size.height} moves nothing with the stylesheet (${reserve})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await page.addInitScript(SHIFT_RECORDER);
      await page.addInitScript(RESERVED_RECORDER);
      const query = new URLSearchParams({ reserve, aspect: await postAspect() });
      await page.goto(`${e2eEnv().site}/first-viewport.html?${query}`);
      await waitForContent(page);
      // A frame for the last render to be laid out and recorded.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = (await page.evaluate('window.__shifts')) as Shift[];
      expect(cumulative(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
      const reserved = (await page.evaluate('window.__reserved')) as { defined: boolean; height: number }[];
      const rendered = await page.evaluate(() =>
        [...document.querySelectorAll('main svc-review-summary, main svc-shoppable-post, main svc-post-gallery')].map((e) => {
          // Compared in the first viewport; a gallery with fewer posts than its page changes size once, as its data says.
          const cells = e.shadowRoot?.querySelectorAll('button.tile').length ?? 0;
          const box = e.getBoundingClientRect();
          return { height: box.height, short: box.top >= innerHeight || (e.localName === 'svc-post-gallery' && cells < Number(e.getAttribute('page-size'))) };
        }),
      );
      expect(reserved.every((box) => !box.defined)).toBe(true);
      // Badge, full summary, shoppable post, the galleries in view: each rendered in the box reserved for it.
      expect(reserved.map((box, i) => (rendered[i]!.short ? 'short' : Math.round(box.height)))).toEqual(rendered.map((box) => (box.short ? 'short' : Math.round(box.height))));
      expect(rendered.filter((box) => !box.short).length).toBeGreaterThanOrEqual(3);
      await context.close();
    });
  }
}

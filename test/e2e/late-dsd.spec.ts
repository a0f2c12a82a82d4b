import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { escapeAttribute } from '../../src/ssr/fragment.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';
import { startPages } from './pages-server.ts';
import { DIST, JSON_LD_POLICY, strictCsp } from './static-server.ts';

/**
 * Server markup that arrives after the page (issue 54): a client render or a soft
 * navigation inserts it with `innerHTML`, where a `<template shadowrootmode>` stays inert.
 * Each element attaches it as it connects, then hydrates it: no inert template remains,
 * the content shows at once (no loading state in any frame), nothing is read again, and
 * the elements work. Both ways in: a tag already defined (the summary, whose badge the page
 * already shows) and one defined only then (the shoppable post). Also under a strict CSP
 * with Trusted Types, the shop's own policy writing the HTML.
 */

let pages: Awaited<ReturnType<typeof startPages>>;
test.beforeAll(async () => {
  pages = await startPages();
});
test.afterAll(async () => {
  await pages.close();
});

/** The page's script: waits for the badge, then fetches the server's markup and inserts it with innerHTML, watching every frame until the new elements have hydrated. */
const PAGE_SCRIPT = `
(async () => {
  const policy = window.trustedTypes ? trustedTypes.createPolicy('shop', { createHTML: (html) => html }) : { createHTML: (html) => html };
  const watch = { inertAfterInsert: -1, emptyAfterInsert: [], loadingFrames: 0, frames: 0, done: false };
  window.__late = watch;
  await customElements.whenDefined('svc-review-summary');
  while (!document.querySelector('svc-review-summary[variant="badge"]').hasUpdated) await new Promise((done) => setTimeout(done, 20));
  const html = await (await fetch(document.body.dataset.fragment)).text();
  const slot = document.getElementById('slot');
  slot.innerHTML = policy.createHTML(html);
  // Once the insertion's microtasks have run (no frame can be painted before them): nothing inert, every element with its content.
  await null;
  const inserted = [...slot.querySelectorAll('svc-review-summary, svc-shoppable-post')];
  watch.inertAfterInsert = slot.querySelectorAll('template[shadowrootmode]').length;
  watch.emptyAfterInsert = inserted.filter((element) => !element.shadowRoot || !element.shadowRoot.querySelector('[part]')).map((element) => element.localName);
  const frame = () => {
    watch.frames++;
    if (inserted.some((element) => element.shadowRoot && element.shadowRoot.querySelector('.loading, [role="status"].skeleton, [aria-busy="true"]'))) watch.loadingFrames++;
    if (inserted.every((element) => element.hasUpdated)) watch.done = true;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
`;

interface Watch {
  inertAfterInsert: number;
  emptyAfterInsert: string[];
  loadingFrames: number;
  frames: number;
  done: boolean;
}

async function openLate(page: Page, name: string, strict: boolean): Promise<{ key: string; served: number; messages: string[] }> {
  const { apiBase, product, post } = e2eEnv();
  const key = await testKey(apiBase, `e2e_late_${name}`);
  const nonce = strict ? randomBytes(16).toString('base64') : undefined;
  const { renderWidgets } = (await import(resolve(DIST, 'ssr/index.js'))) as typeof import('../../src/ssr/index.ts');
  const fragment = await renderWidgets(`<svc-review-summary product-ref="${escapeAttribute(product)}"></svc-review-summary><svc-shoppable-post post-id="${escapeAttribute(post)}"></svc-shoppable-post>`, {
    publishableKey: key,
    market: 'us',
    apiBase,
    nonce,
    deadlineMs: 10_000,
  });
  expect(fragment.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(2);
  const fragmentUrl = pages.serve(fragment);
  const scriptUrl = pages.serve({ body: PAGE_SCRIPT, type: 'text/javascript; charset=utf-8' });
  const csp = strict ? { 'content-security-policy': strictCsp(apiBase, `lit-html ${JSON_LD_POLICY} shop`).replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`).replace('connect-src ', "connect-src 'self' ") } : undefined;
  const url = pages.serve({
    body: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>late server markup</title>
    <script src="/dist/cdn/storefront-widgets.js" defer></script>
    <script src="${new URL(scriptUrl).pathname}" defer></script>
  </head>
  <body data-fragment="${new URL(fragmentUrl).pathname}">
    <svc-storefront publishable-key="${key}" market="us" api-base="${escapeAttribute(apiBase)}">
      <p>A product <svc-review-summary product-ref="${escapeAttribute(product)}" variant="badge"></svc-review-summary></p>
      <div id="slot"></div>
    </svc-storefront>
  </body>
</html>
`,
    ...(csp ? { headers: csp } : {}),
  });
  // What the server's render read (and nothing else yet): the page's own badge reads after this.
  const served = (await requestLog(apiBase, key)).length;
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  await page.goto(url);
  return { key, served, messages };
}

for (const strict of [false, true]) {
  test(`server markup inserted by innerHTML${strict ? ', under a strict CSP with Trusted Types' : ''}: attached at once, hydrated, no inert template, no loading state, no second read`, async ({ page }) => {
    const { apiBase } = e2eEnv();
    const { key, served, messages } = await openLate(page, strict ? 'strict' : 'plain', strict);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __late?: Watch }).__late?.done), { timeout: 15_000 }).toBe(true);
    const watch = await page.evaluate(() => (window as unknown as { __late: Watch }).__late);
    expect(watch).toMatchObject({ inertAfterInsert: 0, emptyAfterInsert: [], loadingFrames: 0 });
    expect(watch.frames).toBeGreaterThan(0);
    // Nowhere an inert template, in the page or in a shadow root.
    expect(await page.evaluate(() => [document, ...[...document.querySelectorAll('*')].flatMap((element) => (element.shadowRoot ? [element.shadowRoot] : []))].reduce((sum, root) => sum + root.querySelectorAll('template[shadowrootmode]').length, 0))).toBe(0);
    // The server's content, hydrated: the summary's figures, a hotspot that opens its card.
    await expect(page.locator('#slot svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await page.locator('#slot svc-shoppable-post [part~="hotspot"]').first().click();
    await expect(page.locator('#slot svc-shoppable-post [part~="card"]:visible')).toHaveCount(1);
    // The badge's rating is the page's one read: the summary and the post were not read again.
    const reads = (await requestLog(apiBase, key)).slice(served).map((request) => request.path);
    expect(reads).toEqual(['/v1/products/ratings']);
    // Chromium's own note on the page's innerHTML (the templates it leaves inert), and nothing else: no warning of a render anew.
    expect(messages.filter((message) => !message.startsWith('Found declarative shadowrootmode attribute on a template'))).toEqual([]);
  });
}

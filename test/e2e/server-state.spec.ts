import { expect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { escapeAttribute } from '../../src/ssr/fragment.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';
import { startPages } from './pages-server.ts';
import { DIST } from './static-server.ts';

/**
 * A server render's state leaves out the fields no browser code reads
 * (src/ssr/state-fields.ts). What the server never drew is drawn in the browser from that
 * trimmed data: the gallery's lightbox (caption panel, where a post came from, its
 * products' cards and pictures) and the shoppable post's product pictures. Each must be the
 * same as on the same page rendered in the browser alone, from the whole reads, and the
 * server-rendered page must read nothing. (What the server drew: parity.spec.ts.)
 */

const fragment = (key: string) => {
  const { apiBase, product, post } = e2eEnv();
  return `<svc-storefront publishable-key="${key}" market="us" api-base="${escapeAttribute(apiBase)}">
<svc-post-gallery product-ref="${escapeAttribute(product)}" page-size="4" first-viewport></svc-post-gallery>
<svc-shoppable-post post-id="${escapeAttribute(post)}"></svc-shoppable-post>
</svc-storefront>`;
};

const pageHtml = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>state</title><script src="/dist/cdn/storefront-widgets.js" defer></script></head>
<body>${body}</body></html>`;

/**
 * The text, links and pictures under the first node `selector` matches (searched through
 * shadow roots), shadow roots included: what a shopper sees and follows, not how it is styled.
 */
const seen = (page: Page, host: string, selector: string) =>
  page.evaluate(
    ([host, selector]) => {
      const find = (root: ParentNode): Element | undefined => {
        for (const element of root.querySelectorAll('*')) {
          if (element.matches(selector)) return element;
          const inner = element.shadowRoot && find(element.shadowRoot);
          if (inner) return inner;
        }
        return undefined;
      };
      const out: string[] = [];
      const visit = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = node.textContent?.trim();
          if (text) out.push(text);
          return;
        }
        if (!(node instanceof Element)) return;
        const attributes = ['href', 'src', 'poster', 'alt', 'datetime', 'aria-label', 'width', 'height'].flatMap((name) => (node.hasAttribute(name) ? [`${name}=${node.getAttribute(name)}`] : []));
        out.push(`<${node.localName} ${attributes.join(' ')}>`);
        if (node.shadowRoot) node.shadowRoot.childNodes.forEach(visit);
        node.childNodes.forEach(visit);
      };
      const root = find(document.querySelector(host)!.shadowRoot!);
      if (root) visit(root);
      return out.join('\n');
    },
    [host, selector] as const,
  );

/** Every `svc-*` element under `host`, its shadow roots included, has rendered and finished updating; no panel waits for its part. */
const settled = (page: Page, host: string) =>
  page.evaluate(async (host) => {
    const elements: (Element & { hasUpdated?: boolean; updateComplete?: Promise<unknown> })[] = [];
    const collect = (root: ParentNode) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.localName.startsWith('svc-')) elements.push(element);
        if (element.shadowRoot) collect(element.shadowRoot);
      }
    };
    const first = document.querySelector(host)!;
    elements.push(first);
    collect(first.shadowRoot!);
    await Promise.all(elements.map((element) => element.updateComplete));
    const pending = (root: ParentNode): boolean => [...root.querySelectorAll('*')].some((element) => element.matches('.pending') || (element.shadowRoot !== null && pending(element.shadowRoot)));
    return elements.every((element) => element.hasUpdated === true) && !pending(first.shadowRoot!);
  }, host);

/** The products of the `svc-product-view` events the page has seen, as the page's code gets them. */
const viewedProducts = (page: Page) => page.evaluate(() => (window as unknown as { viewed: Record<string, unknown>[] }).viewed);

test('what the browser draws from a server render\'s trimmed state is what it draws from the whole reads; the page reads nothing', async ({ browser }) => {
  const { apiBase } = e2eEnv();
  const { renderWidgets } = (await import(resolve(DIST, 'ssr/index.js'))) as typeof import('../../src/ssr/index.ts');
  const serverKey = await testKey(apiBase, 'e2e_state_server');
  const browserKey = await testKey(apiBase, 'e2e_state_browser');
  const markup = await renderWidgets(fragment(serverKey), { publishableKey: serverKey, market: 'us', apiBase, deadlineMs: 10_000 });
  expect(markup.match(/data-svc-state/g)).toHaveLength(2);
  const served = (await requestLog(apiBase, serverKey)).length;

  const pages = await startPages();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const viewed: unknown[] = [];
    Object.assign(window, { viewed });
    document.addEventListener('svc-product-view', (event) => viewed.push(structuredClone((event as CustomEvent<{ product: unknown }>).detail.product)));
  });
  try {
    const [server, client] = [await context.newPage(), await context.newPage()];
    await server.goto(pages.serve(pageHtml(markup)));
    await client.goto(pages.serve(pageHtml(fragment(browserKey))));
    const both = [server, client] as const;
    for (const page of both) await expect.poll(() => settled(page, 'svc-shoppable-post'), { timeout: 15_000 }).toBe(true);

    // The shoppable post's product cards, with the pictures the browser writes (the page rendered in the browser shows a skeleton first).
    const products = (page: Page) => seen(page, 'svc-shoppable-post', '[part~="product-list"]');
    await expect.poll(() => products(client), { timeout: 15_000 }).toMatch(/<img [^>]*src=http/);
    expect(await products(server)).toBe(await products(client));

    // The lightbox, post by post: photo or video, caption panel (who, when, where from), products.
    for (const page of both) {
      await expect.poll(() => settled(page, 'svc-post-gallery'), { timeout: 15_000 }).toBe(true);
      await page.locator('svc-post-gallery [part~="tile"]').first().click();
      await expect(page.locator('svc-post-gallery [part~="dialog"]')).toBeVisible();
    }
    const shown: string[] = [];
    for (let index = 0; index < 4; index++) {
      if (index > 0) for (const page of both) await page.keyboard.press('ArrowRight');
      for (const page of both) await expect.poll(() => settled(page, 'svc-post-gallery'), { timeout: 15_000 }).toBe(true);
      const lightbox = await seen(client, 'svc-post-gallery', '[part~="dialog"]');
      expect(shown).not.toContain(lightbox);
      shown.push(lightbox);
      expect(await seen(server, 'svc-post-gallery', '[part~="dialog"]'), `post ${index + 1} in the lightbox`).toBe(lightbox);
    }

    // Read from the server's state alone: no request from the browser.
    expect((await requestLog(apiBase, serverKey)).length).toBe(served);
    // What page code gets in the events' detail: the same product, but for the fields left out (docs/guides/server-rendering.md).
    const [fromServer, fromBrowser] = [await viewedProducts(server), await viewedProducts(client)];
    expect(fromServer.length).toBeGreaterThan(0);
    expect(fromServer.map((product) => product['id'])).toEqual(fromBrowser.map((product) => product['id']));
    expect(fromBrowser[0]).toHaveProperty('sku');
    // Its identifiers, which a theme adds to cart or counts by, as from a browser's read.
    expect(fromServer[0]!['sku']).toBe(fromBrowser[0]!['sku']);
    for (const [at, product] of fromServer.entries()) {
      const whole = { ...fromBrowser[at]! };
      const media = whole['media'] as { url: string } | undefined;
      delete whole['media'];
      expect(product).toEqual({ ...whole, ...(media ? { media: { url: media.url } } : {}) });
    }
  } finally {
    await context.close();
    await pages.close();
  }
});

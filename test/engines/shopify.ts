/**
 * The Shopify extension in Firefox and WebKit: the product page of test/e2e/shopify.spec.ts
 * (every block and the app embed rendered with liquidjs into a Dawn-like page, the flat
 * assets served from another origin; test/e2e/shopify-theme.ts), opened in the engine.
 * As a shopper scrolls to each block, it shows the emulator's data; the rich snippet is
 * in <head>. Needs `dist/shopify/` (`npm run build:shopify`).
 */
import { e2eEnv } from '../e2e/env.ts';
import { BLOCK_CONTENT, productPage, requireExtension, startShopServer } from '../e2e/shopify-theme.ts';
import { until, type EnginePage } from './browsers.ts';

/** Opens the page with the publishable key `key`, checks it and saves a screenshot to `screenshot`. */
export async function shopifyProductPage(page: EnginePage, key: string, screenshot: string): Promise<void> {
  requireExtension();
  const { apiBase, product, post } = e2eEnv();
  let assets = '';
  const server = await startShopServer(() =>
    productPage({ embed: { publishable_key: key, api_base: apiBase }, blocks: { 'shoppable-post': { post_id: post } }, product: { handle: product, title: 'Linen shirt' }, assets }),
  );
  assets = server.assets;
  try {
    await page.open(`${server.origin}/products/${product}`);
    for (const [widget, content] of BLOCK_CONTENT) {
      let state = '';
      await until(async () => {
        state = await page.evaluate(
          (widget, content) => {
            const element = document.querySelector(widget);
            if (!element) return 'not in the page';
            element.scrollIntoView({ block: 'center' });
            if (!customElements.get(element.localName)) return 'never defined';
            // Deep: the summary's average is in a part of its own shadow root's child element.
            const deep = (root: ParentNode): Element[] => [...root.querySelectorAll(content), ...[...root.querySelectorAll('*')].flatMap((inner) => (inner.shadowRoot ? deep(inner.shadowRoot) : []))];
            const shown = element.shadowRoot ? deep(element.shadowRoot).filter((found) => found.getBoundingClientRect().width > 0) : [];
            if (shown.length === 0) return 'defined, its data not shown';
            // A picture: its tile is there before it loads.
            if (shown[0] instanceof HTMLImageElement && !(shown[0].complete && shown[0].naturalWidth > 0)) return 'its first picture not loaded';
            if (content === '[part~="average"]' && !/\d/.test(shown[0]!.textContent ?? '')) return 'an average without a figure';
            return '';
          },
          widget,
          content,
        );
        return state === '';
      }, `${widget} to show its data`, 30_000).catch(() => {
        throw new Error(`${widget}: ${state}`);
      });
    }
    const snippet = await page.evaluate(() => {
      const script = document.head.querySelector('script[type="application/ld+json"][data-svc-rich-snippet]');
      return script ? (JSON.parse(script.textContent ?? '{}') as { '@type'?: string })['@type'] : undefined;
    });
    if (snippet !== 'Product') throw new Error(`the rich snippet in <head>: ${snippet ?? 'none'}`);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot(screenshot);
  } finally {
    await server.close();
  }
}

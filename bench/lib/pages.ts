import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { escapeAttribute } from '../../src/ssr/fragment.ts';

/**
 * The bench's pages. `product.html` is a theme-like product page; the widgets in it (the
 * script tag, `<svc-storefront>` and the elements) are marked with `<!--w-->…<!--/w-->`
 * so that the page without widgets is the same markup with those parts cut out.
 */
const PRODUCT_TEMPLATE = readFileSync(new URL('../pages/product.html', import.meta.url), 'utf8');
/** The shop-like page (`shop.html`): the elements in a theme's order, the badge alone in the first viewport, nothing reserved. */
const SHOP_TEMPLATE = readFileSync(new URL('../pages/shop.html', import.meta.url), 'utf8');

const WIDGETS = /<!--w-->[\s\S]*?<!--\/w-->/g;
const MARKERS = /<!--\/?w-->/g;

const fill = (html: string, apiBase: string, key: string, cdn: string) =>
  html.replaceAll('%API_BASE%', escapeAttribute(apiBase)).replaceAll('%KEY%', escapeAttribute(key)).replaceAll('%CDN%', escapeAttribute(cdn));

/**
 * The product page with the widgets, reading the API at `apiBase` with `key`, the script
 * tag from `cdn` (another origin than the page's, as a shop loads it from the library's
 * CDN; empty for the page's own origin).
 */
export function productPage(apiBase: string, key: string, cdn = ''): string {
  return fill(PRODUCT_TEMPLATE.replace(MARKERS, ''), apiBase, key, cdn);
}

const BADGE = '<svc-review-summary product-ref="aster-linen-shirt" variant="badge"></svc-review-summary>';

/**
 * The theme-like page of the issue: the product page reserving no space for any element
 * (every `:not(:defined)` rule removed) and with the full review summary, whose generated
 * text summary arrives with its data, above the fold (under the title, where the badge was).
 * Without widgets it is the plain product page.
 */
export function productPageTheme(apiBase: string, key: string, cdn = ''): string {
  const html = productPage(apiBase, key, cdn);
  if (!html.includes(BADGE)) throw new Error('bench/pages/product.html: the badge summary under the title is gone');
  return html.replace(/[^{}]*:not\(:defined\)[^{}]*\{[^}]*\}/g, '').replace(BADGE, '<svc-review-summary product-ref="aster-linen-shirt"></svc-review-summary>');
}

/**
 * The product page with its widgets rendered on the server by a checkout's built package
 * (`<checkout>/dist/ssr/`, `npm run build` there), as a shop's server renders it.
 */
export async function serverRenderedProductPage(checkout: string, apiBase: string, key: string, cdn: string): Promise<string> {
  const { renderWidgets } = (await import(join(resolve(checkout), 'dist', 'ssr', 'index.js'))) as typeof import('../../src/ssr/index.ts');
  // Every element in the page, however slow this first render's reads (the deadline's default is 150 ms).
  return renderWidgets(productPage(apiBase, key, cdn), { publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000 });
}

/** The same page without the widgets: no script tag, no elements. */
export function productPagePlain(template = PRODUCT_TEMPLATE): string {
  const html = template.replace(WIDGETS, '');
  if (/<svc-|storefront-widgets|%KEY%|%API_BASE%|%CDN%/.test(html.replace(/<!--[\s\S]*?-->/g, ''))) throw new Error('bench/pages: a widget outside the <!--w--> markers');
  return html;
}

/**
 * The shop-like page (bench/pages/shop.html) with the widgets, the script tag from `cdn`.
 * `shopPagePlain` is it without them, `shopPageEmptyScript` its control (its sections'
 * order differs from product.html's, so it has its own).
 */
export function shopPage(apiBase: string, key: string, cdn: string): string {
  if (/:not\(:defined\)/.test(SHOP_TEMPLATE)) throw new Error('bench/pages/shop.html reserves space: the shop-like page reserves nothing');
  return fill(SHOP_TEMPLATE.replace(MARKERS, ''), apiBase, key, cdn);
}
export const shopPagePlain = (): string => productPagePlain(SHOP_TEMPLATE);
export const shopPageEmptyScript = (cdn: string): string => productPageEmptyScript(cdn, SHOP_TEMPLATE);

/** An empty script on the CDN: the control page's. */
export const EMPTY_SCRIPT = '/empty.js';

/**
 * The page without widgets plus one empty `<script defer>` from the CDN, where the
 * script tag stands: a control for what any script tag costs in Lighthouse's simulation.
 */
export function productPageEmptyScript(cdn: string, template = PRODUCT_TEMPLATE): string {
  const html = productPagePlain(template).replace('</head>', `  <script src="${escapeAttribute(cdn)}${EMPTY_SCRIPT}" defer></script>\n</head>`);
  if (!html.includes(EMPTY_SCRIPT)) throw new Error('bench/pages/product.html: no </head>');
  return html;
}

/** The product the product page (and the shop-like page) is about, and its shoppable post, as in product.html. */
export const PRODUCT_PAGE = {
  product: 'aster-linen-shirt',
  post: 'pst_01l5gmoqxzxo',
  /** Elements in the page: two summaries (badge by the title, full above the list), rich snippet, shoppable post, gallery, list. */
  elements: 6,
};

export interface CollectionSetup {
  /** Product handles, one `variant="badge"` summary each. */
  products: string[];
  /** The filter both galleries share. */
  galleryId: string;
  /** Shoppable posts; the first is also in the galleries' first page. */
  posts: string[];
}

/**
 * A collection page with many elements: a card with a badge summary for each product,
 * two galleries with the same filter (a grid up top and a carousel lower down) and three
 * shoppable posts; with `badgesOnly`, the cards and their badges alone.
 */
export function collectionPage(apiBase: string, key: string, setup: CollectionSetup, badgesOnly = false, cdn = ''): string {
  const a = escapeAttribute;
  const cards = setup.products
    .map(
      (handle, i) => `
      <li class="card">
        <a href="/products/${a(handle)}"><span class="thumb" style="--hue: ${(i * 37) % 360}"></span>${a(handle.replace(/-/g, ' '))}</a>
        <svc-review-summary product-ref="${a(handle)}" variant="badge"></svc-review-summary>
        <p class="price">$${(24 + ((i * 13) % 90)).toFixed(2)}</p>
      </li>`,
    )
    .join('');
  const looks = badgesOnly ? '' : setup.posts.map((id) => `<svc-shoppable-post post-id="${a(id)}"></svc-shoppable-post>`).join('\n      ');
  const gallery = (layout: string) => (badgesOnly ? '' : `<svc-post-gallery gallery-id="${a(setup.galleryId)}" layout="${layout}"></svc-post-gallery>`);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>New in | Northwind Goods</title>
  <link rel="icon" href="data:,">
  <script src="${a(cdn)}/storefront-widgets.js" defer></script>
  <style>
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1d1d1f; background: #fbfaf7; }
    header, main, footer { max-width: 1200px; margin: 0 auto; padding: 24px; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 24px; list-style: none; padding: 0; }
    .card a { display: block; text-transform: capitalize; text-decoration: none; color: inherit; font-weight: 600; }
    .thumb { display: block; aspect-ratio: 4 / 5; border-radius: 6px; margin-bottom: 8px; background: hsl(var(--hue) 30% 85%); }
    .price { margin: 4px 0 0; }
    .looks { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 24px; }
  </style>
</head>
<body>
  <header><strong>Northwind Goods</strong></header>
  <svc-storefront publishable-key="${a(key)}" market="us" api-base="${a(apiBase)}">
    <main>
      <h1>New in</h1>
      <section aria-label="Community">${gallery('grid')}</section>
      <ul class="grid">${cards}
      </ul>
      <h2>Shop the look</h2>
      <div class="looks">
      ${looks}
      </div>
      <h2>Summer lookbook</h2>
      ${gallery('carousel')}
    </main>
  </svc-storefront>
  <footer>Footer</footer>
</body>
</html>`;
}

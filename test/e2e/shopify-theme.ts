/**
 * A Shopify storefront, as far as the theme app extension sees one: its blocks and app
 * embed (from `dist/shopify/`, `npm run build:shopify`) rendered with liquidjs, with the
 * Shopify tags and filters they use (`schema`, `asset_url`, `t`; the rest is Liquid's
 * core), into a product page laid out like Dawn's, and a server that serves the page and
 * the extension's flat `assets/` folder from another origin, as Shopify's CDN does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Liquid, Tag, type Context, type Emitter, type TagToken, type TopLevelToken } from 'liquidjs';

export const EXTENSION = fileURLToPath(new URL('../../dist/shopify/', import.meta.url));
/** The app blocks, by file name (without `.liquid`): every block but the embed. */
export const BLOCKS = ['review-badge', 'review-summary', 'shoppable-post', 'post-gallery', 'reviews'] as const;
export type BlockName = (typeof BLOCKS)[number] | 'app-embed';

/** Each block's element on the product page, and what in its shadow root shows that it has the emulator's data. */
export const BLOCK_CONTENT: [widget: string, content: string][] = [
  ['svc-review-summary[variant="badge"]', '[part~="average"], [part~="count"]'],
  ['svc-review-summary:not([variant="badge"])', '[part~="average"]'],
  ['svc-shoppable-post', '[part~="hotspot"]'],
  ['svc-post-gallery', '[part~="tile"] img'],
  ['svc-reviews', '[part~="review"]'],
];

export function requireExtension(): void {
  if (!existsSync(join(EXTENSION, 'blocks'))) throw new Error('dist/shopify/ is missing: run `npm run build:shopify` (after `npm run build`) first.');
}

interface SchemaSetting {
  id?: string;
  type: string;
  default?: unknown;
}
export interface BlockSchema {
  name: string;
  target: string;
  settings: SchemaSetting[];
}

const SCHEMA = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/;

/** A block's `{% schema %}`, parsed. */
export function blockSchema(block: BlockName): BlockSchema {
  const source = readFileSync(join(EXTENSION, 'blocks', `${block}.liquid`), 'utf8');
  const json = SCHEMA.exec(source)?.[1];
  if (json === undefined) throw new Error(`blocks/${block}.liquid has no schema`);
  return JSON.parse(json) as BlockSchema;
}

/** `{% schema %}…{% endschema %}`: Shopify reads it, the page shows nothing of it. */
class SchemaTag extends Tag {
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    for (let next = remain.shift(); next; next = remain.shift()) if ((next as TagToken).name === 'endschema') return;
    throw new Error(`${token.getText()} has no {% endschema %}`);
  }
  *render(_context: Context, _emitter: Emitter): Generator<unknown, void, unknown> {}
}

type Translations = Record<string, unknown>;
const readJson = (file: string): Translations => JSON.parse(readFileSync(file, 'utf8')) as Translations;
const lookUp = (table: Translations, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Translations | undefined)?.[part], table);

/** liquidjs with the Shopify tags and filters the extension uses; `assets` is the origin and path Shopify's `asset_url` gives. */
export function shopifyLiquid(assets: string, locale: string): Liquid {
  const liquid = new Liquid({ partials: [join(EXTENSION, 'snippets')], extname: '.liquid', strictFilters: true, ownPropertyOnly: true });
  liquid.registerTag('schema', SchemaTag);
  // Shopify divides integers as integers (liquidjs, as floats unless told).
  liquid.registerFilter('divided_by', (dividend: number, divisor: number) => (Number.isInteger(dividend) && Number.isInteger(divisor) ? Math.floor(dividend / divisor) : dividend / divisor));
  // Shopify adds the version as `?v=`; the loader must find its modules beside it all the same.
  liquid.registerFilter('asset_url', (name: string) => `${assets}/${encodeURIComponent(name)}?v=1700000000`);
  const fallback = readJson(join(EXTENSION, 'locales', 'en.default.json'));
  const own = existsSync(join(EXTENSION, 'locales', `${locale}.json`)) ? readJson(join(EXTENSION, 'locales', `${locale}.json`)) : {};
  liquid.registerFilter('t', (key: string) => {
    const text = lookUp(own, key) ?? lookUp(fallback, key);
    if (typeof text !== 'string') throw new Error(`no translation for ${key}`);
    return text;
  });
  return liquid;
}

export interface StoreContext {
  /** The app embed's settings that differ from their defaults. */
  embed: Record<string, unknown>;
  /** Each block's settings that differ from their defaults. */
  blocks?: Partial<Record<(typeof BLOCKS)[number], Record<string, unknown>>>;
  product: { handle: string; title: string };
  locale?: string;
  country?: string;
  market?: string;
  designMode?: boolean;
  /** Origin and path of the extension's assets. */
  assets: string;
}

/** The settings a block starts with in the theme editor: its schema's defaults. */
export function defaults(schema: BlockSchema): Record<string, unknown> {
  return Object.fromEntries(schema.settings.filter((setting) => setting.id).map((setting) => [setting.id!, setting.default ?? (setting.type === 'checkbox' ? false : setting.type === 'product' ? null : '')]));
}

/** One block (or the embed) rendered as Shopify renders it, app blocks in their `shopify-block-…` wrapper. */
export async function renderBlock(block: BlockName, store: StoreContext, id: string): Promise<string> {
  const liquid = shopifyLiquid(store.assets, store.locale ?? 'en');
  const source = readFileSync(join(EXTENSION, 'blocks', `${block}.liquid`), 'utf8');
  const own = block === 'app-embed' ? store.embed : (store.blocks?.[block] ?? {});
  const locale = store.locale ?? 'en';
  // Shopify's global objects, which a rendered snippet sees too; `block` is the block's own.
  const globals = {
    product: { ...store.product, id: 1234567890, url: `/products/${store.product.handle}` },
    request: { design_mode: store.designMode ?? false, page_type: 'product', locale: { iso_code: locale, primary: locale === 'en' }, host: 'example.myshopify.com', origin: 'https://example.myshopify.com' },
    localization: { country: { iso_code: store.country ?? 'US' }, market: { handle: store.market ?? 'us', id: 1 } },
    shop: { name: 'Example shop' },
  };
  const html = (await liquid.parseAndRender(source, { block: { id, settings: { ...defaults(blockSchema(block)), ...own } } }, { globals })) as string;
  return block === 'app-embed' ? html : `<div id="shopify-block-${id}" class="shopify-app-block">${html}</div>`;
}

/**
 * A product page laid out like Dawn's (a two-column product section with the badge block
 * under the title, then one section per block, then the footer), the app embed in `<head>`.
 * `stacked`: every block in the product's column, under the title, in the first viewport
 * (Dawn takes app blocks there too), the rest of the page below them.
 */
export async function productPage(store: StoreContext, { stacked = false, extraHead = '' } = {}): Promise<string> {
  const block = (name: (typeof BLOCKS)[number]) => renderBlock(name, store, `AbCd${name.replaceAll('-', '')}`);
  const section = async (name: (typeof BLOCKS)[number]) => (stacked ? '' : `<section class="section page-width">${await block(name)}</section>`);
  const inColumn = async (name: (typeof BLOCKS)[number]) => (stacked ? await block(name) : '');
  return `<!doctype html>
<html lang="${store.locale ?? 'en'}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${store.product.title} – Example shop</title>
  <link rel="icon" href="data:,">
  <style>
    body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: #121212; }
    .page-width { max-width: 1200px; margin: 0 auto; padding: 0 5rem; box-sizing: border-box; }
    .header { display: flex; justify-content: space-between; padding: 2rem 5rem; border-bottom: 1px solid #ddd; }
    .product { display: grid; grid-template-columns: 55% 1fr; gap: 4rem; padding-block: 3.6rem; }
    .product__media { aspect-ratio: 1; background: linear-gradient(135deg, #d8c8b8, #8a7a6a); border-radius: 4px; }
    .product__title h1 { font-size: 2.4rem; line-height: 1.2; margin: 0 0 0.5rem; }
    .price { font-size: 1.2rem; margin: 1rem 0; }
    .product-form__submit { display: block; width: 100%; padding: 1rem; border: 1px solid #121212; background: #121212; color: #fff; font: inherit; }
    .section { padding-block: 2rem; }
    .footer { padding: 3rem 5rem; border-top: 1px solid #ddd; min-height: 12rem; }
    @media (max-width: 749px) { .page-width, .header, .footer { padding-inline: 1.5rem; } .product { grid-template-columns: 1fr; gap: 1.5rem; } }
  </style>
  ${await renderBlock('app-embed', store, 'AbCdembed')}
  ${extraHead}
</head>
<body>
  <header class="header"><a href="/">Example shop</a><nav>Catalog · Contact</nav></header>
  <main>
    <section class="product page-width">
      <div class="product__media" role="img" aria-label="${store.product.title}"></div>
      <div class="product__info">
        <div class="product__title"><h1>${store.product.title}</h1></div>
        ${await block('review-badge')}
        ${await inColumn('review-summary')}
        ${await inColumn('shoppable-post')}
        ${await inColumn('post-gallery')}
        ${await inColumn('reviews')}
        <p class="price">$48.00 USD</p>
        <button class="product-form__submit" type="button">Add to cart</button>
        <p>A soft linen shirt with a relaxed fit, cut from a breathable fabric that gets softer with every wash.</p>
      </div>
    </section>
    ${await section('review-summary')}
    ${await section('shoppable-post')}
    ${await section('post-gallery')}
    ${await section('reviews')}
  </main>
  <footer class="footer">© Example shop · Powered by Shopify</footer>
</body>
</html>
`;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Serves `page()` at `/products/…` on `http://localhost:PORT` and the extension's assets at
 * `http://127.0.0.1:PORT/extensions/test/assets/…` (another origin, with CORS as Shopify's CDN sends it).
 */
export async function startShopServer(page: (path: string) => Promise<string>): Promise<{ origin: string; assets: string; close(): Promise<void> }> {
  const assetsFolder = join(EXTENSION, 'assets');
  const files = new Set(readdirSync(assetsFolder));
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const asset = /^\/extensions\/test\/assets\/([^/]+)$/.exec(url.pathname);
      if (asset && files.has(decodeURIComponent(asset[1]!))) {
        const name = decodeURIComponent(asset[1]!);
        res.writeHead(200, { 'content-type': TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
        return res.end(await readFile(join(assetsFolder, name)));
      }
      if (url.pathname.startsWith('/products/')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(await page(url.pathname + url.search));
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })().catch((error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    assets: `http://127.0.0.1:${port}/extensions/test/assets`,
    // The page is still open and may hold a connection (a video's range request): close drops them, or it waits for them.
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeAttribute } from '../../src/ssr/fragment.ts';
import { firstViewportPage } from '../support/first-viewport.ts';
import { themesPageHtml } from '../visual/themes-page.ts';

/** The fixed font files of the visual tests, served under /fixture-fonts/. */
const FONTS = fileURLToPath(new URL('../visual/fonts/', import.meta.url));

/** The repository's dist/ folder, which `npm run build` fills. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The script that `record=1` pages load first. */
const PAGE_RECORD = fileURLToPath(new URL('./page-record.js', import.meta.url));

/** The version the "other copy" of the script-tag bundle claims to be. */
export const OTHER_VERSION = '0.0.9-e2e';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** How a page loads the library: script tags, where, and which elements it holds. */
const SCRIPTS: Record<string, string> = {
  classic: '<script src="/dist/cdn/storefront-widgets.js"></script>',
  'classic-defer': '<script src="/dist/cdn/storefront-widgets.js" defer></script>',
  'classic-async': '<script src="/dist/cdn/storefront-widgets.js" async></script>',
  other: '<script src="/other-version/storefront-widgets.js"></script>',
  module: '<script type="module" src="/dist/cdn/module/storefront-widgets.js"></script>',
};

/** JSON-LD's Trusted Types policy (`<svc-rich-snippet>`); `lit-html` is Lit's own. */
export const JSON_LD_POLICY = 'storefront-widgets#json-ld';

/**
 * The strictest policy the widgets work under (the README's CSP section): no inline
 * script or style, no eval, media and requests to the API's origin only, Trusted Types
 * required for every script sink; `trustedTypes` lists the allowed policy names.
 */
export function strictCsp(apiBase: string, trustedTypes = `lit-html ${JSON_LD_POLICY}`): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${apiBase}`,
    `media-src ${apiBase}`,
    `connect-src ${apiBase}`,
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${trustedTypes}`,
  ].join('; ');
}

export interface PageContext {
  apiBase: string;
  product: string;
  post: string;
}

/**
 * A plain HTML page, no bundler: `/page.html?key=K&scripts=classic,other&at=head|end&elements=svc-post-gallery,…&market=us&record=1&csp=strict`.
 * `at=end` puts the scripts after the elements (the elements are in the page first);
 * `record=1` loads /page-record.js first (errors and CSP violations kept in the page);
 * `csp=strict` serves the page with `strictCsp` (and no `data:` icon); `picture=1` adds a
 * picture (`/picture.png`, which a test answers itself) that the page's load event waits for;
 * `picture=hero`, a hero picture as wide as the page (`/hero.jpg`, which a test answers itself);
 * `elements` may name `badge`, a badge summary in a line of text; `reserve=1` links the
 * reservation stylesheet (`dist/cdn/storefront-widgets.css`, as the README says); `style` adds rules of the page's
 * own (no `<` in them); `far=1` puts the elements far below the fold.
 */
export function pageHtml(query: URLSearchParams, context: PageContext): string {
  const key = query.get('key') ?? 'svc_pk_demo';
  const scripts = (query.get('scripts') ?? 'classic')
    .split(',')
    .map((name) => {
      const tag = SCRIPTS[name];
      if (tag === undefined) throw new Error(`unknown script "${name}"`);
      return tag;
    })
    .join('\n    ');
  const at = query.get('at') ?? 'head';
  const wanted = new Set((query.get('elements') ?? 'svc-review-summary,svc-shoppable-post,svc-post-gallery,svc-reviews,svc-rich-snippet').split(','));
  const product = escapeAttribute(context.product);
  const elements = [
    wanted.has('svc-review-summary') ? `<svc-review-summary product-ref="${product}"></svc-review-summary>` : '',
    wanted.has('svc-shoppable-post') ? `<svc-shoppable-post post-id="${escapeAttribute(context.post)}"></svc-shoppable-post>` : '',
    wanted.has('svc-post-gallery') ? `<svc-post-gallery product-ref="${product}" page-size="4"></svc-post-gallery>` : '',
    wanted.has('svc-reviews') ? `<svc-reviews product-ref="${product}" page-size="3"></svc-reviews>` : '',
    wanted.has('svc-rich-snippet') ? `<svc-rich-snippet product-ref="${product}"></svc-rich-snippet>` : '',
    wanted.has('badge') ? `<p class="card">A product <svc-review-summary product-ref="${product}" variant="badge"></svc-review-summary></p><p class="price">$48.00</p>` : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${query.get('csp') === 'strict' ? '' : '<link rel="icon" href="data:,">'}
    <title>storefront-widgets distribution test</title>
    ${query.get('record') === '1' ? '<script src="/page-record.js"></script>' : ''}
    ${at === 'head' ? scripts : ''}
  </head>
  <body>
    <h1>A shop page</h1>
    ${query.get('picture') === '1' ? '<img src="/picture.png" width="40" height="40" alt="">' : ''}
    ${query.get('picture') === 'hero' ? '<img src="/hero.jpg" width="1600" height="1200" alt="" style="width: 100%; height: auto">' : ''}
    ${query.get('reserve') === '1' ? '<link rel="stylesheet" href="/dist/cdn/storefront-widgets.css">' : ''}
    ${query.has('style') ? `<style>${query.get('style')!.replaceAll('<', '')}</style>` : ''}
    ${query.get('far') === '1' ? '<div class="spacer" style="height: 6000px"></div>' : ''}
    <svc-storefront publishable-key="${escapeAttribute(key)}" market="${escapeAttribute(query.get('market') ?? 'us')}" api-base="${escapeAttribute(context.apiBase)}">
      ${elements.join('\n      ')}
    </svc-storefront>
    ${at === 'end' ? scripts : ''}
  </body>
</html>
`;
}

/**
 * A page whose widgets the server rendered (`renderWidgets` from the built package,
 * `dist/ssr/index.js`, as a Node server would import it): `/ssr.html?key=K&market=us&settings=page|other`
 * with a badge, a full summary, a rich snippet, a shoppable post (`context.post`), a gallery (its grid) and a review list for `context.product` inside a
 * `<svc-storefront>`, and the script tag with `defer`. `settings=other` renders on the
 * server with another market than the page names (a render the browser cannot hydrate);
 * `far=1` puts the review list far below the fold; `gallery=carousel` makes the gallery a
 * carousel, `gallery=masonry` a masonry (page size 6); `scripts=none` leaves the script
 * tag out (the server's markup alone).
 * `csp=strict` serves it with `strictCsp` and a nonce for styles (`nonce`), which
 * the server's `<style>` elements and the page's own carry: no `'unsafe-inline'`.
 */
export async function serverRenderedHtml(query: URLSearchParams, context: PageContext, nonce?: string): Promise<string> {
  const { renderWidgets } = (await import(resolve(DIST, 'ssr/index.js'))) as typeof import('../../src/ssr/index.ts');
  const key = query.get('key') ?? 'svc_pk_demo';
  const market = query.get('market') ?? 'us';
  const serverMarket = query.get('settings') === 'other' ? (market === 'de' ? 'us' : 'de') : market;
  const product = escapeAttribute(context.product);
  const fragment = (at: string) => `<svc-storefront publishable-key="${escapeAttribute(key)}" market="${escapeAttribute(at)}" api-base="${escapeAttribute(context.apiBase)}">
      <h1>A product <svc-review-summary product-ref="${product}" variant="badge"></svc-review-summary></h1>
      <p class="before">Above the summary</p>
      <svc-review-summary product-ref="${product}"></svc-review-summary>
      <p class="after">Below the summary</p>
      <svc-rich-snippet product-ref="${product}"></svc-rich-snippet>
      <svc-shoppable-post post-id="${escapeAttribute(context.post)}"></svc-shoppable-post>
      ${query.get('gallery') === 'carousel' || query.get('gallery') === 'masonry' ? `<svc-post-gallery product-ref="${product}" layout="${query.get('gallery')}" page-size="6"></svc-post-gallery>` : `<svc-post-gallery product-ref="${product}" page-size="4"></svc-post-gallery>`}
      ${query.get('far') === '1' ? '<div class="spacer"></div>' : ''}
      <svc-reviews product-ref="${product}" page-size="3"></svc-reviews>
    </svc-storefront>`;
  // A deadline far above the default: the tests are about what the browser does with the server's markup, on a machine that may be busy.
  const rendered = await renderWidgets(fragment(serverMarket), { publishableKey: key, market: serverMarket, apiBase: context.apiBase, nonce, deadlineMs: 10_000 });
  // The page names its own market on <svc-storefront> (the only element here with one).
  const body = rendered.replace(`market="${escapeAttribute(serverMarket)}"`, `market="${escapeAttribute(market)}"`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>storefront-widgets server-rendered test</title>
    <script src="/page-record.js"></script>
    ${query.get('scripts') === 'none' ? '' : SCRIPTS['classic-defer']}
    <style${nonce === undefined ? '' : ` nonce="${nonce}"`}>svc-shoppable-post { max-width: 480px; } .spacer { height: 6000px; }</style>
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}

/**
 * The script tag as another version of the library would be: its stamped version
 * replaced (in the loader exactly once, and in the modules it loads from its own
 * `module/` folder), served from another folder.
 */
export async function otherVersionBundle(version: string, file = 'storefront-widgets.js'): Promise<string> {
  const code = await readFile(resolve(DIST, 'cdn', file), 'utf8');
  const stamped = new RegExp(`${version.replace(/\./g, '\\.')}(?=[\`"'])`, 'g');
  const count = code.match(stamped)?.length ?? 0;
  if (file === 'storefront-widgets.js' && count !== 1) throw new Error(`expected the version ${version} once in the loader, found it ${count} times`);
  return code.replace(stamped, OTHER_VERSION).replace(/\/\/# sourceMappingURL=.*$/m, '');
}

const head = (res: ServerResponse, status: number, type: string, headers: Record<string, string>) => res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  head(res, status, type, headers).end(body);
}

/**
 * Sends an HTML page in two pieces, 300 ms apart, cut inside the first full summary's
 * bars: the browser paints what it has parsed meanwhile, as it does with a page that
 * arrives slowly, so a server-rendered element that showed half parsed would shift.
 */
async function sendInPieces(res: ServerResponse, type: string, body: string, headers: Record<string, string>): Promise<void> {
  const bars = body.indexOf('part="bar-row');
  const cut = bars < 0 ? body.length : body.indexOf('</li>', bars) + '</li>'.length;
  head(res, 200, type, headers).write(body.slice(0, cut));
  await new Promise((resolve) => setTimeout(resolve, 300));
  res.end(body.slice(cut));
}

/** Serves the test pages and dist/ on 127.0.0.1; `origin` uses `localhost`, another site than the API's `127.0.0.1`. */
export async function startStaticServer(context: PageContext & { version: string }): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      try {
        if (url.pathname === '/page.html') {
          const csp: Record<string, string> = url.searchParams.get('csp') === 'strict' ? { 'content-security-policy': strictCsp(context.apiBase) } : {};
          return send(res, 200, TYPES['.html']!, pageHtml(url.searchParams, context), csp);
        }
        if (url.pathname === '/ssr.html') {
          // A nonce of its own for each response, as a shop's server makes it.
          const nonce = url.searchParams.get('csp') === 'strict' ? randomBytes(16).toString('base64') : undefined;
          const csp: Record<string, string> = nonce ? { 'content-security-policy': strictCsp(context.apiBase).replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`) } : {};
          return await sendInPieces(res, TYPES['.html']!, await serverRenderedHtml(url.searchParams, context, nonce), csp);
        }
        if (url.pathname === '/first-viewport.html') {
          // `reserve=link`: the reservation stylesheet as a <link>; `reserve=inline`: its text pasted; else nothing reserved. `aspect`: the shoppable post's; `record=shifts`: the layout shifts recorded in the page.
          const reserve = url.searchParams.get('reserve');
          const css = reserve === 'link' ? { link: '/dist/cdn/storefront-widgets.css' } : reserve === 'inline' ? { text: await readFile(resolve(DIST, 'cdn/storefront-widgets.css'), 'utf8') } : undefined;
          return send(res, 200, TYPES['.html']!, firstViewportPage({ ...context, key: url.searchParams.get('key') ?? 'svc_pk_demo', aspect: url.searchParams.get('aspect') ?? undefined, recordShifts: url.searchParams.get('record') === 'shifts', script: '/dist/cdn/storefront-widgets.js', reserve: css }));
        }
        if (url.pathname === '/themes.html') return send(res, 200, TYPES['.html']!, themesPageHtml(url.searchParams, context));
        const font = /^\/fixture-fonts\/([\w.-]+\.woff2)$/.exec(url.pathname);
        if (font) return send(res, 200, TYPES['.woff2']!, await readFile(resolve(FONTS, font[1]!)));
        if (url.pathname === '/page-record.js') return send(res, 200, TYPES['.js']!, await readFile(PAGE_RECORD));
        const other = /^\/other-version\/((?:module\/(?:chunks\/)?)?[\w.-]+\.js)$/.exec(url.pathname);
        if (other) return send(res, 200, TYPES['.js']!, await otherVersionBundle(context.version, other[1]));
        if (url.pathname.startsWith('/dist/')) {
          const file = resolve(DIST, decodeURIComponent(url.pathname.slice('/dist/'.length)));
          if (!file.startsWith(DIST.endsWith(sep) ? DIST : DIST + sep)) return send(res, 403, 'text/plain', 'forbidden');
          return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
        }
        send(res, 404, 'text/plain', 'not found');
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        send(res, missing ? 404 : 500, 'text/plain', String(error));
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

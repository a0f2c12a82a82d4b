/**
 * Shop pages for the security specs: a plain HTML page with every element, served with
 * the response headers a spec asks for (such as a Content-Security-Policy) by a small
 * server of the specs' own on the loopback interface, next to the built scripts under
 * /dist/ (so that they are 'self'). A page fulfilled by `page.route` would not do: the
 * browser treats it as public, and Local Network Access then blocks its requests to
 * the emulator on 127.0.0.1. Violations and console lines are recorded.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from '../e2e/env.ts';
import { DIST } from '../e2e/static-server.ts';

interface Served {
  body: string;
  headers: Record<string, string>;
}

/** dist/ (after `npm run build`); `STOREFRONT_DIST` points elsewhere, for example at a build of work in progress. */
const dist = resolve(process.env['STOREFRONT_DIST'] ?? DIST);
const pages = new Map<string, Served>();
let server: { origin: string; server: Server } | undefined;

/** The specs' shop server (started once per worker): registered pages, and dist/ read-only. */
async function shopServer(): Promise<string> {
  if (server) return server.origin;
  const http = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      const served = pages.get(url.pathname);
      if (served) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...served.headers });
        return res.end(served.body);
      }
      const otherCopy = /^\/other-copy\/(storefront-widgets(?:\.[\w-]+)?\.js)$/.exec(url.pathname);
      if (otherCopy) {
        // A second copy of the script-tag bundle and its sibling parts, as another version would be (its stamped version replaced).
        const { version } = e2eEnv();
        const code = (await readFile(resolve(dist, 'cdn', otherCopy[1]!), 'utf8')).replace(/\/\/# sourceMappingURL=.*$/m, '');
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(
          code
            .split(JSON.stringify(version))
            .join(JSON.stringify(`${version}-other`))
            .split(`\`${version}\``)
            .join(`\`${version}-other\``)
            .split(`runtime.${version}\``)
            .join(`runtime.${version}-other\``),
        );
      }
      if (url.pathname.startsWith('/dist/')) {
        const file = resolve(dist, decodeURIComponent(url.pathname.slice('/dist/'.length)));
        if (file.startsWith(dist + sep)) {
          try {
            const type = extname(file) === '.js' ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8';
            const body = await readFile(file);
            res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
            return res.end(body);
          } catch {
            // Falls through to 404.
          }
        }
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    })();
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  server = { origin: `http://localhost:${port}`, server: http };
  return server.origin;
}

/** Stops the shop server (call from `test.afterAll`). */
export async function closeShopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (running) await new Promise<void>((done) => running.server.close(() => done()));
}

export interface PageRecord {
  key: string;
  errors: string[];
  warnings: string[];
  violations: Violation[];
}

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

export type Script = 'classic' | 'module' | 'two-copies';

const SCRIPTS: Record<Script, string> = {
  classic: '<script src="/dist/cdn/storefront-widgets.js"></script>',
  module: '<script type="module" src="/dist/cdn/module/storefront-widgets.js"></script>',
  'two-copies': '<script src="/dist/cdn/storefront-widgets.js"></script>\n    <script src="/other-copy/storefront-widgets.js"></script>',
};

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shop page: every element inside a `<svc-storefront>` with `key` (or each element's own `key`). */
export function shopHtml(options: { key: string; script: Script; keyOn?: 'storefront' | 'elements' | 'none'; extraHead?: string }): string {
  const { apiBase, product, post } = e2eEnv();
  const keyOn = options.keyOn ?? 'storefront';
  const own = keyOn === 'elements' ? ` publishable-key="${attr(options.key)}"` : '';
  const context = keyOn === 'storefront' ? ` publishable-key="${attr(options.key)}"` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>A strict shop page</title>
    ${options.extraHead ?? ''}
    ${SCRIPTS[options.script]}
  </head>
  <body>
    <h1>A shop page</h1>
    <svc-storefront${context} market="us" api-base="${attr(apiBase)}">
      <svc-review-summary${own} product-ref="${attr(product)}"></svc-review-summary>
      <svc-shoppable-post${own} post-id="${attr(post)}"></svc-shoppable-post>
      <svc-post-gallery${own} product-ref="${attr(product)}" page-size="4"></svc-post-gallery>
      <svc-reviews${own} product-ref="${attr(product)}" page-size="3"></svc-reviews>
      <svc-rich-snippet${own} product-ref="${attr(product)}"></svc-rich-snippet>
    </svc-storefront>
  </body>
</html>
`;
}

/** Serves `html` at `/<name>.html` with `headers` on the shop server, records violations and console lines, and opens it. */
export async function openShop(page: Page, name: string, html: (key: string) => string, headers: Record<string, string> = {}, key?: string): Promise<PageRecord> {
  const { apiBase } = e2eEnv();
  const site = await shopServer();
  const record: PageRecord = { key: key ?? (await testKey(apiBase, `security_${name}`)), errors: [], warnings: [], violations: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') record.errors.push(message.text());
    if (message.type() === 'warning') record.warnings.push(message.text());
  });
  page.on('pageerror', (error) => record.errors.push(`uncaught: ${error.message}`));
  await page.exposeFunction('__recordViolation', (violation: Violation) => void record.violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __recordViolation: (v: unknown) => void }).__recordViolation;
        report({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample, source: `${event.sourceFile}:${event.lineNumber}` });
      },
      true,
    );
  });
  pages.set(`/${name}.html`, { body: html(record.key), headers });
  await page.goto(`${site}/${name}.html`);
  return record;
}

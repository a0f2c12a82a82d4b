/**
 * `npm run demo:ssr`: server-rendered widgets from plain Node. A small HTTP server
 * renders a product page's widgets with `renderWidgets` (the built package's
 * `storefront-widgets/ssr`, dist/ssr/) on every request, against the Storefront API
 * emulator started here, and serves the script tag (dist/cdn/) that hydrates them.
 * Run `npm run build` first (the npm script does).
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from './emulator/server.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** What a theme writes: the elements, with `<svc-storefront>` naming the settings once. */
const fragment = (settings: { publishableKey: string; market: string; apiBase: string }) => `<svc-storefront publishable-key="${settings.publishableKey}" market="${settings.market}" api-base="${settings.apiBase}">
  <h1>Aster Linen Shirt <svc-review-summary product-ref="aster-linen-shirt" variant="badge"></svc-review-summary></h1>
  <p>Light, breathable linen for warm days. $78.99</p>
  <svc-rich-snippet product-ref="aster-linen-shirt"></svc-rich-snippet>
  <h2>What customers say</h2>
  <svc-review-summary product-ref="aster-linen-shirt"></svc-review-summary>
  <h2>Worn by customers</h2>
  <svc-post-gallery product-ref="aster-linen-shirt" page-size="8"></svc-post-gallery>
</svc-storefront>`;

const page = (body: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Aster Linen Shirt (server-rendered widgets)</title>
  <link rel="icon" href="data:,">
  <script src="/cdn/storefront-widgets.js" defer></script>
  <style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 720px; margin: 2rem auto; padding: 0 1rem; }</style>
</head>
<body>
${body}
</body>
</html>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

/** Starts the emulator and the page's server (`port` 0: a free one). */
export async function startServerRenderedDemo(port: number, emulatorPort = 0): Promise<{ url: string; apiBase: string; close(): Promise<void> }> {
  const { renderWidgets } = (await import(resolve(DIST, 'ssr/index.js'))) as typeof import('../src/ssr/index.ts');
  const emulator = await startEmulator({ port: emulatorPort, host: '127.0.0.1', quiet: true });
  const settings = { publishableKey: 'svc_pk_demo', market: 'us', apiBase: emulator.url };
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      try {
        if (path === '/') {
          // A deadline above the default (150 ms): the first request after the start also loads what the reads need.
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(await renderWidgets(fragment(settings), { ...settings, deadlineMs: 2_000 })));
          return;
        }
        const file = resolve(DIST, `.${decodeURIComponent(path)}`);
        if (!path.startsWith('/cdn/') || !file.startsWith(DIST.endsWith(sep) ? DIST : DIST + sep)) {
          res.writeHead(404).end('not found');
          return;
        }
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
      } catch (error) {
        res.writeHead((error as NodeJS.ErrnoException).code === 'ENOENT' ? 404 : 500).end(String(error));
      }
    })();
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${listening}/`,
    apiBase: emulator.url,
    close: async () => {
      // Not waiting on a browser's idle keep-alive connections (or one it opened ahead of a request).
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await emulator.close();
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const demo = await startServerRenderedDemo(Number(process.env['PORT'] ?? 4174), Number(process.env['EMULATOR_PORT'] ?? 0));
  console.log(`\n  Server-rendered widgets (plain Node): ${demo.url}\n  Storefront API emulator: ${demo.apiBase}\n`);
}

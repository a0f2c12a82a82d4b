/**
 * `npm start`: the docs site's dev server (vite.config.ts: root `demo/`, the Storefront
 * API emulator in-process), then the URL to open. `npm start` generates
 * custom-elements.json first, which the reference tables read.
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const server = await createServer({
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  server: { open: false },
});
await server.listen();
server.printUrls();
const url = server.resolvedUrls?.local[0];
if (url) console.log(`\n  Storefront widgets demo: ${url}\n`);
server.bindCLIShortcuts({ print: true });

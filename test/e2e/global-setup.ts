import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmulator } from '../../demo/emulator/server.ts';
import { writeEnv } from './env.ts';
import { DIST, startStaticServer } from './static-server.ts';

interface InfoProduct {
  handle: string;
  review_count: number;
}

/**
 * Starts the Storefront API emulator on a free port (127.0.0.1) and a static server for
 * the test pages and dist/ on another (`localhost`), picks a product with reviews and a
 * post that tags products, and hands all of it to the tests.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(resolve(DIST, 'cdn/storefront-widgets.js'))) throw new Error('dist/ is missing: run `npm run build` before `npm run test:e2e`.');
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  const apiBase = emulator.url;

  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: InfoProduct[] };
  const product = info.products.reduce((best, p) => (p.review_count > best.review_count ? p : best)).handle;
  const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${encodeURIComponent(product)}&limit=1`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).json()) as {
    data: { id: string }[];
  };
  const post = posts.data[0]?.id;
  if (!post) throw new Error(`the emulator has no post for ${product}`);

  const site = await startStaticServer({ apiBase, product, post, version });
  writeEnv({ apiBase, site: site.origin, product, post, version });
  return async () => {
    await site.close();
    await emulator.close();
  };
}

/** The worker recipe (demo/edge/worker.ts) bundled as a shop's wrangler would, and run in workerd through Miniflare. */
import { resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { rolldown } from 'rolldown';

const root = resolve(import.meta.dirname, '../..');

/** The recipe as one ES module for workerd (the browser build of lru-cache: workerd has no node: modules unasked). */
export async function bundleWorker(): Promise<string> {
  const bundle = await rolldown({ input: resolve(root, 'demo/edge/worker.ts'), platform: 'browser', logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

/** Miniflare with the worker and its settings; `port` serves it over HTTP too. */
export async function startWorker(bindings: { key: string; apiBase: string; allowOrigins?: string }, port?: number): Promise<{ mf: Miniflare; url: string }> {
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: '2025-09-01',
    bindings: { STOREFRONT_PUBLISHABLE_KEY: bindings.key, STOREFRONT_API_BASE: bindings.apiBase, ...(bindings.allowOrigins ? { STOREFRONT_ALLOW_ORIGINS: bindings.allowOrigins } : {}) },
    ...(port !== undefined ? { port, host: '127.0.0.1' } : {}),
  });
  const url = (await mf.ready).origin;
  return { mf, url };
}

/**
 * The read proxy as a Cloudflare module worker: the README's recipe ("When your shop is
 * busy"), run in workerd by test/edge/workerd.test.ts and bench/crowd.ts. In a shop's own
 * worker the import is `storefront-widgets/edge`.
 */
import { createStorefrontProxy, layeredStore, memoryStore, webCacheStore, type StorefrontProxy, type WebCache } from '../../src/edge/index.ts';

interface Env {
  /** The shop's publishable key (`svc_pk_…`). */
  STOREFRONT_PUBLISHABLE_KEY: string;
  /** The Storefront API, e.g. `https://storefront.example.com`. */
  STOREFRONT_API_BASE: string;
  /** Comma-separated origins that may read the worker cross-origin; none by default. */
  STOREFRONT_ALLOW_ORIGINS?: string;
}

let proxy: StorefrontProxy | undefined;

export default {
  fetch(request: Request, env: Env, ctx: { waitUntil(work: Promise<unknown>): void }): Promise<Response> {
    // One proxy per isolate: its memory is the first layer, the data centre's cache the second.
    proxy ??= createStorefrontProxy({
      publishableKey: env.STOREFRONT_PUBLISHABLE_KEY,
      apiBase: env.STOREFRONT_API_BASE,
      allowOrigins: env.STOREFRONT_ALLOW_ORIGINS ? env.STOREFRONT_ALLOW_ORIGINS.split(',') : [],
      store: layeredStore(memoryStore({ maxBytes: 16 * 1024 * 1024 }), webCacheStore((caches as unknown as { default: WebCache }).default)),
    });
    return proxy(request, ctx);
  },
};

/**
 * The read proxy as a Cloudflare module worker whose isolates share one budget, one cache
 * and one fetch of equal reads through a Durable Object (docs/proxy/scale-out.md,
 * "Workers"). Run in workerd by test/edge/workerd-durable.test.ts, several isolates
 * bound to one `StorefrontGate`. In a shop's own worker the import is `storefront-widgets/edge`.
 */
import { createStorefrontProxy, durableObjectCoordination, layeredStore, memoryStore, webCacheStore, type GateNamespace, type StorefrontProxy, type WebCache } from '../../src/edge/index.ts';

export { StorefrontGate } from '../../src/edge/index.ts';

interface Env {
  STOREFRONT_PUBLISHABLE_KEY: string;
  STOREFRONT_API_BASE: string;
  /** The binding of the `StorefrontGate` class (wrangler's `durable_objects.bindings`). */
  STOREFRONT_GATE: GateNamespace;
  /** `1`: each isolate alone, as before the Durable Object (the tests' check that they can fail). */
  STOREFRONT_PER_ISOLATE?: string;
}

let proxy: StorefrontProxy | undefined;

export default {
  fetch(request: Request, env: Env, ctx: { waitUntil(work: Promise<unknown>): void }): Promise<Response> {
    proxy ??= createStorefrontProxy({
      publishableKey: env.STOREFRONT_PUBLISHABLE_KEY,
      apiBase: env.STOREFRONT_API_BASE,
      // Its memory first, then the data centre's cache, then the object.
      store: layeredStore(memoryStore({ maxBytes: 16 * 1024 * 1024 }), webCacheStore((caches as unknown as { default: WebCache }).default)),
      ...(env.STOREFRONT_PER_ISOLATE === '1' ? {} : { coordination: durableObjectCoordination(env.STOREFRONT_GATE) }),
    });
    return proxy(request, ctx);
  },
};

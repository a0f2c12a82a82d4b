import { createStorefrontProxy, type StorefrontProxy } from 'storefront-widgets/edge';

interface WidgetsEnv {
  /** The Storefront API (widgets), e.g. `https://storefront.example.com`. */
  STOREFRONT_API_BASE: string;
  /** The shop's publishable key (`svc_pk_…`). */
  STOREFRONT_PUBLISHABLE_KEY: string;
}

let proxy: StorefrontProxy | undefined;

/**
 * The widgets' read proxy of this worker: it answers browsers at /storefront-api (server.ts),
 * and the routes' renders read through it (`renderWidgets`' `proxy`), so that one API read serves both.
 */
export function widgetsProxy(env: WidgetsEnv): StorefrontProxy {
  proxy ??= createStorefrontProxy({ publishableKey: env.STOREFRONT_PUBLISHABLE_KEY, apiBase: env.STOREFRONT_API_BASE, basePath: '/storefront-api' });
  return proxy;
}

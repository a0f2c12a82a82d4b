import * as serverBuild from 'virtual:react-router/server-build';
import { createHydrogenContext, createRequestHandler } from '@shopify/hydrogen';
import { createCookieSessionStorage } from 'react-router';
import { widgetsProxy } from './app/lib/widgets-proxy';

interface Env {
  SESSION_SECRET: string;
  PUBLIC_STORE_DOMAIN: string;
  /** The Storefront API (widgets), e.g. `https://storefront.example.com`. */
  STOREFRONT_API_BASE: string;
  /** The shop's publishable key (`svc_pk_…`). */
  STOREFRONT_PUBLISHABLE_KEY: string;
}

export default {
  async fetch(request: Request, env: Env, executionContext: ExecutionContext): Promise<Response> {
    // The widgets' read proxy, in the same worker at /storefront-api: one thing to deploy.
    if (new URL(request.url).pathname.startsWith('/storefront-api/')) return widgetsProxy(env)(request, executionContext);
    const storage = createCookieSessionStorage({ cookie: { name: 'session', httpOnly: true, path: '/', sameSite: 'lax', secrets: [env.SESSION_SECRET] } });
    const cookies = await storage.getSession(request.headers.get('Cookie'));
    const session = { isPending: false, get: cookies.get, set: cookies.set, unset: cookies.unset, commit: () => storage.commitSession(cookies) };
    const context = createHydrogenContext({ env, request, cache: await caches.open('hydrogen'), waitUntil: (work) => executionContext.waitUntil(work), session });
    const handleRequest = createRequestHandler({ build: serverBuild, mode: process.env.NODE_ENV, getLoadContext: () => context });
    return handleRequest(request);
  },
};

import { assertNonce, withNonce } from './csp.js';
import type { RenderWidgetsOptions } from './render-widgets.js';

/**
 * `storefront-widgets/ssr`: server rendering. `renderWidgets` renders a fragment's
 * elements (Lit's SSR, declarative shadow DOM, data embedded for hydration; Node,
 * workerd and edge runtimes: see the package's `workerd`/`edge-light` exports); the
 * rich snippet helpers write structured data without a DOM (Node, edge runtimes and
 * browsers alike).
 */
export * from './rich-snippet.js';
export type { RenderWidgetsOptions };

/**
 * Renders the `svc-*` elements of an HTML fragment on the server (see
 * `render-widgets.ts`). Loads Lit's server renderer and the elements' code on its first
 * call, so that the rich snippet helpers beside it stay light.
 */
export async function renderWidgets(fragment: string, options: RenderWidgetsOptions): Promise<string> {
  return (await import('./render-widgets.js')).renderWidgets(fragment, options);
}

/**
 * `renderWidgets`' output with `nonce` on its `<style>` elements, as its `nonce` option
 * writes them: for a page whose nonce is made after the render, such as a Hydrogen
 * route's (its loader runs before the response's Content-Security-Policy is made;
 * `withStyleNonce(html, useNonce())` in the component).
 */
export function withStyleNonce(html: string, nonce: string | undefined): string {
  if (nonce !== undefined) assertNonce(nonce);
  return withNonce(html, nonce);
}

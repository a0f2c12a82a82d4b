import type { RenderWidgetsOptions } from './render-widgets.js';

/**
 * `storefront-widgets/ssr`: server rendering. `renderWidgets` renders a fragment's
 * elements (Lit's SSR, declarative shadow DOM, data embedded for hydration; Node); the
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

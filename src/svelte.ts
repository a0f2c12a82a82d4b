/**
 * `storefront-widgets/svelte` (types only): the `svc-*` tags in Svelte 5 markup
 * (`svelteHTML.IntrinsicElements`), with their attributes (enumerated values as unions)
 * and the `svc-*` events as `onsvc-…` handlers:
 *
 * ```ts
 * // src/app.d.ts, or any file the app's tsconfig includes
 * import type {} from 'storefront-widgets/svelte';
 * ```
 *
 * Every other attribute (`class`, `id`, `style`, `data-*`) stays allowed.
 */
import type { ElementAttributes, EventHandlerAttributes } from './types/attributes.js';

export type * from './types/attributes.js';

/** Each tag's attributes, its event handlers, and any other attribute. */
export type StorefrontSvelteElements = { [K in keyof ElementAttributes]: ElementAttributes[K] & EventHandlerAttributes & { [attribute: string]: unknown } };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Svelte reads element types from this global namespace
  namespace svelteHTML {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into Svelte's interface
    interface IntrinsicElements extends StorefrontSvelteElements {}
  }
}

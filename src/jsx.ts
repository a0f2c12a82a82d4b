/**
 * `storefront-widgets/jsx` (types only): the `svc-*` tags in React's JSX (18 and 19), with their
 * attributes (enumerated values as unions) and the `svc-*` events as `on…` handlers,
 * for apps that write the tags themselves instead of using `storefront-widgets/react`:
 *
 * ```ts
 * import type {} from 'storefront-widgets/jsx';
 * // <svc-post-gallery product-ref="linen-shirt" layout="carousel" onsvc-product-select={(e) => addToCart(e.detail.product)} />
 * ```
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ElementAttributes, EventHandlerAttributes } from './types/attributes.js';
import type { StorefrontTagNameMap } from './types/tag-map.js';

export type * from './types/attributes.js';

/** Each tag's JSX props: React's for any element, the tag's attributes and its event handlers. */
export type StorefrontIntrinsicElements = {
  [K in keyof ElementAttributes]: Omit<DetailedHTMLProps<HTMLAttributes<StorefrontTagNameMap[K]>, StorefrontTagNameMap[K]>, keyof ElementAttributes[K]> & ElementAttributes[K] & EventHandlerAttributes;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19 (and 18.3's types) read intrinsic elements from this namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into React's interface
    interface IntrinsicElements extends StorefrontIntrinsicElements {}
  }
}

'use client';
/**
 * React components for the elements (`storefront-widgets/react`), made with
 * `@lit/react`: element properties are typed props, and the `svc-*` events are
 * `on…` props with typed `detail`:
 *
 * ```tsx
 * <PostGallery productRef="linen-shirt" layout="carousel"
 *   onProductSelect={(e) => addToCart(e.detail.product)} />
 * ```
 *
 * Importing this module registers every element (as `storefront-widgets/register`).
 *
 * The module is a client module (`'use client'`): a React Server Component page (the
 * Next.js App Router) imports and renders the components with no directive of its own.
 * On the server they render their tags with the string, number and `true` props as
 * attributes (`productRef` as `product-ref`), so the first paint already shows each
 * element's loading state; in the browser `@lit/react` sets the props as properties and
 * the events as listeners.
 */
import { createComponent, type EventName } from '@lit/react';
import type { ReactiveElement } from 'lit';
import * as React from 'react';
import { SvcPostGallery } from './elements/post-gallery/post-gallery-element.js';
import { SvcReviewSummary } from './elements/review-summary/review-summary-element.js';
import { SvcReviews } from './elements/reviews/reviews-element.js';
import { SvcRichSnippet } from './elements/rich-snippet/rich-snippet-element.js';
import { SvcShoppablePost } from './elements/shoppable-post/shoppable-post-element.js';
import { SvcStorefront } from './elements/storefront/storefront-element.js';
import type { StorefrontEventMap } from './events.js';
import './register.js';

export type * from './events.js';

const event = <K extends keyof StorefrontEventMap>(name: K) => name as EventName<StorefrontEventMap[K]>;

/** In a server render (React's SSR in Node or an edge runtime) there is no document. */
const onServer = typeof document === 'undefined';

/**
 * `@lit/react`'s component for the browser; on the server one that renders the tag
 * with its attributes (see `serverProps`), which `@lit/react` leaves out there.
 */
const wrap: typeof createComponent = (options) => {
  const component = createComponent(options);
  if (!onServer) return component;
  const server = (props: Record<string, unknown>) => React.createElement(options.tagName, serverProps(options.elementClass as unknown as typeof ReactiveElement, props));
  return Object.assign(server, { displayName: options.displayName }) as unknown as typeof component;
};

/** Props the tag itself takes in React (not element properties). */
const REACT_PROPS = new Set(['children', 'className', 'style', 'id', 'slot', 'hidden', 'lang', 'dir', 'title', 'key']);

/**
 * The tag's props for a server render: each element property given as a string, a
 * number or `true` becomes its attribute (`productRef="x"` → `product-ref="x"`,
 * `company` → `company=""`); events and object properties wait for the browser.
 */
function serverProps(elementClass: typeof ReactiveElement, props: Record<string, unknown>): Record<string, unknown> {
  // Reading `observedAttributes` finalizes the class, which fills `elementProperties`.
  void elementClass.observedAttributes;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if (REACT_PROPS.has(name) || (!name.startsWith('on') && !elementClass.elementProperties.has(name))) out[name === 'className' ? 'class' : name] = value;
  }
  for (const [name, options] of elementClass.elementProperties) {
    const value = props[name as string];
    if (options.attribute === false || REACT_PROPS.has(name as string) || (typeof value !== 'string' && typeof value !== 'number' && value !== true)) continue;
    const attribute = typeof options.attribute === 'string' ? options.attribute : String(name).toLowerCase();
    out[attribute] = value === true ? '' : String(value);
  }
  return out;
}

const onError = event('svc-error');
const onLoad = event('svc-load');
const onProductSelect = event('svc-product-select');
const onReviewFilter = event('svc-review-filter');

/** `<svc-storefront>`: the key, market and API base for the components inside it. */
export const Storefront = wrap({
  react: React,
  tagName: 'svc-storefront',
  elementClass: SvcStorefront,
  displayName: 'Storefront',
});

/** `<svc-post-gallery>`: customer photos and videos with a shoppable lightbox. */
export const PostGallery = wrap({
  react: React,
  tagName: 'svc-post-gallery',
  elementClass: SvcPostGallery,
  displayName: 'PostGallery',
  events: { onPostOpen: event('svc-post-open'), onProductSelect, onLoad, onError },
});

/** `<svc-shoppable-post>`: one post with a hotspot on each tagged product. */
export const ShoppablePost = wrap({
  react: React,
  tagName: 'svc-shoppable-post',
  elementClass: SvcShoppablePost,
  displayName: 'ShoppablePost',
  events: { onProductSelect, onLoad, onError },
});

/** `<svc-review-summary>`: star rating, count and distribution, or a compact badge. */
export const ReviewSummary = wrap({
  react: React,
  tagName: 'svc-review-summary',
  elementClass: SvcReviewSummary,
  displayName: 'ReviewSummary',
  events: { onReviewFilter, onError },
});

/** `<svc-reviews>`: the review list, with sorting, star filters and translations. */
export const Reviews = wrap({
  react: React,
  tagName: 'svc-reviews',
  elementClass: SvcReviews,
  displayName: 'Reviews',
  events: { onReviewFilter, onReviewSort: event('svc-review-sort'), onError },
});

/** `<svc-rich-snippet>`: the product's schema.org JSON-LD in `<head>`; renders nothing. */
export const RichSnippet = wrap({
  react: React,
  tagName: 'svc-rich-snippet',
  elementClass: SvcRichSnippet,
  displayName: 'RichSnippet',
  events: { onError },
});

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
 */
import { createComponent, type EventName } from '@lit/react';
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

const onError = event('svc-error');
const onLoad = event('svc-load');
const onProductSelect = event('svc-product-select');
const onReviewFilter = event('svc-review-filter');

/** `<svc-storefront>`: the key, market and API base for the components inside it. */
export const Storefront = createComponent({
  react: React,
  tagName: 'svc-storefront',
  elementClass: SvcStorefront,
  displayName: 'Storefront',
});

/** `<svc-post-gallery>`: customer photos and videos with a shoppable lightbox. */
export const PostGallery = createComponent({
  react: React,
  tagName: 'svc-post-gallery',
  elementClass: SvcPostGallery,
  displayName: 'PostGallery',
  events: { onPostOpen: event('svc-post-open'), onProductSelect, onLoad, onError },
});

/** `<svc-shoppable-post>`: one post with a hotspot on each tagged product. */
export const ShoppablePost = createComponent({
  react: React,
  tagName: 'svc-shoppable-post',
  elementClass: SvcShoppablePost,
  displayName: 'ShoppablePost',
  events: { onProductSelect, onLoad, onError },
});

/** `<svc-review-summary>`: star rating, count and distribution, or a compact badge. */
export const ReviewSummary = createComponent({
  react: React,
  tagName: 'svc-review-summary',
  elementClass: SvcReviewSummary,
  displayName: 'ReviewSummary',
  events: { onReviewFilter, onError },
});

/** `<svc-reviews>`: the review list, with sorting, star filters and translations. */
export const Reviews = createComponent({
  react: React,
  tagName: 'svc-reviews',
  elementClass: SvcReviews,
  displayName: 'Reviews',
  events: { onReviewFilter, onReviewSort: event('svc-review-sort'), onError },
});

/** `<svc-rich-snippet>`: the product's schema.org JSON-LD in `<head>`; renders nothing. */
export const RichSnippet = createComponent({
  react: React,
  tagName: 'svc-rich-snippet',
  elementClass: SvcRichSnippet,
  displayName: 'RichSnippet',
  events: { onError },
});

import type { StorefrontError } from './api/errors.js';
import type { Post, Product } from './api/types.js';
import type { ReviewSort } from './api/wire.js';
import type { ReviewFilterDetail } from './elements/shared/reviews/filter-event.js';

/** `svc-post-open` (`<svc-post-gallery>`): a post was opened in the lightbox, at `index` in the loaded list. */
export interface PostOpenDetail {
  post: Post;
  index: number;
}

/** `svc-product-select` (`<svc-shoppable-post>`, `<svc-post-gallery>`): a tagged product was chosen; cancel to keep the page (for example to add to cart). */
export interface ProductSelectDetail {
  product: Product;
  post: Post;
}

/**
 * `svc-load`: content is on screen. `<svc-post-gallery>` gives `count`, the posts
 * shown; `<svc-shoppable-post>` gives the `post` it shows.
 */
export interface LoadDetail {
  count?: number;
  post?: Post;
}

/** `svc-error`: a read failed; the element shows its own error state. */
export interface ErrorDetail {
  error: StorefrontError;
}

/** `svc-review-filter` (`<svc-review-summary>`, `<svc-reviews>`): the shopper filtered by star (`rating: null`: all reviews). */
export type { ReviewFilterDetail };

/** `svc-review-sort` (`<svc-reviews>`): the shopper changed the order. */
export interface ReviewSortDetail {
  sort: ReviewSort;
}

/**
 * `svc-post-view`: a post (a gallery's tile or carousel slide, a post in its lightbox, a
 * `<svc-shoppable-post>`) was at least half visible for one continuous second while the
 * page was visible. At most once per post per element per page view; `index` is the
 * post's place in a gallery's loaded list.
 */
export interface PostViewDetail {
  post: Post;
  index?: number;
}

/** `svc-widget-view`: the element was at least half visible (or filled half the viewport) for the first time. */
export interface WidgetViewDetail {
  /** The element's tag without `svc-`: `post-gallery`, `shoppable-post`, `review-summary` or `reviews`. */
  kind: string;
}

/** `svc-product-view`: a product's card was opened from its hotspot, or the product was listed in a gallery's lightbox. */
export interface ProductViewDetail {
  product: Product;
  post: Post;
}

/** `svc-video-play`: a video started playing at the shopper's request (a muted autoplay does not count); once each time the video is shown. */
export interface VideoPlayDetail {
  post: Post;
}

/** Every event the elements dispatch (all bubble and are composed), by name. */
export interface StorefrontEventMap {
  'svc-post-open': CustomEvent<PostOpenDetail>;
  'svc-product-select': CustomEvent<ProductSelectDetail>;
  'svc-load': CustomEvent<LoadDetail>;
  'svc-error': CustomEvent<ErrorDetail>;
  'svc-review-filter': CustomEvent<ReviewFilterDetail>;
  'svc-review-sort': CustomEvent<ReviewSortDetail>;
  'svc-post-view': CustomEvent<PostViewDetail>;
  'svc-widget-view': CustomEvent<WidgetViewDetail>;
  'svc-product-view': CustomEvent<ProductViewDetail>;
  'svc-video-play': CustomEvent<VideoPlayDetail>;
}

declare global {
  // Types `addEventListener('svc-product-select', (e) => e.detail.product)` on every
  // element, the document and the window.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the DOM's map
  interface GlobalEventHandlersEventMap extends StorefrontEventMap {}
}

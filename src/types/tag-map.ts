/**
 * The tag map for the main entry: `document.querySelector('svc-post-gallery')` is a
 * `SvcPostGallery` wherever the package's types are imported (each element's entry
 * declares its own tag as well).
 */
import type { SvcPostGallery } from '../elements/post-gallery/post-gallery-element.js';
import type { SvcReviewSummary } from '../elements/review-summary/review-summary-element.js';
import type { SvcReviews } from '../elements/reviews/reviews-element.js';
import type { SvcRichSnippet } from '../elements/rich-snippet/rich-snippet-element.js';
import type { SvcShoppablePost } from '../elements/shoppable-post/shoppable-post-element.js';
import type { SvcStorefront } from '../elements/storefront/storefront-element.js';

/** Every public tag and its class. */
export interface StorefrontTagNameMap {
  'svc-storefront': SvcStorefront;
  'svc-post-gallery': SvcPostGallery;
  'svc-shoppable-post': SvcShoppablePost;
  'svc-review-summary': SvcReviewSummary;
  'svc-reviews': SvcReviews;
  'svc-rich-snippet': SvcRichSnippet;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the DOM's map
  interface HTMLElementTagNameMap extends StorefrontTagNameMap {}
}

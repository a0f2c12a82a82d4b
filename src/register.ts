/**
 * Registers every element: `import 'storefront-widgets/register'`.
 *
 * When another copy of the library already defined the tags (the script tag loaded
 * twice, a theme's bundle beside the CDN script, two versions), its elements stay, and
 * this copy warns once naming both versions (see `claimElements`).
 */
import { SvcPostGallery } from './elements/post-gallery/post-gallery-element.js';
import './elements/post-gallery/svc-post-gallery.js';
import { SvcReviewSummary } from './elements/review-summary/review-summary-element.js';
import './elements/review-summary/svc-review-summary.js';
import { SvcReviews } from './elements/reviews/reviews-element.js';
import './elements/reviews/svc-reviews.js';
import { SvcRichSnippet } from './elements/rich-snippet/rich-snippet-element.js';
import './elements/rich-snippet/svc-rich-snippet.js';
import { SvcShoppablePost } from './elements/shoppable-post/shoppable-post-element.js';
import './elements/shoppable-post/svc-shoppable-post.js';
import { SvcStorefront } from './elements/storefront/storefront-element.js';
import './elements/storefront/svc-storefront.js';
import { claimElements } from './registration.js';

export type * from './events.js';

claimElements({
  'svc-storefront': SvcStorefront,
  'svc-post-gallery': SvcPostGallery,
  'svc-shoppable-post': SvcShoppablePost,
  'svc-review-summary': SvcReviewSummary,
  'svc-reviews': SvcReviews,
  'svc-rich-snippet': SvcRichSnippet,
});

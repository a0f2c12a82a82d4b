/**
 * The ES module bundle's entry, `dist/cdn/module/storefront-widgets.js`, for
 * `<script type="module">`: dependencies inside, and the rarely used parts in chunks
 * loaded on demand. It registers every element at once except `<svc-reviews>`, the
 * review list, which loads when one is in the document (now or later) or when a
 * `<svc-review-summary>` filters one. The gallery's lightbox and video load on first use.
 */
import { registerCdnElements } from './cdn-register.js';
import { SvcPostGallery } from './elements/post-gallery/post-gallery-element.js';
import './elements/post-gallery/svc-post-gallery.js';
import { SvcReviewSummary } from './elements/review-summary/review-summary-element.js';
import './elements/review-summary/svc-review-summary.js';
import { SvcRichSnippet } from './elements/rich-snippet/rich-snippet-element.js';
import './elements/rich-snippet/svc-rich-snippet.js';
import { SvcShoppablePost } from './elements/shoppable-post/shoppable-post-element.js';
import './elements/shoppable-post/svc-shoppable-post.js';
import { SvcStorefront } from './elements/storefront/storefront-element.js';
import './elements/storefront/svc-storefront.js';

registerCdnElements(
  {
    'svc-storefront': SvcStorefront,
    'svc-post-gallery': SvcPostGallery,
    'svc-shoppable-post': SvcShoppablePost,
    'svc-review-summary': SvcReviewSummary,
    'svc-rich-snippet': SvcRichSnippet,
  },
  { 'svc-reviews': () => import('./elements/reviews/svc-reviews.js') },
);

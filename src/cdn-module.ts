/**
 * The ES module bundle's entry, `dist/cdn/module/storefront-widgets.js`, for
 * `<script type="module">`: dependencies inside, and the rarely used parts in chunks
 * loaded on demand. It registers every element at once except `<svc-reviews>`, the
 * review list, which loads when one is in the document (now or later) or when a
 * `<svc-review-summary>` filters one. The gallery's lightbox and video load on first use.
 */
import { exposeGlobal } from './cdn-global.js';
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
import { claimElements } from './registration.js';

/** Elements defined on demand: the tag, and its registration module. */
const lazyElements: Record<string, () => Promise<unknown>> = {
  'svc-reviews': () => import('./elements/reviews/svc-reviews.js'),
};

claimElements(
  {
    'svc-storefront': SvcStorefront,
    'svc-post-gallery': SvcPostGallery,
    'svc-shoppable-post': SvcShoppablePost,
    'svc-review-summary': SvcReviewSummary,
    'svc-rich-snippet': SvcRichSnippet,
  },
  Object.keys(lazyElements),
);
exposeGlobal();

/**
 * Loads `tag`'s registration module once an element with that tag is in the document
 * (light DOM; elements inside other shadow roots need their own import). Nothing is
 * loaded when another copy of the library already defined the tag.
 */
function defineOnDemand(tag: string, load: () => Promise<unknown>): void {
  if (customElements.get(tag) !== undefined) return;
  const found = document.getElementsByTagName(tag);
  const start = () => void load().catch((error: unknown) => console.error(`storefront-widgets: could not load <${tag}>.`, error));
  if (found.length > 0) return start();
  const observer = new MutationObserver(() => {
    if (found.length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe(document, { childList: true, subtree: true });
}

for (const [tag, load] of Object.entries(lazyElements)) defineOnDemand(tag, load);

/**
 * The script-tag bundle's entry, `dist/cdn/storefront-widgets.js`: a classic script
 * with every dependency inside that registers the elements as soon as it runs, with
 * or without `defer`/`async` (elements already in the page upgrade then), and offers
 * `window.StorefrontWidgets.configure(…)` and `.setStrings(…)`:
 *
 * ```html
 * <script src="storefront-widgets.js" defer></script>
 * <svc-review-summary publishable-key="svc_pk_…" market="us" product-ref="linen-shirt"></svc-review-summary>
 * ```
 *
 * The rest are sibling files, `storefront-widgets.<part>.js`, loaded from the script's
 * own folder when a page needs them (see `src/cdn-parts.ts`). The script holds what
 * every element paints first (its loading box, skeletons and states), so nothing moves
 * while they load:
 * - with the first gallery, while its first page is read: the tiles, their blurhash
 *   placeholders and the grid of posts (`src/elements/post-gallery/load-tiles-cdn.ts`);
 *   the masonry and carousel layouts with the first gallery that uses one
 *   (`src/elements/post-gallery/extra-layouts-cdn.ts`); the lightbox and video on first open;
 * - with the first shoppable post, while it is read: its media, hotspots, cards and
 *   product list (`src/elements/shoppable-post/load-view-cdn.ts`);
 * - `<svc-reviews>` and `<svc-rich-snippet>` (invisible, so a moment later shifts
 *   nothing) once one is in the document or a `<svc-review-summary>` filters a list;
 * - the German and Swedish strings with the first element of that language
 *   (`src/i18n/tables-cdn.ts`).
 * They use this copy's code through the runtime object published here (see
 * `src/cdn-runtime.ts`).
 */
import { sharedSingleton } from './page/shared-state.js';
import * as runtime from './cdn-runtime.js';
import { registerCdnElements } from './cdn-register.js';
import { SvcPostGallery } from './elements/post-gallery/post-gallery-element.js';
import './elements/post-gallery/svc-post-gallery.js';
import { SvcReviewSummary } from './elements/review-summary/review-summary-element.js';
import './elements/review-summary/svc-review-summary.js';
import { SvcShoppablePost } from './elements/shoppable-post/shoppable-post-element.js';
import './elements/shoppable-post/svc-shoppable-post.js';
import { SvcStorefront } from './elements/storefront/storefront-element.js';
import './elements/storefront/svc-storefront.js';
import { VERSION } from './version.js';

sharedSingleton(`runtime.${VERSION}`, () => runtime);
registerCdnElements(
  {
    'svc-storefront': SvcStorefront,
    'svc-post-gallery': SvcPostGallery,
    'svc-shoppable-post': SvcShoppablePost,
    'svc-review-summary': SvcReviewSummary,
  },
  {
    'svc-reviews': () => import('./elements/reviews/svc-reviews.js'),
    'svc-rich-snippet': () => import('./elements/rich-snippet/svc-rich-snippet.js'),
  },
);

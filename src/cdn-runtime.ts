/**
 * What the script-tag bundle lends its lazily loaded sibling files
 * (`storefront-widgets.<part>.js`, see `src/cdn-parts.ts`): one object with these
 * exports, published by `src/cdn.ts` on
 * `globalThis[Symbol.for('storefront-widgets.runtime.<version>')]`. The siblings are
 * built (`vite build --mode cdn-parts`) with every import of a module named here
 * replaced by reads of that object, so they share this copy's Lit, query client,
 * settings and strings instead of bundling their own. Add a name here when a part
 * needs it: the sibling build fails on a missing name, and on any module that the
 * script-tag bundle holds but this facade does not lend.
 */
// `_$LH`: Lit's internals, for the directive helpers a sibling bundles with `repeat`.
export { _$LH, css, html, LitElement, noChange, nothing, svg } from 'lit';
export { Directive, directive, PartType } from 'lit/directive.js';
export { safeUrl } from './api/url.js';
export { sharedSingleton } from './page/shared-state.js';
export { infiniteQueryController, queryController } from './controllers/query-controller.js';
export { reviewSummaryQuery, reviewsQuery, richSnippetQuery } from './queries/options.js';
export { defineElement, StorefrontElement } from './elements/shared/base.js';
export { cssText } from './elements/shared/css-text.js';
export { clampInteger, pickOption } from './elements/shared/options.js';
export { renderError } from './elements/shared/states.js';
export { renderSkeleton } from './elements/post-gallery/layouts.js';
export { isRtl, prefersReducedMotion } from './elements/post-gallery/motion.js';
export { tokens } from './elements/post-gallery/post-gallery.styles.js';
export { distributionStyles, overviewStyles, renderDistribution, renderOverview } from './elements/review-summary/distribution.js';
export { REVIEW_FILTER_EVENT } from './elements/review-summary/filter.js';
export { hostVisibility } from './elements/review-summary/host-visibility.js';
export { isSilentFailure, targetOf, warnSilentFailure } from './elements/review-summary/notices.js';
export { reviewTokens } from './elements/review-summary/review-summary.styles.js';
export { renderStars, starsStyles } from './elements/review-summary/stars.js';
export { SvcShoppablePost } from './elements/shoppable-post/svc-shoppable-post.js';

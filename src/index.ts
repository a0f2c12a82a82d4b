/**
 * storefront-widgets: the data layer and the element classes, without registering any
 * element. Import `storefront-widgets/register` (or one element's entry, such as
 * `storefront-widgets/post-gallery`) to define the `svc-*` tags.
 */
export { VERSION } from './version.js';

// Reading the Storefront API.
export { StorefrontClient, type ClientOptions, type PageRequest, type PostFilters, type ReviewQuery, type ReviewTarget } from './api/client.js';
export {
  ConfigError,
  InvalidKeyError,
  InvalidRequestError,
  isStorefrontError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  PlanLacksReviewsError,
  RateLimitedError,
  ServerError,
  StorefrontError,
  TimeoutError,
  UnauthorizedError,
  type StorefrontErrorCode,
} from './api/errors.js';
export type {
  JsonLd,
  Label,
  Media,
  Page,
  Post,
  PostType,
  Price,
  Product,
  ProductRating,
  Review,
  ReviewLocalization,
  ReviewReply,
  ReviewSummary,
  StarCounts,
  TaggedProduct,
  Uploader,
} from './api/types.js';
export type { LabelMatch, ReviewSort } from './api/wire.js';

// Queries (TanStack Query Core) and the Lit controllers that bind them to elements.
export { postQuery, postsQuery } from './queries/post-options.js';
export { reviewsQuery } from './queries/review-options.js';
export {
  queryKeys,
  ratingQuery,
  reviewSummaryQuery,
  richSnippetQuery,
  type PostOptions,
  type PostsOptions,
  type RatingOptions,
  type ReviewsOptions,
  type ReviewSummaryOptions,
  type RichSnippetOptions,
} from './queries/options.js';
export { storefrontFor, type Storefront } from './queries/query-client.js';
export { infiniteQueryController, ObserverController, queryController, type QuerySource } from './controllers/query-controller.js';

// Page-wide settings and strings (shared by every copy of the library on the page).
export { configure } from './configure.js';
export type { PageSettings, StorefrontSettings } from './page/configure.js';
export type { AnalyticsData, AnalyticsEventName, AnalyticsSettings, ConsentSettings } from './page/analytics-settings.js';
export { Localizer } from './i18n/localize.js';
export { setStrings, type StringOverrides } from './page/strings.js';
export type { PluralForms, StringKey } from './i18n/en.js';

// The element classes, unregistered.
export { defineElement, StorefrontElement } from './elements/shared/base.js';
export { SvcStorefront } from './elements/storefront/storefront-element.js';
export { SvcPostGallery } from './elements/post-gallery/post-gallery-element.js';
export { SvcShoppablePost } from './elements/shoppable-post/shoppable-post-element.js';
export { SvcReviewSummary } from './elements/review-summary/review-summary-element.js';
export { SvcReviews } from './elements/reviews/reviews-element.js';
export { SvcRichSnippet } from './elements/rich-snippet/rich-snippet-element.js';

// The tags' classes in `HTMLElementTagNameMap` (`document.querySelector('svc-reviews')`).
export type { StorefrontTagNameMap } from './types/tag-map.js';

// The tags' attributes (for templates; see also `storefront-widgets/jsx`, `/vue`, `/svelte`).
export type * from './types/attributes.js';

// Event detail types; importing this module also types `addEventListener('svc-…')`.
export type * from './events.js';

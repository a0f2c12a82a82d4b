/**
 * Every wire name the Storefront API contract leaves to assumption lives here (paths,
 * query parameters, envelope and header names, error codes), so that a change of the
 * real API touches this file and the normalizer only.
 */

/** Used when neither the element, a `<svc-storefront>` ancestor nor `configure()` names one. */
export const DEFAULT_API_BASE = 'https://storefront.example.com';

export const API_VERSION_PATH = '/v1';

export const PUBLISHABLE_KEY_PREFIX = 'svc_pk_';
export const SECRET_KEY_PREFIX = 'svc_sk_';

export const paths = {
  posts: () => '/posts',
  post: (postId: string) => `/posts/${encodeURIComponent(postId)}`,
  productReviews: (productRef: string) => `/products/${encodeURIComponent(productRef)}/reviews`,
  productReviewSummary: (productRef: string) => `/products/${encodeURIComponent(productRef)}/review-summary`,
  companyReviews: () => '/company/reviews',
  companyReviewSummary: () => '/company/review-summary',
  richSnippet: (productRef: string) => `/products/${encodeURIComponent(productRef)}/rich-snippet`,
  /** Many products' average and count in one read (`product_ref` repeated); 404 on an API without it. */
  ratings: () => '/products/ratings',
} as const;

/** Most product refs one ratings read may ask for. */
export const RATINGS_MAX_REFS = 50;

export const params = {
  market: 'market',
  limit: 'limit',
  cursor: 'cursor',
  productRef: 'product_ref',
  galleryId: 'gallery_id',
  profileId: 'profile_id',
  labelId: 'label_id',
  labelMatch: 'label_match',
  sort: 'sort',
  rating: 'rating',
  include: 'include',
} as const;

export const INCLUDE_LOCALIZATION = 'localization';

/** Page envelope: `{ data: [...], next_cursor: string | null }`. */
export const envelope = {
  items: 'data',
  nextCursor: 'next_cursor',
} as const;

export const PAGE_LIMIT_MIN = 1;
export const PAGE_LIMIT_MAX = 50;
export const PAGE_LIMIT_DEFAULT = 20;

export const headers = {
  authorization: 'Authorization',
  retryAfter: 'Retry-After',
  rateLimitRemaining: 'RateLimit-Remaining',
  rateLimitReset: 'RateLimit-Reset',
} as const;

/** Error envelope: `{ error: { code, message } }` and its codes. */
export const errorEnvelope = { error: 'error', code: 'code', message: 'message' } as const;

export const errorCodes = {
  invalidRequest: 'invalid_request',
  unauthorized: 'unauthorized',
  planLacksReviews: 'plan_lacks_reviews',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  internal: 'internal',
} as const;

/** The API's per-key budget: a token bucket of 40, refilled at 20 per second. */
export const RATE_LIMIT = { capacity: 40, refillPerSecond: 20 } as const;

export type ReviewSort = 'newest' | 'highest' | 'lowest';
export type LabelMatch = 'any' | 'all';

/**
 * Webhooks (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 * The event types are the service's; the shape of `data` is **assumed** (the spec does not
 * show it): the review (`review`) or post (`post`) it concerns, with its product as
 * `product` (`{ id, handle }`) beside it or inside it, and a post's products under
 * `tagged_products[].product`.
 */
export const webhookEvents = {
  productReviewSubmitted: 'product-review.submitted',
  productReviewReplied: 'product-review.replied',
  companyReviewSubmitted: 'company-review.submitted',
  companyReviewReplied: 'company-review.replied',
  uploadCompleted: 'upload.completed',
} as const;

export const webhookEnvelope = { type: 'type', data: 'data' } as const;

export const webhookData = {
  review: 'review',
  post: 'post',
  product: 'product',
  productId: 'id',
  productHandle: 'handle',
  taggedProducts: 'tagged_products',
} as const;

export const webhookHeaders = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

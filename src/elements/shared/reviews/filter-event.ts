import type { ReviewTarget } from '../../../api/client.js';
import type { Star } from './distribution.js';

/** Fired by `<svc-review-summary>` and `<svc-reviews>` when a shopper filters by star. */
export const REVIEW_FILTER_EVENT = 'svc-review-filter';

export interface ReviewFilterDetail {
  /** The star filtered by, or `null` for all reviews. */
  rating: Star | null;
  /** Whose reviews: `{ productRef }` or `{ company: true }`. */
  target: ReviewTarget;
}

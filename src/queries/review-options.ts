import type { ReviewQuery, ReviewTarget, StorefrontClient } from '../api/client.js';
import { listReviews } from '../api/review-reads.js';
import { queryKeys, type ReviewsOptions } from './options.js';
import { REVIEWS_STALE_TIME } from './stale-times.js';

export function reviewsQuery(client: StorefrontClient, market: string, target: ReviewTarget, query: ReviewQuery, pageSize: number): ReviewsOptions {
  return {
    queryKey: queryKeys.reviews(market, target, query, pageSize),
    queryFn: ({ pageParam, signal }) => listReviews(client, market, target, query, { limit: pageSize, cursor: pageParam }, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: REVIEWS_STALE_TIME,
    // Another order or star filter of the same reviews: the list shows what it had until the new page is there (and moves what both share), rather than emptying.
    placeholderData: (previous, previousQuery) => (previousQuery && sameReviews(previousQuery.queryKey, market, target, pageSize) ? previous : undefined),
  };
}

/** Whether a reviews key is for the same market, target and page size (another order or filter). */
function sameReviews(key: readonly unknown[], market: string, target: ReviewTarget, pageSize: number): boolean {
  return key[2] === market && JSON.stringify(key[3]) === JSON.stringify(target) && key[5] === pageSize;
}

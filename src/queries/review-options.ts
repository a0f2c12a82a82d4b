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
  };
}

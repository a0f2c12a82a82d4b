import type { InfiniteData, InfiniteQueryObserverOptions, QueryClient, QueryObserverOptions } from '@tanstack/query-core';
import type { PostFilters, ReviewQuery, ReviewTarget, StorefrontClient } from '../api/client.js';
import type { StorefrontError } from '../api/errors.js';
import type { JsonLd, Page, Post, ProductRating, Review, ReviewSummary } from '../api/types.js';
import { ratingsBatch } from './ratings-batch.js';
import { REVIEWS_STALE_TIME } from './stale-times.js';

/**
 * Query keys and options for every Storefront read, from small factories, so that the
 * cache, the elements and the tests agree on one key per resource. The QueryClient is
 * already per key and API base, so keys start with the market. The options of posts and
 * review lists are in post-options.ts and review-options.ts, with their reads.
 */
export type PostsKey = readonly ['storefront', 'posts', string, PostFilters, number];
export type PostKey = readonly ['storefront', 'post', string, string];
export type ReviewsKey = readonly ['storefront', 'reviews', string, ReviewTarget, ReviewQuery, number];
export type ReviewSummaryKey = readonly ['storefront', 'review-summary', string, ReviewTarget];
export type RichSnippetKey = readonly ['storefront', 'rich-snippet', string, string];
export type RatingKey = readonly ['storefront', 'rating', string, string];

export type PostsOptions = InfiniteQueryObserverOptions<Page<Post>, StorefrontError, InfiniteData<Page<Post>, string | null>, PostsKey, string | null>;
export type ReviewsOptions = InfiniteQueryObserverOptions<Page<Review>, StorefrontError, InfiniteData<Page<Review>, string | null>, ReviewsKey, string | null>;
export type PostOptions = QueryObserverOptions<Post, StorefrontError, Post, Post, PostKey>;
export type ReviewSummaryOptions = QueryObserverOptions<ReviewSummary, StorefrontError, ReviewSummary, ReviewSummary, ReviewSummaryKey>;
export type RichSnippetOptions = QueryObserverOptions<JsonLd, StorefrontError, JsonLd, JsonLd, RichSnippetKey>;
export type RatingOptions = QueryObserverOptions<ProductRating, StorefrontError, ProductRating, ProductRating, RatingKey>;

export const queryKeys = {
  posts: (market: string, filters: PostFilters, pageSize: number): PostsKey => ['storefront', 'posts', market, filters, pageSize],
  post: (market: string, postId: string): PostKey => ['storefront', 'post', market, postId],
  reviews: (market: string, target: ReviewTarget, query: ReviewQuery, pageSize: number): ReviewsKey => ['storefront', 'reviews', market, target, query, pageSize],
  reviewSummary: (market: string, target: ReviewTarget): ReviewSummaryKey => ['storefront', 'review-summary', market, target],
  richSnippet: (market: string, productRef: string): RichSnippetKey => ['storefront', 'rich-snippet', market, productRef],
  rating: (market: string, productRef: string): RatingKey => ['storefront', 'rating', market, productRef],
};

/** A product's summary also gives its badges their figures: a badge added later asks nothing (never the reverse: a summary needs the distribution). */
export function reviewSummaryQuery(client: StorefrontClient, market: string, target: ReviewTarget): ReviewSummaryOptions {
  return {
    queryKey: queryKeys.reviewSummary(market, target),
    queryFn: async ({ signal }) => {
      const summary = await client.getReviewSummary(market, target, signal);
      if ('productRef' in target) ratingsBatch(client, market).remember({ productRef: target.productRef, average: summary.average, count: summary.count });
      return summary;
    },
    staleTime: REVIEWS_STALE_TIME,
  };
}

export function richSnippetQuery(client: StorefrontClient, market: string, productRef: string): RichSnippetOptions {
  return {
    queryKey: queryKeys.richSnippet(market, productRef),
    queryFn: ({ signal }) => client.getRichSnippet(market, productRef, signal),
    staleTime: REVIEWS_STALE_TIME,
  };
}

/**
 * A product's average and count, for a badge: read in one batch with every other badge
 * that asks within the same task or frame (`ratings-batch.ts`). A full review summary of
 * the same product already in the cache serves it without a request (it has both
 * figures); never the reverse, since a full summary needs the distribution.
 */
export function ratingQuery(client: StorefrontClient, queryClient: QueryClient, market: string, productRef: string): RatingOptions {
  const summaryKey = queryKeys.reviewSummary(market, { productRef });
  return {
    queryKey: queryKeys.rating(market, productRef),
    queryFn: ({ signal }) => ratingsBatch(client, market).load(productRef, signal),
    initialData: () => {
      const summary = queryClient.getQueryData<ReviewSummary>(summaryKey);
      return summary && { productRef, average: summary.average, count: summary.count };
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(summaryKey)?.dataUpdatedAt,
    staleTime: REVIEWS_STALE_TIME,
  };
}

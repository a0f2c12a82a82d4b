import type { PostFilters, StorefrontClient } from '../api/client.js';
import { getPost, listPosts } from '../api/post-reads.js';
import { queryKeys, type PostOptions, type PostsOptions } from './options.js';
import { POSTS_STALE_TIME } from './stale-times.js';

export function postsQuery(client: StorefrontClient, market: string, filters: PostFilters, pageSize: number): PostsOptions {
  return {
    queryKey: queryKeys.posts(market, filters, pageSize),
    queryFn: ({ pageParam, signal }) => listPosts(client, market, filters, { limit: pageSize, cursor: pageParam }, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: POSTS_STALE_TIME,
  };
}

export function postQuery(client: StorefrontClient, market: string, postId: string): PostOptions {
  return {
    queryKey: queryKeys.post(market, postId),
    queryFn: ({ signal }) => getPost(client, market, postId, signal),
    staleTime: POSTS_STALE_TIME,
  };
}

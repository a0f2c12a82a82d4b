import type { PageRequest, PostFilters, StorefrontTransport } from './transport.js';
import { normalizePage } from './normalize.js';
import { normalizePost } from './normalize-post.js';
import type { Page, Post } from './types.js';
import { params, paths } from './wire.js';

/** A page of posts, filtered (`GET /v1/posts`). */
export function listPosts(client: StorefrontTransport, market: string, filters: PostFilters, page: PageRequest, signal?: AbortSignal): Promise<Page<Post>> {
  const query = client.query(market, page);
  if (filters.productRef) query.set(params.productRef, filters.productRef);
  if (filters.galleryId) query.set(params.galleryId, filters.galleryId);
  if (filters.profileId) query.set(params.profileId, filters.profileId);
  for (const id of filters.labelIds ?? []) query.append(params.labelId, id);
  if (filters.labelIds?.length && filters.labelMatch) query.set(params.labelMatch, filters.labelMatch);
  return client.read(paths.posts(), query, signal, (body) => normalizePage(body, normalizePost, client.apiBase));
}

/** One post (`GET /v1/posts/{id}`). */
export function getPost(client: StorefrontTransport, market: string, postId: string, signal?: AbortSignal): Promise<Post> {
  return client.read(paths.post(postId), client.query(market), signal, (body) => normalizePost(body, client.apiBase));
}

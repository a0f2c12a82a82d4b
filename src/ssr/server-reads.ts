import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { clientFor } from '../api/client-registry.js';
import type { StorefrontClient } from '../api/client.js';
import type { ReadApi, ServerRead } from '../page/server-state.js';
import { reviewSummaryQuery, richSnippetQuery } from '../queries/options.js';
import { reviewsQuery } from '../queries/review-options.js';
import { postQuery, postsQuery } from '../queries/post-options.js';
import { parseFilters, parsePageSize } from '../elements/post-gallery/gallery-options.js';
import { listQuery } from '../elements/reviews/reviews-element.js';
import { targetOf } from '../elements/shared/reviews/notices.js';
import type { FoundElement } from './fragment.js';

/**
 * What each element reads on the server, with the same client as in the browser
 * (publishable key only, the same normalizer and rate limit), in the form the page puts
 * in its caches (see page/server-state.ts and queries/seed.ts). An element whose read fails,
 * or that this server render does not cover, gets no reads and stays as written.
 */

/** An element with what it reads, or `undefined` when it is not rendered on the server. */
export interface PlannedElement {
  element: FoundElement;
  client: StorefrontClient;
  api: ReadApi;
  /** Every read the element's render needs, as they arrive. */
  reads: ServerRead[];
  /** How many reads it needs: an element that gets fewer (one failed) stays as written. */
  wanted: number;
}

/** The tags a server render covers; every other element stays as written and renders in the browser. */
export const SERVER_RENDERED = new Set(['svc-review-summary', 'svc-reviews', 'svc-rich-snippet', 'svc-shoppable-post', 'svc-post-gallery']);

/**
 * One query's read (the first page of an infinite one), shared by the elements of a
 * render that read the same (a full summary and a list's header), in a QueryClient of its
 * own: a read that fails leaves nothing behind.
 */
function queryRead(shared: Map<string, Promise<ServerRead>>, api: ReadApi, options: { queryKey: QueryKey; initialPageParam?: unknown }): Promise<ServerRead> {
  const id = JSON.stringify([api, options.queryKey]);
  let read = shared.get(id);
  if (read === undefined) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetching = 'initialPageParam' in options ? queryClient.fetchInfiniteQuery(options as never) : queryClient.fetchQuery(options as never);
    read = fetching.then((data: unknown): ServerRead => ({ kind: 'query', api, queryKey: options.queryKey, data, at: Date.now() })).finally(() => queryClient.clear());
    shared.set(id, read);
  }
  return read;
}

/** Reads every planned element's data: the badges of one client and market in one ratings read, the rest one read each. */
export async function readAll(found: readonly FoundElement[]): Promise<PlannedElement[]> {
  const planned: PlannedElement[] = [];
  for (const element of found) {
    if (!SERVER_RENDERED.has(element.tag)) continue;
    try {
      const api: ReadApi = { publishableKey: element.settings.publishableKey, ...(element.settings.apiBase ? { apiBase: element.settings.apiBase } : {}) };
      planned.push({ element, client: clientFor(api), api, reads: [], wanted: 0 });
    } catch {
      // A setting the browser refuses (not a publishable key, a bad API base): it says so there.
    }
  }
  const badges = new Map<string, PlannedElement[]>();
  const others: Promise<void>[] = [];
  const shared = new Map<string, Promise<ServerRead>>();
  const add = (entry: PlannedElement, options: { queryKey: QueryKey; initialPageParam?: unknown }) => {
    entry.wanted++;
    others.push(queryRead(shared, entry.api, options).then((read) => void entry.reads.push(read)));
  };
  for (const entry of planned) {
    const { tag, attributes, settings } = entry.element;
    const productRef = attributes.get('product-ref') || undefined;
    if (tag === 'svc-shoppable-post') {
      const postId = attributes.get('post-id');
      if (postId) add(entry, postQuery(entry.client, settings.market, postId));
      continue;
    }
    if (tag === 'svc-post-gallery') {
      const filters = parseFilters({ productRef, galleryId: attributes.get('gallery-id'), profileId: attributes.get('profile-id'), labelId: attributes.get('label-id'), labelMatch: attributes.get('label-match') });
      add(entry, postsQuery(entry.client, settings.market, filters, parsePageSize(attributes.get('page-size'))));
      continue;
    }
    if (tag === 'svc-rich-snippet') {
      if (productRef) add(entry, richSnippetQuery(entry.client, settings.market, productRef));
      continue;
    }
    const target = targetOf(productRef, attributes.has('company'));
    if (target === undefined) continue;
    if (tag === 'svc-reviews') {
      const { query, pageSize } = listQuery(attributes.get('sort'), attributes.get('rating'), attributes.get('page-size'));
      add(entry, reviewSummaryQuery(entry.client, settings.market, target));
      add(entry, reviewsQuery(entry.client, settings.market, target, query, pageSize));
    } else if (attributes.get('variant') === 'badge' && 'productRef' in target) {
      const group = `${entry.client.apiBase}|${entry.client.publishableKey}|${settings.market}`;
      entry.wanted++;
      badges.set(group, [...(badges.get(group) ?? []), entry]);
    } else {
      add(entry, reviewSummaryQuery(entry.client, settings.market, target));
    }
  }
  for (const group of badges.values()) {
    const { client, api, element } = group[0]!;
    const market = element.settings.market;
    const refs = group.map((entry) => entry.element.attributes.get('product-ref')!);
    others.push(
      client.getRatings(market, refs).then((ratings) => {
        const at = Date.now();
        for (const entry of group) {
          const rating = ratings.find((candidate) => candidate.productRef === entry.element.attributes.get('product-ref'));
          if (rating) entry.reads.push({ kind: 'rating', api, market, data: rating, at });
        }
      }),
    );
  }
  // A failed read leaves its element without reads (as written); the others go on.
  await Promise.allSettled(others);
  return planned.filter((entry) => entry.wanted > 0 && entry.reads.length === entry.wanted);
}

import type { QueryKey } from '@tanstack/query-core';
import { clientFor } from '../api/client-registry.js';
import type { StorefrontClient } from '../api/client.js';
import type { ReadApi, ServerRead } from '../page/server-state.js';
import { reviewSummaryQuery, richSnippetQuery } from '../queries/options.js';
import { reviewsQuery } from '../queries/review-options.js';
import { postQuery, postsQuery } from '../queries/post-options.js';
import { parseFilters, parsePageSize } from '../elements/post-gallery/gallery-options.js';
import { listQuery } from '../elements/reviews/reviews-element.js';
import { targetOf } from '../elements/shared/reviews/notices.js';
import type { ProductRating } from '../api/types.js';
import type { FoundElement } from './fragment.js';
import type { ReadSource } from './read-cache.js';
import { stateData } from './state-fields.js';

/**
 * What each element reads on the server, with the same client as in the browser
 * (publishable key only, the same normalizer), in the form the page puts in its caches
 * (see page/server-state.ts and queries/seed.ts), each through the render's `ReadSource`
 * (read-cache.ts, or proxy-reads.ts), whose budget is its one limit. An element whose read fails or is not there by the
 * render's deadline, or that this server render does not cover, gets no reads and stays
 * as written (it renders in the browser).
 */

/** An element with what it reads, or `undefined` when it is not rendered on the server. */
export interface PlannedElement {
  element: FoundElement;
  /** The elements' client, whose caches the render seeds (the source gives each read the client that makes it). */
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
 * A query's data as `fetchQuery` gives it (the first page of an infinite one, as
 * `fetchInfiniteQuery` shapes it), from its query function called once (no retries: the
 * source has its own), with the source's signal. No QueryClient: its notifications wait
 * for a timer, which a read served from a cache in process would pay on every render.
 */
async function fetchData(options: { queryKey: QueryKey; initialPageParam?: unknown }, signal: AbortSignal): Promise<unknown> {
  const queryFn = (options as unknown as { queryFn: (context: Record<string, unknown>) => Promise<unknown> }).queryFn;
  const context = { queryKey: options.queryKey, signal, meta: undefined };
  if (!('initialPageParam' in options)) return queryFn(context);
  const page = await queryFn({ ...context, pageParam: options.initialPageParam, direction: 'forward' });
  return { pages: [page], pageParams: [options.initialPageParam] };
}

/**
 * What a render waits for its reads: a read the budget cannot send within `deadlineMs` of
 * the render's start is given up then, and its element stays as written; a read on its
 * way by then (sent, or being sent for another render) is waited for, up to
 * `ON_ITS_WAY_MS` past the deadline, since its answer is near (a first read in a fresh
 * process pays for its connection) and is the review text search engines read.
 */
export interface ReadOptions {
  source: ReadSource;
  deadlineMs: number;
  /** Called as each element's last read arrives, so that it renders while the others' are on their way. */
  onReady?: (entry: PlannedElement) => void;
}

/** How long past the deadline a render waits for a read on its way: an API that answers in tens of ms is not holding it up, one that hangs is. */
export const ON_ITS_WAY_MS = 2_000;

/** Reads every planned element's data: the badges of one client and market in one ratings read, the rest one read each. */
export async function readAll(found: readonly FoundElement[], { source, deadlineMs, onReady }: ReadOptions): Promise<PlannedElement[]> {
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
  // A read not sent within the first half of the deadline would rarely be answered within it: the element is left at once.
  const by = Date.now() + deadlineMs / 2;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const after = (ms: number) => new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)));
  const deadline = after(deadlineMs);
  const lastWait = deadline.then(() => after(ON_ITS_WAY_MS));
  const giveUp = () => Promise.reject(new Error('deadline'));
  /** A read through the source, given up (for this render: the source may still finish it) at the deadline, unless it is on its way then. */
  const read = (api: ReadApi, id: unknown[], load: (signal: AbortSignal, reader: StorefrontClient) => Promise<unknown>) => {
    const request = { id: JSON.stringify([api, ...id]), api, key: `${api.apiBase ?? ''}|${api.publishableKey}`, by, load };
    const answer = source.read(request);
    return Promise.race([answer, deadline.then(() => (source.onItsWay(request.id) ? Promise.race([answer, lastWait.then(giveUp)]) : giveUp()))]);
  };
  /** A query of the element's, its options made for the client that reads it (`entry.client` names its key alone). */
  const add = (entry: PlannedElement, options: (reader: StorefrontClient) => { queryKey: QueryKey; initialPageParam?: unknown }) => {
    entry.wanted++;
    const { api } = entry;
    const { queryKey } = options(entry.client);
    others.push(
      // Kept (and cached) as the page will carry it: without the fields no browser code reads (state-fields.ts).
      read(api, [queryKey], async (signal, reader) => stateData(queryKey, await fetchData(options(reader), signal))).then(({ data, at }) => {
        entry.reads.push({ kind: 'query', api, queryKey, data, at });
        if (entry.reads.length === entry.wanted) onReady?.(entry);
      }),
    );
  };
  for (const entry of planned) {
    const { tag, attributes, settings } = entry.element;
    const productRef = attributes.get('product-ref') || undefined;
    if (tag === 'svc-shoppable-post') {
      const postId = attributes.get('post-id');
      if (postId) add(entry, (reader) => postQuery(reader, settings.market, postId));
      continue;
    }
    if (tag === 'svc-post-gallery') {
      const filters = parseFilters({ productRef, galleryId: attributes.get('gallery-id'), profileId: attributes.get('profile-id'), labelId: attributes.get('label-id'), labelMatch: attributes.get('label-match') });
      add(entry, (reader) => postsQuery(reader, settings.market, filters, parsePageSize(attributes.get('page-size'))));
      continue;
    }
    if (tag === 'svc-rich-snippet') {
      if (productRef) add(entry, (reader) => richSnippetQuery(reader, settings.market, productRef));
      continue;
    }
    const target = targetOf(productRef, attributes.has('company'));
    if (target === undefined) continue;
    if (tag === 'svc-reviews') {
      const { query, pageSize } = listQuery(attributes.get('sort'), attributes.get('rating'), attributes.get('page-size'));
      add(entry, (reader) => reviewSummaryQuery(reader, settings.market, target));
      add(entry, (reader) => reviewsQuery(reader, settings.market, target, query, pageSize));
    } else if (attributes.get('variant') === 'badge' && 'productRef' in target) {
      const group = `${entry.client.apiBase}|${entry.client.publishableKey}|${settings.market}`;
      entry.wanted++;
      badges.set(group, [...(badges.get(group) ?? []), entry]);
    } else {
      add(entry, (reader) => reviewSummaryQuery(reader, settings.market, target));
    }
  }
  for (const group of badges.values()) {
    const { api, element } = group[0]!;
    const market = element.settings.market;
    const refs = [...new Set(group.map((entry) => entry.element.attributes.get('product-ref')!))].sort();
    others.push(
      read(api, ['ratings', market, refs], (signal, reader) => reader.getRatings(market, refs, signal)).then(({ data, at }) => {
        const ratings = data as ProductRating[];
        for (const entry of group) {
          const rating = ratings.find((candidate) => candidate.productRef === entry.element.attributes.get('product-ref'));
          if (!rating) continue;
          entry.reads.push({ kind: 'rating', api, market, data: rating, at });
          onReady?.(entry);
        }
      }),
    );
  }
  // A failed read, or one past the deadline, leaves its element without reads (as written); the others go on.
  await Promise.allSettled(others);
  for (const timer of timers) clearTimeout(timer);
  return planned.filter((entry) => entry.wanted > 0 && entry.reads.length === entry.wanted);
}

import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { clientFor } from '../api/client-registry.js';
import type { StorefrontClient } from '../api/client.js';
import type { ReadApi, ServerRead } from '../page/server-state.js';
import { reviewSummaryQuery, richSnippetQuery } from '../queries/options.js';
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
  /** Every read the element's render needs; empty until read, and left empty when one fails. */
  reads: ServerRead[];
}

/** The tags a server render covers; every other element stays as written and renders in the browser. */
export const SERVER_RENDERED = new Set(['svc-review-summary', 'svc-rich-snippet']);

async function queryRead(api: ReadApi, options: { queryKey: QueryKey; queryFn?: unknown }): Promise<ServerRead> {
  // A QueryClient of its own for one read: a read that fails leaves nothing behind.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    const data: unknown = await queryClient.fetchQuery(options as never);
    return { kind: 'query', api, queryKey: options.queryKey, data, at: Date.now() };
  } finally {
    queryClient.clear();
  }
}

/** Reads every planned element's data: the badges of one client and market in one ratings read, the rest one read each. */
export async function readAll(found: readonly FoundElement[]): Promise<PlannedElement[]> {
  const planned: PlannedElement[] = [];
  for (const element of found) {
    if (!SERVER_RENDERED.has(element.tag)) continue;
    try {
      const api: ReadApi = { publishableKey: element.settings.publishableKey, ...(element.settings.apiBase ? { apiBase: element.settings.apiBase } : {}) };
      planned.push({ element, client: clientFor(api), api, reads: [] });
    } catch {
      // A setting the browser refuses (not a publishable key, a bad API base): it says so there.
    }
  }
  const badges = new Map<string, PlannedElement[]>();
  const others: Promise<void>[] = [];
  for (const entry of planned) {
    const { tag, attributes, settings } = entry.element;
    const productRef = attributes.get('product-ref') || undefined;
    if (tag === 'svc-rich-snippet') {
      if (productRef) others.push(queryRead(entry.api, richSnippetQuery(entry.client, settings.market, productRef)).then((read) => void entry.reads.push(read)));
      continue;
    }
    const target = targetOf(productRef, attributes.has('company'));
    if (target === undefined) continue;
    if (attributes.get('variant') === 'badge' && 'productRef' in target) {
      const group = `${entry.client.apiBase}|${entry.client.publishableKey}|${settings.market}`;
      badges.set(group, [...(badges.get(group) ?? []), entry]);
    } else {
      others.push(queryRead(entry.api, reviewSummaryQuery(entry.client, settings.market, target)).then((read) => void entry.reads.push(read)));
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
  return planned.filter((entry) => entry.reads.length > 0);
}

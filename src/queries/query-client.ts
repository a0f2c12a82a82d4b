import { QueryClient } from '@tanstack/query-core';
import { clientFor } from '../api/client-registry.js';
import type { ClientOptions, StorefrontClient } from '../api/client.js';

export interface Storefront {
  client: StorefrontClient;
  queryClient: QueryClient;
}

const queryClients = new WeakMap<StorefrontClient, QueryClient>();

/**
 * The QueryClient of one API client (key and API base): every element on the page with
 * the same settings shares a cache and deduplicates requests. It lives here, apart from
 * the client, so that an element that reads without query-core (a product's badge) never
 * loads it.
 */
export function queryClientFor(client: StorefrontClient): QueryClient {
  let queryClient = queryClients.get(client);
  if (queryClient === undefined) {
    queryClient = new QueryClient({
      defaultOptions: {
        queries: {
          // The API client retries (backoff for 5xx, Retry-After for 429) itself.
          retry: false,
          // A widget refetching whenever a shopper switches tabs is surprise traffic.
          refetchOnWindowFocus: false,
          refetchOnReconnect: false,
          gcTime: 5 * 60_000,
        },
      },
    });
    queryClients.set(client, queryClient);
  }
  return queryClient;
}

/**
 * The shared API client and QueryClient for a publishable key and API base. Throws
 * `InvalidKeyError` for a key that is not publishable, before any request.
 */
export function storefrontFor(options: ClientOptions): Storefront {
  const client = clientFor(options);
  return { client, queryClient: queryClientFor(client) };
}

import { QueryClient } from '@tanstack/query-core';
import { StorefrontClient, type ClientOptions } from '../api/client.js';

export interface Storefront {
  client: StorefrontClient;
  queryClient: QueryClient;
}

const storefronts = new Map<string, Storefront>();

/**
 * One API client and one QueryClient per publishable key and API base, so that every
 * element on the page with the same settings shares a cache and deduplicates requests.
 * Throws `InvalidKeyError` for a key that is not publishable, before any request.
 */
export function storefrontFor(options: ClientOptions): Storefront {
  const client = new StorefrontClient(options);
  const id = `${client.apiBase}|${client.publishableKey}|${client.timeoutMs}`;
  let storefront = storefronts.get(id);
  if (storefront === undefined) {
    storefront = {
      client,
      queryClient: new QueryClient({
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
      }),
    };
    storefronts.set(id, storefront);
  }
  return storefront;
}

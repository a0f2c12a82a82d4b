import { StorefrontClient, type ClientOptions } from './client.js';

const clients = new Map<string, StorefrontClient>();

/**
 * One API client per publishable key, API base and timeout, so that every element with
 * the same settings shares its batches and caches. Throws `InvalidKeyError` for a key
 * that is not publishable (and `ConfigError` for a bad API base), before any request.
 */
export function clientFor(options: ClientOptions): StorefrontClient {
  const client = new StorefrontClient(options);
  const id = `${client.apiBase}|${client.publishableKey}|${client.timeoutMs}`;
  let shared = clients.get(id);
  if (shared === undefined) {
    shared = client;
    clients.set(id, shared);
  }
  return shared;
}

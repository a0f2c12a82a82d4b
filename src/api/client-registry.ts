import { StorefrontClient, type ClientOptions } from './client.js';

/** By the settings as written (the common case: the same strings again), then by the client's normalized ones. */
const byOptions = new Map<string, StorefrontClient>();
const byClient = new Map<string, StorefrontClient>();

/**
 * One API client per publishable key, API base and timeout, so that every element with
 * the same settings shares its batches and caches. Throws `InvalidKeyError` for a key
 * that is not publishable (and `ConfigError` for a bad API base), before any request.
 * Settings seen before return their client without building (and checking) a new one:
 * elements resolve their settings on every stretch of updates.
 */
export function clientFor(options: ClientOptions): StorefrontClient {
  const written = `${options.apiBase ?? ''}|${options.publishableKey}|${options.timeoutMs ?? ''}`;
  const known = byOptions.get(written);
  if (known) return known;
  const client = new StorefrontClient(options);
  const id = `${client.apiBase}|${client.publishableKey}|${client.timeoutMs}`;
  const shared = byClient.get(id) ?? client;
  byClient.set(id, shared);
  byOptions.set(written, shared);
  return shared;
}

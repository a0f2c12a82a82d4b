import { LRUCache } from 'lru-cache';
import { StorefrontClient } from '../api/client.js';
import type { Normalized } from '../api/normalize.js';
import { parseResponse } from '../api/transport.js';
import type { InProcessRead, StorefrontProxy } from '../edge/proxy.js';
import type { StoredRead } from '../edge/stores.js';
import type { ReadApi } from '../page/server-state.js';
import { MAX_DATA_AGE_MS, type ReadSource } from './read-cache.js';

/**
 * The reads of server renders through a read proxy in the same process or worker
 * (`renderWidgets`' `proxy` option): each read is the GET a browser sends the proxy, handed
 * to its handler as a `Request` (no network hop), so that one API request and one entry of
 * its cache (the API's body, under the proxy's key) serve browsers and renders alike,
 * within its one budget, coalesced with the browsers' reads and refreshed by its webhooks.
 * Each render reads the body with the browser's normalizer.
 */

/** The signal of every read: the proxy gives a read up itself (its cache's 10 s for a read with nothing kept, the request's 8 s timeout). */
const NEVER = new AbortController().signal;

/** The JSON of the bodies served last, per read: a body served again is parsed once, and its left-out items reported once. */
const parsed = new LRUCache<string, { body: string; json: unknown }>({ maxSize: 8_000_000, sizeCalculation: (entry, url) => entry.body.length + url.length });
/** Each parsed body's normalized data (a body is one read's, whose normalizer is always the same). */
const normalized = new WeakMap<object, Normalized<unknown>>();

/** One render's read through `proxy`: what the browser's client would send it, answered in process. */
class ProxyReader extends StorefrontClient {
  /** When the answers it was served were read from the API (ms since the epoch), the earliest. */
  at = Infinity;

  constructor(
    api: ReadApi,
    private readonly proxy: StorefrontProxy,
    private readonly context: InProcessRead,
  ) {
    super(api);
  }

  /** As the browser's client reads, but a body normalized before gives its data again without its problems: they were reported then. */
  override read<T>(path: string, query: URLSearchParams, signal: AbortSignal | undefined, normalize: (body: unknown) => Normalized<T> | Promise<Normalized<T>>, cache?: RequestCache): Promise<T> {
    const once = async (body: unknown): Promise<Normalized<T>> => {
      if (typeof body !== 'object' || body === null) return normalize(body);
      const known = normalized.get(body) as Normalized<T> | undefined;
      if (known !== undefined) return known.ok ? { ...known, problems: [] } : known;
      const result = await normalize(body);
      normalized.set(body, result);
      return result;
    };
    return super.read(path, query, signal, once, cache);
  }

  /** The read as a GET of the proxy at its base path, whatever the API base: no retries (the proxy's cache has its own), no token bucket (its budget is the one limit). */
  protected override async send(url: string): Promise<unknown> {
    const request = new Request(new URL(`${this.proxy.basePath}${url.slice(this.apiBase.length)}`, url));
    let served = undefined as StoredRead | undefined;
    const response = await this.proxy(request, { inProcess: { ...this.context, onServed: (read) => (served = read) } });
    // Not served a kept answer: the proxy's own error (unavailable, a bad request).
    if (served === undefined) return parseResponse(response, await response.text());
    // Its body (the same text) left unread: an answer in memory needs no cancelling, and a stream made to cancel it costs more than the read.
    this.at = Math.min(this.at, served.storedAt);
    const kept = parsed.get(url);
    if (kept !== undefined && kept.body === served.body) return kept.json;
    const json = parseResponse(response, served.body);
    parsed.set(url, { body: served.body, json });
    return json;
  }
}

const sources = new WeakMap<StorefrontProxy, ReadSource>();

/** The reads of renders through `proxy`, the same source for every render given it. */
export function proxyReads(proxy: StorefrontProxy): ReadSource {
  let source = sources.get(proxy);
  if (source !== undefined) return source;
  /** Per read, how many renders' reads of it are on their way to the API (their request sent, for them or another reader). */
  const onItsWay = new Map<string, number>();
  source = {
    onItsWay: (id) => onItsWay.has(id),
    async read({ id, api, by, load }) {
      let counted = false;
      let done = false;
      const onSent = () => {
        if (done || counted) return;
        counted = true;
        onItsWay.set(id, (onItsWay.get(id) ?? 0) + 1);
      };
      const reader = new ProxyReader(api, proxy, { sendBy: by, onSent, maxAgeMs: MAX_DATA_AGE_MS });
      try {
        const data = await load(NEVER, reader);
        return { data, at: Number.isFinite(reader.at) ? reader.at : Date.now() };
      } finally {
        done = true;
        if (counted) {
          const left = onItsWay.get(id)! - 1;
          if (left > 0) onItsWay.set(id, left);
          else onItsWay.delete(id);
        }
      }
    },
  };
  sources.set(proxy, source);
  return source;
}

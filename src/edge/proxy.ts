import { assertPublishableKey } from '../api/keys.js';
import { assertApiBase } from '../api/url.js';
import { LRUCache } from 'lru-cache';
import { API_VERSION_PATH, envelope as pageEnvelope, headers as wireHeaders, params } from '../api/wire.js';
import { createReadCache, type CacheResult, type CacheState, type Fetched, type ReadCache, type ReadOptions } from './read-cache.js';
import { matchRead, type ReadKind } from './routes.js';
import { memoryStore, type ReadStore, type StoredRead } from './stores.js';
import { cacheControl, errorResponse, readResponse, SECURITY_HEADERS, type Cors } from './responses.js';
import { banPattern, createReadIndex } from './changes.js';
import { createWebhookReceiver, type Change } from './webhooks.js';
import { createRatingsByProduct } from './ratings.js';
import { readBounded } from './bounded-body.js';
import { createBudget } from './budget.js';
import { localCoordination, shopNamespace, type Coordination, type CoordinationEvent, type Coordinator } from './coordination/types.js';

export interface StorefrontProxyOptions {
  /** The shop's publishable key (`svc_pk_…`), held by the proxy; a secret key is refused here, before any request. */
  publishableKey: string;
  /** Origin (and optional path) of the Storefront API, without `/v1`. */
  apiBase: string;
  /** Where the proxy is mounted on its own origin, e.g. `/storefront-api` (widgets then use `api-base="/storefront-api"`'s absolute URL). Default: the root. */
  basePath?: string;
  /** Origins whose pages may read the proxy cross-origin (`https://shop.example`, or `*`). Default none: same-origin only. */
  allowOrigins?: readonly string[];
  /**
   * Seconds each kind of read stays fresh. Defaults: `posts` as the API's `Cache-Control`
   * says (`'api'`; 60 s today), review lists, summaries, ratings and rich snippets 30 s:
   * the longest a new or removed review takes to show. `errors` (a 4xx of the API, such as
   * an unknown product): 10 s.
   */
  freshness?: Partial<Record<Exclude<ReadKind, 'posts'>, number>> & { posts?: number | 'api'; errors?: number };
  /** Seconds past freshness an answer is served while it refreshes. Default 300. */
  staleWhileRevalidate?: number;
  /** Seconds past freshness an answer is served while the API fails or answers 429. Default 86 400. */
  staleIfError?: number;
  /** Requests toward the API in any one second, per proxy instance. Default 18 (the key's limit is 20). */
  requestsPerSecond?: number;
  /** Cap of the default memory store, in bytes. Default 64 MiB. */
  maxBytes?: number;
  /** Where answers are kept instead of memory alone (see `webCacheStore`, `layeredStore`). */
  store?: ReadStore;
  /** A read cache of one's own (shared with server rendering, say); `store`, `maxBytes` and the budget options are then its own. */
  cache?: ReadCache;
  /** Milliseconds before a request to the API counts as failed. Default 8000. */
  timeoutMs?: number;
  /**
   * The signing secrets (`whsec_…`; two during a rotation) of the service's webhooks: the
   * proxy then answers `POST {basePath}/webhooks`, and each verified review or upload
   * event refreshes the reads it concerns. None: that path does not exist.
   */
  webhookSecrets?: readonly string[];
  /** Called once a webhook's reads are refreshed, with a regular expression of the paths they are read at: a CDN in front bans them (`varnishBan(url)`). */
  purge?: (pattern: string) => void | Promise<void>;
  /**
   * How the shop's instances share one budget of `requestsPerSecond`, one cache and one
   * fetch for equal reads: `redisCoordination('redis://10.0.0.5:6379')` from
   * `storefront-widgets/edge/redis` (Node; needs the `ioredis` package). Default: this
   * process alone, as one instance needs. See docs/proxy/scale-out.md.
   */
  coordination?: Coordination;
  /** Told of each request to the API, each answer and the coordination's events (logs, metrics). Never given the key. */
  observe?: (event: ProxyEvent) => void;
}

/** What the proxy tells `observe`. */
export type ProxyEvent =
  | CoordinationEvent
  /** One request to the API: its read's kind and path (the key is never in it), status (0: no answer) and duration. */
  | { type: 'upstream'; kind: ReadKind; path: string; status: number; ms: number; reason?: string }
  /** One read answered: how (`Cache-Status`'s state), or `unavailable` / `invalid` (502). */
  | { type: 'answer'; cache: CacheState | 'unavailable' | 'invalid' };

/** Background work after an answer was sent: Workers' `ctx`, or nothing (Node lets it run). */
export interface ProxyContext {
  waitUntil?(work: Promise<unknown>): void;
  /** A read of a server render in the same process (`renderWidgets`' `proxy` option); a runtime's own context has none. */
  inProcess?: InProcessRead;
}

/** What a server render in the same process (`renderWidgets`' `proxy` option) asks of a read through the proxy, and is told of it. */
export interface InProcessRead {
  /** Ms since the epoch: a read with nothing kept that the budget cannot send by then is answered at once (503); its request still goes, for later reads. */
  sendBy?: number;
  /** Called once the API request the read waits for is sent: its answer is near. */
  onSent?: () => void;
  /** Called with the kept answer the read is served (the record itself: its body, and when it was read). */
  onServed?: (read: StoredRead) => void;
  /** Ms: an answer read from the API longer ago than this is read again first (see the read cache's `maxAgeMs`). */
  maxAgeMs?: number;
}

export interface StorefrontProxy {
  (request: Request, context?: ProxyContext): Promise<Response>;
  /** The read cache behind the proxy: its stats, and `expire(key)` for what a webhook says changed. */
  readonly cache: ReadCache;
  /** Where it is mounted (`basePath`, without a trailing slash). */
  readonly basePath: string;
  /** How its instances share the budget and cache: this process alone, or Redis (`coordination`). */
  readonly coordinator: Coordinator;
}

const DEFAULT_FRESHNESS = { posts: 'api', reviews: 30, reviewSummary: 30, ratings: 30, richSnippet: 30, errors: 10 } as const;
const DEFAULT_REQUESTS_PER_SECOND = 18;
/** Posts' freshness when the API's answer says none. */
const POSTS_FALLBACK_SECONDS = 60;
/** Largest answer of the API read: past it the read is cut off and refused (502). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** The content types of the contract's answers: JSON (`application/json`, rich snippets' `application/ld+json`). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** Reads a webhook refreshes at once per event (those shoppers read most); the others it concerns are made stale. */
const REFRESHES_PER_EVENT = 20;
/** A read counts as recent for webhooks while read within this long. */
const RECENT_READ_MS = 10 * 60_000;
/** Cursors the proxy has handed out in pages' `next_cursor`: a page they lead to is one shoppers reach. */
const KNOWN_CURSORS = 20_000;
/** Most products of a ratings read answered by product (the API's own limit); more go to the API as they are, to be refused there. */
const MAX_BATCHED_REFS = 50;

/** A Fetch-standard handler that answers the Storefront API's reads from a shared cache. See the README's "When your shop is busy". */
export function createStorefrontProxy(options: StorefrontProxyOptions): StorefrontProxy {
  assertPublishableKey(options.publishableKey);
  assertApiBase(options.apiBase);
  const apiBase = options.apiBase.replace(/\/+$/, '').replace(new RegExp(`${API_VERSION_PATH}$`), '');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !/^\/[\w\-./~]*$/.test(basePath)) throw new TypeError(`storefront-widgets/edge: basePath "${basePath.slice(0, 100)}" must be a path such as /storefront-api.`);
  const freshness = { ...DEFAULT_FRESHNESS, ...options.freshness };
  const observe = options.observe;
  const shared = options.coordination !== undefined;
  const coordinator = options.coordination
    ? options.coordination({ namespace: shopNamespace(options.publishableKey, apiBase), ...(observe ? { observe } : {}) })
    : localCoordination((perSecond, { maxQueue }) => createBudget(perSecond, { maxQueue }));
  const cache =
    options.cache ??
    createReadCache({
      store: coordinator.store(options.store ?? memoryStore(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {})),
      ...(shared ? { budget: coordinator.budget(options.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND, { maxQueue: 2_000 }), merge: coordinator.merge } : {}),
      ...(options.requestsPerSecond !== undefined ? { requestsPerSecond: options.requestsPerSecond } : {}),
      ...(options.staleWhileRevalidate !== undefined ? { staleWhileRevalidateMs: options.staleWhileRevalidate * 1000 } : {}),
      ...(options.staleIfError !== undefined ? { staleIfErrorMs: options.staleIfError * 1000 } : {}),
    });
  const timeoutMs = options.timeoutMs ?? 8000;
  const authorization = `Bearer ${options.publishableKey}`;
  const allowOrigins = new Set(options.allowOrigins ?? []);
  // Handled ids go to the shop's own store when it gives one (shared, it may outlive this process).
  // Across instances, an id is claimed once (atomically, in Redis).
  const receive = options.webhookSecrets?.length ? createWebhookReceiver(options.webhookSecrets, { ...(options.store ? { store: options.store } : {}), ...(shared ? { claim: (id: string, keepMs: number) => coordinator.claim(id, keepMs) } : {}) }) : undefined;
  const index = createReadIndex();
  const knownCursors = new LRUCache<string, true>({ max: KNOWN_CURSORS });
  const ratings = createRatingsByProduct({ cache, ...(coordinator.shared ? { shared: coordinator.shared } : {}) });

  /**
   * Fetches again the reads a webhook's change concerns that shoppers read recently and
   * more than once, the most read first, at most `REFRESHES_PER_EVENT`; makes the others
   * stale (fetched when next read), then has a CDN in front drop its copies. Reads nobody
   * repeats (an attacker's planted ones) cost no request.
   */
  const apply = async (change: Change): Promise<void> => {
    const since = Date.now() - RECENT_READ_MS;
    // Ratings are answered from each product's entry: those of the changed products are dropped (read again when asked for).
    if ('reviewsOf' in change) ratings.forget(change.reviewsOf);
    const reads = [...index.find(change)];
    const wanted = reads.filter(([, read]) => read.kind !== 'ratings' && read.reads > 1 && read.lastReadAt >= since).sort((a, b) => b[1].reads - a[1].reads).slice(0, REFRESHES_PER_EVENT);
    const refreshed = new Set(wanted.map(([key]) => key));
    await Promise.all([
      ...wanted.map(([key, read]) => cache.refresh(key, () => fetchRead(read.kind, read.target))),
      ...reads.filter(([key]) => !refreshed.has(key)).map(([key]) => cache.expire(key)),
    ]);
    await options.purge?.(banPattern(change, basePath));
  };

  const webhook = async (request: Request, cors: Cors, context: ProxyContext | undefined): Promise<Response> => {
    if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'webhooks are POSTed', cors, { Allow: 'POST' });
    const delivery = await receive!(request);
    if (!delivery.ok) return errorResponse(delivery.status, 'invalid_webhook', delivery.message, cors);
    if (delivery.change) {
      const work = apply(delivery.change).catch((error: unknown) => console.error('storefront-widgets/edge: a webhook\'s refresh failed:', error));
      context?.waitUntil?.(work);
    }
    return new Response(JSON.stringify({ received: true, duplicate: delivery.duplicate }), { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
  };

  const fetchRead = async (kind: ReadKind, target: string): Promise<Fetched> => {
    // Built afresh: nothing of the caller's request (cookies, Authorization, other headers) goes to the API.
    const sent = performance.now();
    let response: Response;
    try {
      response = await fetch(`${apiBase}${target}`, { headers: { [wireHeaders.authorization]: authorization, Accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      observe?.({ type: 'upstream', kind, path: target, status: 0, ms: Math.round((performance.now() - sent) * 10) / 10, reason: error instanceof Error ? error.name : 'failed' });
      throw error;
    }
    observe?.({ type: 'upstream', kind, path: target, status: response.status, ms: Math.round((performance.now() - sent) * 10) / 10 });
    if (response.status === 429) {
      void response.body?.cancel().catch(() => {});
      return { ok: false, rateLimited: true, reason: 'the API answered 429', retryAfterMs: retryAfterSeconds(response) * 1000 };
    }
    if (response.status >= 500 || response.status < 200 || (response.status >= 300 && response.status < 400)) {
      void response.body?.cancel().catch(() => {});
      return { ok: false, reason: `the API answered ${response.status}` };
    }
    // Only the contract's JSON is kept and served: anything else (an HTML page, a cut or oversized body) is a 502, never stored.
    const contentType = response.headers.get('content-type') ?? '';
    if (!JSON_TYPE.test(contentType)) {
      void response.body?.cancel().catch(() => {});
      return { ok: false, status: 502, reason: `the API answered ${response.status} with ${contentType.slice(0, 60) || 'no content type'}, not JSON` };
    }
    const body = await boundedText(response, MAX_BODY_BYTES);
    if (body === undefined) return { ok: false, status: 502, reason: `the API answered with a body over ${MAX_BODY_BYTES} bytes` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { ok: false, status: 502, reason: `the API answered ${response.status} with a body that is not valid JSON` };
    }
    const next = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[pageEnvelope.nextCursor] : undefined;
    if (typeof next === 'string' && next !== '') knownCursors.set(next, true);
    const seconds = response.status !== 200 ? freshness.errors : kind === 'posts' ? (freshness.posts === 'api' ? maxAge(response) ?? POSTS_FALLBACK_SECONDS : freshness.posts) : freshness[kind];
    return { ok: true, status: response.status, body, contentType, freshMs: seconds * 1000 };
  };

  const handle = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const started = performance.now();
    const origin = request.headers.get('origin');
    // With `*`, every answer says so, whatever `Origin`; and `Vary: Origin` whenever CORS is on: a shared cache never hands one origin's copy to another.
    const cors: Cors = { origin: allowOrigins.has('*') ? '*' : origin !== null && allowOrigins.has(origin) ? origin : undefined, varies: allowOrigins.size > 0 };
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return errorResponse(400, 'invalid_request', 'malformed request URL', cors);
    }
    const { pathname } = url;
    const below = basePath === '' ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
    if (receive && pathname === `${basePath}/webhooks`) return webhook(request, cors, context);
    if (request.method === 'OPTIONS') {
      if (cors.origin === undefined || origin === null) return errorResponse(403, 'forbidden', 'this origin may not read the Storefront proxy', cors);
      return new Response(null, {
        status: 204,
        headers: { 'Access-Control-Allow-Origin': cors.origin, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': 'Authorization', 'Access-Control-Max-Age': '600', ...(cors.varies ? { Vary: 'Origin' } : {}), ...SECURITY_HEADERS },
      });
    }
    if (below === undefined) return errorResponse(404, 'not_found', 'no Storefront read at this path', cors);
    const matched = matchRead(below, url.searchParams);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!matched.ok && matched.status === 404) return errorResponse(404, 'not_found', matched.message, cors);
      return errorResponse(405, 'method_not_allowed', `${request.method.slice(0, 20)} is not allowed; the Storefront API is read only`, cors, { Allow: 'GET, HEAD, OPTIONS' });
    }
    if (!matched.ok) return errorResponse(matched.status, matched.status === 404 ? 'not_found' : 'invalid_request', matched.message, cors);
    index.add(`${apiBase}${matched.target}`, { kind: matched.kind, target: matched.target }, matched.tags);
    // A first page, or a page a first page led to: a shape shoppers' pages read (see ReadOptions.demanded).
    const cursor = url.searchParams.get(params.cursor);
    const demanded = cursor === null || knownCursors.has(cursor);
    const inProcess = context?.inProcess;
    const readOptions = {
      demanded,
      ...(context?.waitUntil ? { waitUntil: (work: Promise<unknown>) => context.waitUntil!(work) } : {}),
      ...(inProcess?.sendBy !== undefined ? { sendBy: inProcess.sendBy } : {}),
      ...(inProcess?.onSent ? { onSent: inProcess.onSent } : {}),
      ...(inProcess?.maxAgeMs !== undefined ? { maxAgeMs: inProcess.maxAgeMs } : {}),
    };
    const through = (target: string, extra?: Pick<ReadOptions, 'refreshes' | 'newerThan'>) => cache.read(`${apiBase}${target}`, () => fetchRead(matched.kind, target), { ...readOptions, ...extra });
    const batch = matched.kind === 'ratings' ? batchOf(url.searchParams) : undefined;
    const result: CacheResult = batch
      ? await ratings.read(batch.market, batch.refs, { read: through, refresh: (target) => cache.refresh(`${apiBase}${target}`, () => fetchRead('ratings', target)), ...(readOptions.waitUntil ? { waitUntil: readOptions.waitUntil } : {}) })
      : await through(matched.target);
    const timing = `proxy;dur=${(performance.now() - started).toFixed(2)}`;
    observe?.({ type: 'answer', cache: result.ok ? result.state : result.status === 502 ? 'invalid' : 'unavailable' });
    if (!result.ok) {
      if (result.status === 502) return errorResponse(502, 'bad_gateway', `the Storefront API's answer was not valid (${result.reason})`, cors, { [wireHeaders.retryAfter]: String(Math.ceil(result.retryAfterMs / 1000)), 'Server-Timing': timing });
      return errorResponse(503, 'unavailable', `the Storefront API is unavailable and this read is not cached (${result.reason})`, cors, { [wireHeaders.retryAfter]: String(Math.ceil(result.retryAfterMs / 1000)), 'Server-Timing': timing });
    }
    inProcess?.onServed?.(result.read);
    const browserMaxAge = matched.kind === 'posts';
    return readResponse(result, request.method === 'HEAD', cors, {
      'Cache-Control': cacheControl(result, browserMaxAge, cache.staleWhileRevalidateMs, cache.staleIfErrorMs),
      'Server-Timing': timing,
    });
  };

  return Object.assign(handle, { cache, basePath, coordinator });
}

/** The body as text, or `undefined` once it passes `limit` bytes (announced or counted): read no further, the rest cancelled. */
async function boundedText(response: Response, limit: number): Promise<string | undefined> {
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limit) {
    void response.body?.cancel().catch(() => {});
    return undefined;
  }
  const bytes = await readBounded(response.body, limit);
  return bytes && new TextDecoder().decode(bytes);
}

/** A ratings read as a market and its products, when each product is named on its own (repeated `product_ref`). */
function batchOf(search: URLSearchParams): { market: string; refs: string[] } | undefined {
  const market = search.get(params.market);
  const refs = search.getAll(params.productRef);
  if (market === null || refs.length === 0 || refs.length > MAX_BATCHED_REFS || refs.some((ref) => ref === '' || ref.includes(','))) return undefined;
  return { market, refs };
}

function retryAfterSeconds(response: Response): number {
  const value = Number(response.headers.get(wireHeaders.retryAfter));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 120) : 1;
}

/** `max-age` of the API's own `Cache-Control`, unless it says `no-store`. */
function maxAge(response: Response): number | undefined {
  const header = response.headers.get('cache-control') ?? '';
  if (/no-store/i.test(header)) return undefined;
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(header);
  return match ? Number(match[1]) : undefined;
}

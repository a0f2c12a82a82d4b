import {
  ConfigError,
  curable,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  PlanLacksReviewsError,
  RateLimitedError,
  ServerError,
  StorefrontError,
  TimeoutError,
  UnauthorizedError,
} from './errors.js';
import { assertPublishableKey } from './keys.js';
import type { Normalized } from './normalize.js';
import { sharedRateLimiter, type RateLimiter } from './rate-limit.js';
import { assertApiBase } from './url.js';
import { API_VERSION_PATH, DEFAULT_API_BASE, errorCodes, errorEnvelope, headers, params, type LabelMatch, type ReviewSort } from './wire.js';

export interface ClientOptions {
  /** A publishable key (`svc_pk_…`). Anything else is refused before any request. */
  publishableKey: string;
  /** Origin (and optional path) of the Storefront API, without `/v1`: an absolute http(s) URL, else the constructor throws a `ConfigError`. */
  apiBase?: string;
  /** Milliseconds before one attempt is aborted and counted as failed. Default 10 000. */
  timeoutMs?: number;
  /** First backoff delay in milliseconds; doubled per attempt, with jitter. Default 300. */
  retryDelayMs?: number;
}

export interface PostFilters {
  productRef?: string;
  galleryId?: string;
  profileId?: string;
  labelIds?: string[];
  labelMatch?: LabelMatch;
}

/** Whose reviews: one product's (by id or handle), or the store's own. */
export type ReviewTarget = { productRef: string } | { company: true };

export interface ReviewQuery {
  sort?: ReviewSort;
  rating?: 1 | 2 | 3 | 4 | 5;
  includeLocalization?: boolean;
}

export interface PageRequest {
  limit?: number;
  cursor?: string | null;
}

const MAX_TRIES = 3;
const MAX_RATE_LIMITED = 5;
/**
 * `true` in the package's build for workerd and edge runtimes (`dist/server/`), `false` in
 * the others (Vite `define`): workerd refuses the `cache` modes it does not implement
 * (`default`, and every mode before its 2024-11-11 compatibility date).
 */
declare const __STOREFRONT_WIDGETS_SERVER_BUILD__: boolean | undefined;
const serverBuild = typeof __STOREFRONT_WIDGETS_SERVER_BUILD__ === 'boolean' && __STOREFRONT_WIDGETS_SERVER_BUILD__;

/**
 * How every read reaches the Storefront API, and nothing else: the read functions
 * (`post-reads.ts`, `review-reads.ts`) and `StorefrontClient` are built on it, never the
 * other way round. Requests wait on the key's shared rate limiter; 5xx, network failures
 * and timeouts are retried with exponential backoff (three tries at most); a 429 pauses
 * the key until `Retry-After` and then retries. Failures are typed `StorefrontError`s.
 */
export class StorefrontTransport {
  readonly publishableKey: string;
  readonly apiBase: string;
  readonly timeoutMs: number;
  readonly retryDelayMs: number;
  /** The key's token bucket, shared by the page's clients; a server's reader paces its reads otherwise (src/ssr). */
  protected readonly limiter: RateLimiter;

  constructor(options: ClientOptions) {
    assertPublishableKey(options.publishableKey);
    if (options.apiBase !== undefined) assertApiBase(options.apiBase);
    this.publishableKey = options.publishableKey;
    this.apiBase = normalizeBase(options.apiBase ?? DEFAULT_API_BASE);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryDelayMs = options.retryDelayMs ?? 300;
    this.limiter = sharedRateLimiter(this.apiBase, this.publishableKey);
  }

  /** The URL a read goes to; exposed for logs and tests. */
  url(path: string, query: URLSearchParams): string {
    const search = query.toString();
    return `${this.apiBase}${API_VERSION_PATH}${path}${search ? `?${search}` : ''}`;
  }

  /** The query of a read: the market, and the page's size and cursor. For the read functions built on it. */
  query(market: string, page?: PageRequest): URLSearchParams {
    if (typeof market !== 'string' || market.trim() === '') throw new ConfigError('storefront-widgets: no market is set. Give the element (or a <svc-storefront> around it) a market attribute, such as market="us".');
    const query = new URLSearchParams({ [params.market]: market });
    if (page?.limit !== undefined) query.set(params.limit, String(page.limit));
    if (page?.cursor) query.set(params.cursor, page.cursor);
    return query;
  }

  /** One read: sent, checked against the contract, with what was left out reported. For the read functions built on it. */
  async read<T>(path: string, query: URLSearchParams, signal: AbortSignal | undefined, normalize: (body: unknown) => Normalized<T> | Promise<Normalized<T>>, cache: RequestCache = 'default'): Promise<T> {
    const url = this.url(path, query);
    const body = await this.send(url, signal, cache);
    const result = await normalize(body);
    if (!result.ok) throw new MalformedResponseError(`storefront-widgets: GET ${API_VERSION_PATH}${path} answered with data the widgets cannot read: ${result.problem}.`, 200);
    if (result.problems.length > 0) {
      console.warn(`storefront-widgets: GET ${API_VERSION_PATH}${path}: left out ${result.problems.length} item(s) that break the API contract. ${result.problems.slice(0, 5).join('; ')}${result.problems.length > 5 ? '; …' : ''}`);
    }
    return result.value;
  }

  /** Sends one logical request: rate limited, retried, and parsed as JSON. A server's reader in the same process as the read proxy sends it there (src/ssr). */
  protected async send(url: string, signal: AbortSignal | undefined, cache: RequestCache): Promise<unknown> {
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      await this.limiter.acquire(signal);
      try {
        return await this.attempt(url, signal, cache);
      } catch (error) {
        if (!(error instanceof StorefrontError)) throw error;
        if (error instanceof RateLimitedError) {
          if (++rateLimited > MAX_RATE_LIMITED) throw error;
          this.limiter.pauseFor(error.retryAfterSeconds * 1000);
          continue;
        }
        if (!curable(error) || ++failures >= MAX_TRIES) throw error;
        await delay(backoff(this.retryDelayMs, failures), signal);
      }
    }
  }

  private async attempt(url: string, signal: AbortSignal | undefined, cache: RequestCache): Promise<unknown> {
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const response = await fetch(url, {
        headers: { [headers.authorization]: `Bearer ${this.publishableKey}` },
        signal: controller.signal,
        // A browser's options, which a worker has no use for (no page to be cross-origin to, no HTTP cache of its own).
        ...(serverBuild ? {} : { mode: 'cors', credentials: 'omit', cache }),
      });
      const body = await response.text();
      return parseResponse(response, body);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new TimeoutError(this.timeoutMs);
      if (error instanceof StorefrontError) throw error;
      throw new NetworkError();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }
}

function normalizeBase(base: string): string {
  return base.replace(/\/+$/, '').replace(new RegExp(`${API_VERSION_PATH}$`), '');
}

/** An answer's body as JSON, or its status as the typed error it stands for. */
export function parseResponse(response: Response, body: string): unknown {
  let json: unknown;
  let parsed = true;
  try {
    json = JSON.parse(body);
  } catch {
    parsed = false;
  }
  if (response.ok) {
    if (!parsed) throw new MalformedResponseError('storefront-widgets: the Storefront API answered with a body that is not JSON.', response.status);
    return json;
  }
  const message = errorMessage(json);
  switch (response.status) {
    case 400:
      throw new InvalidRequestError(message ?? 'The request was not valid.');
    case 401:
      throw new UnauthorizedError(message);
    case 403:
      throw new PlanLacksReviewsError(message);
    case 404:
      throw new NotFoundError(message);
    case 429:
      throw new RateLimitedError(retryAfterSeconds(response), message);
  }
  if (response.status >= 500) throw new ServerError(response.status, message);
  throw new MalformedResponseError(`storefront-widgets: unexpected status ${response.status} from the Storefront API.`, response.status);
}

function errorMessage(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const error = (json as Record<string, unknown>)[errorEnvelope.error];
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as Record<string, unknown>)[errorEnvelope.message];
  const code = (error as Record<string, unknown>)[errorEnvelope.code];
  if (typeof message !== 'string') return undefined;
  return typeof code === 'string' && (Object.values(errorCodes) as string[]).includes(code) ? `${message} (${code})` : message;
}

function retryAfterSeconds(response: Response): number {
  const value = Number(response.headers.get(headers.retryAfter) ?? response.headers.get(headers.rateLimitReset));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 120) : 1;
}

/** Exponential backoff with full jitter between half and all of the step. */
function backoff(base: number, failures: number): number {
  const step = Math.min(8_000, base * 2 ** (failures - 1));
  return step / 2 + Math.random() * (step / 2);
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

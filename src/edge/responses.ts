import { errorEnvelope } from '../api/wire.js';
import type { CacheResult } from './read-cache.js';

/** What the proxy says about CORS on an answer: the origin it lets read it (if any), and whether that depends on `Origin`. */
export interface Cors {
  origin: string | undefined;
  varies: boolean;
}

const NAME = 'storefront-proxy';

/** On every answer: JSON is never sniffed as something else, and nothing in it may load or run, were it opened as a page. */
export const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" } as const;

function corsHeaders(cors: Cors): Record<string, string> {
  return {
    ...(cors.origin !== undefined ? { 'Access-Control-Allow-Origin': cors.origin, 'Access-Control-Expose-Headers': 'Cache-Status, Retry-After', 'Timing-Allow-Origin': cors.origin } : {}),
    ...(cors.varies ? { Vary: 'Origin' } : {}),
  };
}

/** An answer of the proxy's own in the API's error envelope; never cached. */
export function errorResponse(status: number, code: string, message: string, cors: Cors, extra: Record<string, string> = {}): Response {
  const body = JSON.stringify({ [errorEnvelope.error]: { [errorEnvelope.code]: code, [errorEnvelope.message]: message } });
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...SECURITY_HEADERS, 'Cache-Status': `${NAME}; fwd=miss; detail=${code}`, ...corsHeaders(cors), ...extra },
  });
}

/**
 * The HTTP caching rules of an answer, for a CDN in front (`s-maxage`: its freshness here,
 * of which `Age` says how much is gone; then the proxy's own stale windows) and for
 * browsers (`max-age` only where the API itself lets browsers keep it: posts).
 */
export function cacheControl(result: CacheResult & { ok: true }, browserMaxAge: boolean, staleWhileRevalidateMs: number, staleIfErrorMs: number): string {
  const lifetime = Math.max(0, Math.floor(result.read.freshMs / 1000));
  return `public, max-age=${browserMaxAge ? lifetime : 0}, s-maxage=${lifetime}, stale-while-revalidate=${Math.floor(staleWhileRevalidateMs / 1000)}, stale-if-error=${Math.floor(staleIfErrorMs / 1000)}`;
}

/** A kept answer of the API, as it sent it, with the proxy's caching headers and RFC 9211's `Cache-Status`. */
export function readResponse(result: CacheResult & { ok: true }, head: boolean, cors: Cors, extra: Record<string, string>): Response {
  const ttl = Math.round((Math.max(0, result.read.freshMs) - result.ageMs) / 1000);
  const status = result.state === 'hit' ? `hit; ttl=${ttl}` : result.state === 'miss' ? 'fwd=miss; stored' : `hit; ttl=${ttl}; fwd=stale; detail=${result.state}`;
  return new Response(head ? null : result.read.body, {
    status: result.read.status,
    headers: { 'Content-Type': result.read.contentType, ...SECURITY_HEADERS, 'Cache-Status': `${NAME}; ${status}`, Age: String(Math.floor(result.ageMs / 1000)), ...corsHeaders(cors), ...extra },
  });
}

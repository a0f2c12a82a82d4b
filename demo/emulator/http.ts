/** Small HTTP helpers shared by the API, the media and the control endpoints. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'];

/** On every answer: any origin may read it, including the rate-limit headers. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': RATE_HEADERS.join(', '),
};

export type Headers = Record<string, string | number>;

export function errorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}

/** Sends a JSON (or JSON-LD) body with CORS headers. `raw` replaces the serialized body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}, raw?: string): void {
  const text = raw ?? JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...headers,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, code: string, message: string, headers: Headers = {}): void {
  sendJson(res, status, errorBody(code, message), headers);
}

/** Reads a JSON request body (at most `maxBytes`, default 64 KiB). */
export async function readJson(req: IncomingMessage, maxBytes = 65_536): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Error('body: too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error('body: must be valid JSON');
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

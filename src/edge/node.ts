/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { StorefrontProxy } from './proxy.js';
import { SECURITY_HEADERS } from './responses.js';

/** `/livez` and `/readyz` in front of the proxy, for a load balancer's health checks (the command serves them). */
export { withHealth } from './operations.js';

/** The proxy on `node:http`: a thin adapter from Node's request to a Fetch `Request` and back. */

export interface NodeServer {
  /** The origin it listens on, such as `http://127.0.0.1:8788`. */
  url: string;
  close(): Promise<void>;
}

/**
 * How long a client may take to send its request: headers, then the whole request (a
 * webhook's body). A read proxy's requests are small; Node's defaults (60 s, 300 s) let
 * a slow sender hold a connection for minutes.
 */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;

export async function serveNode(
  handler: StorefrontProxy | ((request: Request) => Promise<Response>),
  { port = 8788, host = '127.0.0.1', headersTimeoutMs = HEADERS_TIMEOUT_MS, requestTimeoutMs = REQUEST_TIMEOUT_MS }: { port?: number; host?: string; headersTimeoutMs?: number; requestTimeoutMs?: number } = {},
): Promise<NodeServer> {
  const server = createServer({ headersTimeout: headersTimeoutMs, requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs), connectionsCheckingInterval: 1000 }, (req, res) => {
    answer(handler, req, res, origin).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
      res.end('{"error":{"code":"internal","message":"proxy error"}}');
    });
  });
  // A tunnel or an upgrade is never this proxy's to give.
  const refuse = (_req: IncomingMessage, socket: Duplex) => socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  server.on('connect', refuse);
  server.on('upgrade', refuse);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answer(handler: (request: Request) => Promise<Response>, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  // Origin-form only (`/v1/…`): an absolute URL or `*` as the target is a proxy request, which this is not.
  const target = req.url ?? '';
  let request: Request | undefined;
  if (target.startsWith('/')) {
    // The handler reads what it needs (Origin, a webhook's headers); it never sends the caller's headers on.
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    try {
      request = new Request(`${origin}${target}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    } catch {
      request = undefined;
    }
  }
  const response = request ? await handler(request) : new Response('{"error":{"code":"invalid_request","message":"not a request this proxy answers"}}', { status: 400, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
  const body = req.method === 'HEAD' || response.body === null ? undefined : new Uint8Array(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  if (body !== undefined) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Most bytes of a request body read (a webhook delivery); the rest is left unread and the body cut there, which the handler then refuses. */
const MAX_BODY_BYTES = 256 * 1024 + 1;

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY_BYTES) break;
  }
  const body = new Uint8Array(Math.min(size, MAX_BODY_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, body.length - at);
    body.set(part, at);
    at += part.length;
    if (at >= body.length) break;
  }
  return body;
}

/**
 * The Storefront API emulator (contract sections 1-4 and 6) on node:http: routing, CORS,
 * auth, rate limit and faults around the operations of `api.ts`, media under /media/ and
 * the control endpoints under /__emulator/.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, type ApiResult } from './api.ts';
import { authenticate, queryObject, RATE_CAPACITY, Workspaces, type LogEntry } from './auth-rate.ts';
import { Control, CONTROL_METHODS } from './control.ts';
import { Cursors } from './cursor.ts';
import { getWorld, type World } from './data/seed.ts';
import { hostileTransform, PwnedLog } from './hostile.ts';
import { CORS_HEADERS, errorBody, sendError, sendJson, sleep, type Headers } from './http.ts';
import { MEDIA_HEADERS, MediaStore } from './media.ts';
import { Views } from './views.ts';

export type { Faults } from './faults.ts';

export interface EmulatorOptions {
  /** 0 picks a free port. Default 8787. */
  port?: number;
  /** Interface to listen on; default all interfaces (the URL then says `localhost`). */
  host?: string;
  /** No request log on stdout. */
  quiet?: boolean;
  /** Origin used in absolute media URLs and the info document, e.g. behind a proxy. Default: the listening origin. */
  publicOrigin?: string;
  /**
   * Hook for tests: rewrites every successful /v1 body before it is serialized
   * (for example to inject hostile strings for the key's workspace).
   */
  transform?: (key: string, path: string, body: unknown) => unknown;
}

export interface Emulator {
  /** Origin of the emulator, e.g. `http://127.0.0.1:41234`; the API is at `${url}/v1`. */
  url: string;
  close(): Promise<void>;
}

const CACHE_CONTROL = { posts: 'public, max-age=60', reviews: 'no-store' } as const;
const PREFLIGHT_MATCH_MS = 30_000;

let shared: { world: World; media: MediaStore } | undefined;
/** The seed data and the pictures' blurhashes, built once per process. */
function sharedData(): { world: World; media: MediaStore } {
  if (!shared) {
    const world = getWorld();
    const videos = new Set(world.posts.flatMap((p) => (p.video ? [p.video] : [])));
    shared = { world, media: new MediaStore(world.images, videos) };
  }
  return shared;
}

/**
 * Preflights carry no key. Each is held until a request with the same Origin and URL
 * arrives (what a browser sends next) and then logged for that request's key.
 */
class PendingPreflights {
  private entries: { origin: string; url: string; entry: LogEntry }[] = [];

  add(origin: string, url: string, entry: LogEntry): void {
    const now = Date.now();
    this.entries = this.entries.filter((e) => now - e.entry.at < PREFLIGHT_MATCH_MS);
    this.entries.push({ origin, url, entry });
  }

  claim(origin: string, url: string): LogEntry | undefined {
    const index = this.entries.findIndex((e) => e.origin === origin && e.url === url && Date.now() - e.entry.at < PREFLIGHT_MATCH_MS);
    return index < 0 ? undefined : this.entries.splice(index, 1)[0]!.entry;
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const { world, media } = sharedData();
  const workspaces = new Workspaces();
  const cursors = new Cursors();
  const preflights = new PendingPreflights();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host;
  const urlHost = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  const origin = (options.publicOrigin ?? url).replace(/\/+$/, '');
  const api = new Api(world, new Views(world, media, origin), cursors, origin);
  const control = new Control(world, workspaces, origin);
  const hostile = hostileTransform(origin);
  const pwned = new PwnedLog();

  const preflight = (req: IncomingMessage, res: ServerResponse, target: URL): void => {
    const path = target.pathname;
    res.writeHead(204, {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': path.startsWith('/__emulator/') ? CONTROL_METHODS : 'GET, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
    });
    res.end();
    if (path === '/v1' || path.startsWith('/v1/')) {
      const entry: LogEntry = { method: 'OPTIONS', path, query: queryObject(target.searchParams), status: 204, at: Date.now() };
      preflights.add(req.headers.origin ?? '', req.url ?? '', entry);
    }
  };

  const v1 = async (req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> => {
    const auth = authenticate(req.headers.authorization, workspaces);
    if (!auth.ok) {
      const headers = { 'RateLimit-Limit': RATE_CAPACITY, 'RateLimit-Remaining': RATE_CAPACITY, 'RateLimit-Reset': 0 };
      return sendError(res, 401, 'unauthorized', auth.message, headers);
    }
    const workspace = auth.workspace;
    const path = target.pathname;
    const pre = preflights.claim(req.headers.origin ?? '', req.url ?? '');
    if (pre) workspace.record(pre);
    const entry: LogEntry = { method: req.method ?? 'GET', path, query: queryObject(target.searchParams), status: 0, at: Date.now() };
    workspace.record(entry);

    const fault = workspace.faults.decide(path);
    const rate = fault.action === 'drop' ? undefined : workspace.bucket.take();
    if (fault.latencyMs > 0) await sleep(fault.latencyMs);
    if (!rate) {
      req.socket.destroy();
      return;
    }
    const headers: Headers = { 'RateLimit-Limit': rate.limit, 'RateLimit-Remaining': rate.remaining, 'RateLimit-Reset': rate.resetSeconds, Vary: 'Authorization' };
    let result: ApiResult;
    if (!rate.allowed) {
      headers['Retry-After'] = rate.resetSeconds;
      result = { status: 429, body: errorBody('rate_limited', `rate limit of ${rate.limit} requests exceeded; retry after ${rate.resetSeconds} s`) };
    } else if (fault.action === 'fail500') {
      result = { status: 500, body: errorBody('internal', 'internal error (injected fault)') };
    } else if (fault.action === 'force429') {
      Object.assign(headers, { 'Retry-After': fault.retryAfterSeconds, 'RateLimit-Remaining': 0, 'RateLimit-Reset': fault.retryAfterSeconds });
      result = { status: 429, body: errorBody('rate_limited', `rate limited (injected fault); retry after ${fault.retryAfterSeconds} s`) };
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      headers.Allow = 'GET, OPTIONS';
      result = { status: 405, body: errorBody('method_not_allowed', `${req.method} is not allowed; the Storefront API is read only`) };
    } else {
      result = api.handle({ key: workspace.key, plan: workspace.plan, path, search: target.searchParams, ratings: workspace.ratings, added: workspace.added });
    }
    let body = result.body;
    if (result.status === 200) {
      headers['Cache-Control'] = CACHE_CONTROL[result.cache ?? 'reviews'];
      if (result.contentType) headers['Content-Type'] = result.contentType;
      if (options.transform) body = options.transform(workspace.key, path, body);
      if (fault.hostile) body = hostile(workspace.key, path, body);
    }
    let status = result.status;
    if (fault.replace && rate.allowed) {
      body = fault.replace.body;
      status = 200;
    }
    let raw: string | undefined;
    if (fault.malformed) {
      const text = JSON.stringify(body);
      raw = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      status = 200;
    }
    entry.status = status;
    if (status === 429) workspace.rateLimited(entry.at);
    sendJson(res, status, body, headers, raw);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    if (!options.quiet) {
      const line = (): void => console.log(`${req.method} ${req.url} ${res.headersSent ? res.statusCode : 'dropped'} ${Math.round(performance.now() - started)}ms`);
      res.once('close', line);
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '/', 'http://emulator.invalid');
    } catch {
      return sendError(res, 400, 'invalid_request', 'malformed request URL');
    }
    const path = target.pathname;
    const handle = async (): Promise<void> => {
      if (req.method === 'OPTIONS') return preflight(req, res, target);
      if (pwned.handle(req, res, target)) return;
      if (path.startsWith('/__emulator/')) return control.handle(req, res, target);
      if (path.startsWith('/media/')) {
        if ((req.method === 'GET' || req.method === 'HEAD') && media.serve(req, res, path)) return;
        return sendError(res, 404, 'not_found', `no media at ${path}`, { ...MEDIA_HEADERS, 'Cache-Control': 'no-store' });
      }
      if (path === '/v1' || path.startsWith('/v1/')) return v1(req, res, target);
      if (path === '/') return sendJson(res, 200, { name: 'Storefront API emulator', api: `${origin}/v1`, info: `${origin}/__emulator/info` });
      return sendError(res, 404, 'not_found', `no such path: ${path}`);
    };
    handle().catch((error: unknown) => {
      if (!options.quiet) console.error(error);
      if (!res.headersSent) sendError(res, 500, 'internal', 'emulator error');
      else res.destroy();
    });
  });

  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

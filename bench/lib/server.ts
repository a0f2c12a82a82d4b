import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The bench's static server, in the manner of test/e2e/static-server.ts (which serves the
 * repository's dist/ and the distribution tests' page only): the bench's pages, the
 * freshly built bundles and the hero picture, on 127.0.0.1 but addressed as `localhost`,
 * another site than the API's `127.0.0.1` (cross-origin, as on a shop).
 *
 * Scripts are sent compressed as a CDN sends them (brotli when asked for, else gzip),
 * compressed once and kept; pages compressed as a shop's server sends them (a page
 * rendered on the server is several times the size of its markup); the picture as it is.
 *
 * Over HTTPS with HTTP/2, as shops and CDNs serve pages (a certificate made for the run
 * by `openssl`; the bench's browsers accept it): Lighthouse's simulation models the
 * connections the load used, and over HTTP/1.1 it gives any second request that starts
 * with the hero picture a connection of its own, with its handshake, which no shop pays.
 * `--http1` serves plain HTTP/1.1 instead, as the bench did before.
 */
export const HTTP1 = process.argv.includes('--http1');
export interface Site {
  origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.css': 'text/css; charset=utf-8',
};

/** `pages` answers a path (with its query) with HTML (or a promise of it: a page rendered on the server), or undefined when it is not a page. */
export type Pages = (path: string, query: URLSearchParams) => string | undefined | Promise<string | undefined>;

type AnyRequest = IncomingMessage | Http2ServerRequest;
type AnyResponse = ServerResponse | Http2ServerResponse;

let made: { key: Buffer; cert: Buffer } | undefined;
/** A self-signed certificate for localhost, made once per run. */
function certificate(): { key: Buffer; cert: Buffer } {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-tls-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
    return (made = { key: readFileSync(key), cert: readFileSync(cert) });
  } catch (error) {
    throw new Error(`The bench serves its pages over HTTPS and makes its certificate with openssl (apt-get install -y openssl), or run it with --http1. ${String(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startSite(options: { root: string; pages: Pages; files: Record<string, Buffer> }): Promise<Site> {
  const root = options.root.endsWith(sep) ? options.root : options.root + sep;
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  const encoded = (key: string, body: Buffer) => {
    let entry = compressed.get(key);
    if (!entry) {
      // Pages as a shop's server compresses them on the fly (brotli 5, gzip 6); scripts as a CDN keeps them (brotli 11, gzip 9).
      const page = key.startsWith('page:');
      entry = {
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: page ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip: gzipSync(body, { level: page ? 6 : 9 }),
      };
      compressed.set(key, entry);
    }
    return entry;
  };

  const send = (req: AnyRequest, res: AnyResponse, type: string, body: Buffer | string, key?: string) => {
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'public, max-age=300', vary: 'accept-encoding' };
    let payload = typeof body === 'string' ? Buffer.from(body) : body;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (key !== undefined && /\bbr\b/.test(accepts)) {
      payload = encoded(key, payload).br;
      headers['content-encoding'] = 'br';
    } else if (key !== undefined && /\bgzip\b/.test(accepts)) {
      payload = encoded(key, payload).gzip;
      headers['content-encoding'] = 'gzip';
    }
    // Module scripts from another origin (the bench's "CDN") are fetched with CORS, as a CDN answers them.
    if (type.startsWith('text/javascript')) headers['access-control-allow-origin'] = '*';
    headers['content-length'] = String(payload.length);
    const head = res.writeHead(200, headers);
    if (req.method === 'HEAD') head.end();
    else head.end(payload);
  };

  const sessions = new Set<Http2Session>();
  const server = HTTP1
    ? createServer((req, res) => void answer(req, res))
    : createSecureServer({ ...certificate(), allowHTTP1: true }, (req, res) => void answer(req, res)).on('session', (session: Http2Session) => {
        sessions.add(session);
        session.on('close', () => sessions.delete(session));
      });
  const answer = async (req: AnyRequest, res: AnyResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      const page = await options.pages(url.pathname, url.searchParams);
      if (page !== undefined) return send(req, res, TYPES['.html']!, page, `page:${url.pathname}${url.search}`);
      const file = options.files[url.pathname];
      if (file) return send(req, res, TYPES[extname(url.pathname)] ?? 'application/octet-stream', file);
      const path = normalize(join(root, decodeURIComponent(url.pathname)));
      if (!path.startsWith(root)) return void res.writeHead(403).end();
      const body = readFileSync(path);
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      return send(req, res, type, body, type.startsWith('text/javascript') ? path : undefined);
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR';
      res.writeHead(missing ? 404 : 500, { 'content-type': 'text/plain' }).end(missing ? 'not found' : String(error));
    }
  };
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${HTTP1 ? 'http' : 'https'}://localhost:${port}`,
    close: () =>
      new Promise<void>((done) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        for (const session of sessions) session.destroy();
        server.close(() => done());
      }),
  };
}

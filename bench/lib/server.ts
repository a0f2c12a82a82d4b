import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
 */
export interface Site {
  origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.jpg': 'image/jpeg',
};

/** `pages` answers a path (with its query) with HTML (or a promise of it: a page rendered on the server), or undefined when it is not a page. */
export type Pages = (path: string, query: URLSearchParams) => string | undefined | Promise<string | undefined>;

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

  const send = (req: IncomingMessage, res: ServerResponse, type: string, body: Buffer | string, key?: string) => {
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
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : payload);
  };

  const server = createServer((req, res) => void answer(req, res));
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
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
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve, sep } from 'node:path';
import { DIST } from './static-server.ts';

/** A page a spec serves: its body, and optionally its type and headers (a CSP). */
export interface Served {
  body: string;
  type?: string;
  headers?: Record<string, string>;
}

/**
 * Pages a spec writes itself, served as the shop's server would: `/page/N` is the Nth page
 * given to `serve` (HTML unless it says otherwise), `/dist/…` the built files (on `localhost`,
 * another site than the API's).
 */
export async function startPages(): Promise<{ serve(page: string | Served): string; close(): Promise<void> }> {
  const pages: Served[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const page = pages[Number(/^\/page\/(\d+)$/.exec(path)?.[1] ?? -1)];
      if (page) return res.writeHead(200, { 'content-type': page.type ?? 'text/html; charset=utf-8', ...page.headers }).end(page.body);
      if (path === '/favicon.ico') return res.writeHead(204).end();
      const file = resolve(DIST, decodeURIComponent(path.slice('/dist/'.length)));
      if (!path.startsWith('/dist/') || !file.startsWith(resolve(DIST) + sep)) return res.writeHead(404).end();
      const body = await readFile(file).catch(() => undefined);
      if (body === undefined) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream' }).end(body);
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    serve: (page) => `http://localhost:${port}/page/${pages.push(typeof page === 'string' ? { body: page } : page) - 1}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

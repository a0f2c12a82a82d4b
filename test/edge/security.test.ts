/**
 * The read proxy is not an open proxy: only the Storefront reads, their own parameters,
 * bounded; nothing of the caller's but the path and those parameters reaches the API.
 * Raw HTTP where a client library would refuse or rewrite the request.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serveNode } from '../../src/edge/node.ts';
import { createStorefrontProxy } from '../../src/edge/proxy.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { apiBase, startProxy } from './support.ts';

/** Sends `request` as it is written and returns the status and the answer's header lines. */
function raw(url: string, request: string): Promise<{ status: number; head: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\r\n\r\n')) {
        socket.destroy();
        const head = text.slice(0, text.indexOf('\r\n\r\n'));
        resolve({ status: Number(head.split(' ')[1]), head });
      }
    });
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]) || 0, head: text }));
    socket.write(request);
  });
}

describe('not an open proxy', () => {
  it('refuses encoded traversal and other paths of the API host', async () => {
    const { url, key } = await startProxy('traversal');
    const paths = [
      '/v1/posts/..%2F..%2F__emulator%2Finfo?market=us',
      '/v1/posts/%2e%2e/%2e%2e/__emulator/info',
      '/v1/products/%2E%2E%2F%2E%2E%2Fmedia%2Fx/reviews?market=us',
      '/v1/products/..%5C..%5C__emulator/reviews?market=us',
      '/v1/posts/%252e%252e%252f__emulator?market=us',
      '/v1/products/x%00y/reviews?market=us',
      '/__emulator/info',
      '/media/products/aster-linen-shirt.jpg',
      '/v1',
      '/v1/',
      '/v2/posts?market=us',
    ];
    for (const path of paths) {
      const answer = await raw(url, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect({ path, status: answer.status }).toEqual({ path, status: expect.toSatisfy((s: number) => s === 400 || s === 404) });
    }
    // `%252e…` is a valid handle to the API (the text `%2e%2e%2f__emulator`), encoded again on the way.
    expect((await requestLog(apiBase, key)).map((entry) => entry.path)).toEqual(['/v1/posts/%252e%252e%252f__emulator']);
  });

  it('refuses absolute URLs, as the request target or inside the path', async () => {
    const { url, key } = await startProxy('absolute');
    const targets = ['http://evil.example/v1/posts?market=us', '//evil.example/v1/posts?market=us', '/v1/posts/http:%2F%2Fevil.example%2Fx?market=us', '/v1/products/https:%2F%2Fevil.example/reviews?market=us', '*'];
    for (const target of targets) {
      const answer = await raw(url, `GET ${target} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
      expect({ target, status: answer.status }).toEqual({ target, status: expect.toSatisfy((s: number) => s === 400 || s === 404) });
    }
    expect(await requestLog(apiBase, key)).toEqual([]);
  });

  it('refuses every method but GET, HEAD and OPTIONS', async () => {
    const { url, key } = await startProxy('methods');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT', 'PROPFIND']) {
      const target = method === 'CONNECT' ? 'evil.example:443' : '/v1/posts?market=us';
      const answer = await raw(url, `${method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      expect({ method, status: answer.status }).toEqual({ method, status: expect.toSatisfy((s: number) => s === 405 || s === 400) });
    }
    const head = await fetch(`${url}/v1/company/review-summary?market=us`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await requestLog(apiBase, key)).map((entry) => entry.method)).toEqual(['GET']);
  });

  it('refuses huge queries, too many parameters and parameters of other reads', async () => {
    const { url, key } = await startProxy('huge');
    const cases = [
      `/v1/posts?market=us&cursor=${'a'.repeat(5000)}`,
      `/v1/products/ratings?market=us&${Array.from({ length: 80 }, (_, i) => `product_ref=p${i}`).join('&')}`,
      `/v1/products/${'x'.repeat(300)}/reviews?market=us`,
      '/v1/posts?market=us&url=http://evil.example',
      '/v1/products/aster-linen-shirt/review-summary?market=us&limit=5',
    ];
    for (const path of cases) {
      const answer = await fetch(`${url}${path}`);
      expect({ path: path.slice(0, 60), status: answer.status }).toEqual({ path: path.slice(0, 60), status: expect.toSatisfy((s: number) => s === 400 || s === 414) });
      expect(await answer.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
    const tooLong = await raw(url, `GET /v1/posts?market=us&x=${'y'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect([400, 414, 431]).toContain(tooLong.status);
    expect(await requestLog(apiBase, key)).toEqual([]);
  });

  it('never lets a request write a header of the answer', async () => {
    const { url } = await startProxy('injection', { allowOrigins: ['https://shop.example'] });
    const paths = [
      '/v1/posts?market=us%0d%0aSet-Cookie:%20owned=1',
      '/v1/posts/pst_x%0d%0aSet-Cookie:%20owned=1?market=us',
      '/v1/company/review-summary?market=us&%0d%0aSet-Cookie:%20owned=1=1',
    ];
    for (const path of paths) {
      const answer = await raw(url, `GET ${path} HTTP/1.1\r\nHost: x\r\nOrigin: https://shop.example\r\nConnection: close\r\n\r\n`);
      expect(answer.head).not.toMatch(/^set-cookie/im);
      expect(answer.head).not.toMatch(/owned/i);
    }
    // An Origin that is not allowed is never echoed.
    const other = await raw(url, 'GET /v1/company/review-summary?market=us HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.example\r\nConnection: close\r\n\r\n');
    expect(other.head).not.toMatch(/evil/);
  });

  it('sends the API its own key only: never the caller’s Authorization or cookies', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const recorder = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1' });
      res.end('{"average":5,"count":1,"distribution":{},"summary":null}');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => recorder.close(() => resolve())));
    const proxy = createStorefrontProxy({ publishableKey: 'svc_pk_shop_own', apiBase: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}` });
    const server = await serveNode(proxy, { port: 0 });
    onTestFinished(() => server.close());
    const answer = await fetch(`${server.url}/v1/company/review-summary?market=us`, {
      headers: { Authorization: 'Bearer svc_pk_callers', Cookie: 'session=secret', 'X-Forwarded-For': '10.0.0.1', 'X-Custom': 'x' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe('Bearer svc_pk_shop_own');
    expect(seen[0]!.cookie).toBeUndefined();
    expect(seen[0]!['x-forwarded-for']).toBeUndefined();
    expect(seen[0]!['x-custom']).toBeUndefined();

    // And against the emulator: a caller's own valid key is not used.
    const { url, key } = await startProxy('own-key');
    const callers = await testKey(apiBase, 'callers');
    await fetch(`${url}/v1/company/review-summary?market=us`, { headers: { Authorization: `Bearer ${callers}` } });
    expect(await requestLog(apiBase, callers)).toEqual([]);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });
});

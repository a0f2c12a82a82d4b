/**
 * The proxy under attack (docs/proxy/hardening.md): floods of never-repeated reads, junk
 * answers of the API, oversized answers, CORS behind a shared cache, webhook
 * amplification and forged or dripping deliveries. Real HTTP to the emulator, a bad
 * upstream of our own where the emulator cannot misbehave that way, Varnish for CORS.
 */
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BudgetFullError, createBudget } from '../../src/edge/budget.ts';
import { serveNode } from '../../src/edge/node.ts';
import { createStorefrontProxy } from '../../src/edge/proxy.ts';
import { createReadCache } from '../../src/edge/read-cache.ts';
import { memoryStore } from '../../src/edge/stores.ts';
import { requestLog, setFaults } from '../support/emulator-control.ts';
import { apiBase, control, startProxy } from './support.ts';
import { startVarnish } from './varnish-support.ts';

const PRODUCT = 'aster-linen-shirt';
const SUMMARY = `/v1/products/${PRODUCT}/review-summary?market=us`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An upstream of our own that answers every request with `answer`. */
async function badApi(answer: (res: ServerResponse) => void): Promise<string> {
  const server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyOf(api: string) {
  const proxy = createStorefrontProxy({ publishableKey: 'svc_pk_attack_test', apiBase: api });
  const server = await serveNode(proxy, { port: 0 });
  onTestFinished(() => server.close());
  return server.url;
}

describe('the budget under a flood', () => {
  it('keeps the event loop responsive with 30,000 reads waiting', async () => {
    const budget = createBudget(5, { maxQueue: 50_000 });
    const cpu = process.cpuUsage();
    const jobs = Array.from({ length: 30_000 }, (_, i) => budget.run(async () => i, () => i % 7).catch(() => undefined));
    // Queueing each costs O(log n): a fraction of a second for all (each against the whole queue: many seconds).
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(1500);
    // Each waiting job looks again about once a second: the loop's timers must still fire on time.
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const at = performance.now();
      worst = Math.max(worst, at - last - 20);
      last = at;
    }, 20);
    await sleep(2500);
    clearInterval(timer);
    expect(worst).toBeLessThan(500);
    expect(budget.waiting).toBeGreaterThan(29_000);
    void jobs;
  });

  it('refuses at once a job no more valuable than the worst waiting one, and drops the worst for a better one', async () => {
    const budget = createBudget(1, { maxQueue: 3 });
    const order: string[] = [];
    const job = (name: string) => async () => void order.push(name);
    const first = budget.run(job('a'), () => 0);
    const waiting = [budget.run(job('b'), () => 5), budget.run(job('c'), () => 1), budget.run(job('d'), () => 3)];
    await expect(budget.run(job('e'), () => 1)).rejects.toBeInstanceOf(BudgetFullError);
    const better = budget.run(job('f'), () => 9);
    await expect(waiting[1]).rejects.toBeInstanceOf(BudgetFullError);
    await Promise.all([first, better, waiting[0], waiting[2]]);
    expect(order).toEqual(['a', 'f', 'b', 'd']);
  });

  it('refreshes the reads shoppers repeat before first reads of keys nobody asked for, and sheds those fast', async () => {
    const cache = createReadCache({ requestsPerSecond: 2, maxQueue: 40 });
    const { url, key } = await startProxy('flood', { cache, freshness: { reviewSummary: 1 } });
    // A read shoppers repeat.
    for (let i = 0; i < 2; i++) expect((await fetch(`${url}${SUMMARY}`)).status).toBe(200);
    // A flood of never-repeated reads: random cursors.
    const floodStart = performance.now();
    const answered: { status: number; retryAfter: string | null; at: number }[] = [];
    for (let i = 0; i < 120; i++) {
      void fetch(`${url}/v1/products/${PRODUCT}/reviews?market=us&cursor=junk${i}`)
        .then(async (r) => {
          await r.arrayBuffer();
          answered.push({ status: r.status, retryAfter: r.headers.get('retry-after'), at: performance.now() - floodStart });
        })
        .catch(() => undefined);
    }
    await sleep(1100);
    // Stale now: served at once, and its refresh goes before the queued junk.
    expect((await fetch(`${url}${SUMMARY}`)).headers.get('cache-status')).toMatch(/fwd=stale/);
    await expect.poll(async () => (await fetch(`${url}${SUMMARY}`)).headers.get('cache-status'), { timeout: 3000, interval: 100 }).toMatch(/^storefront-proxy; hit; ttl=\d+$/);
    // What the full queue could not hold was answered 503 with Retry-After at once (not after the 10 s a read may wait).
    const fast = () => answered.filter((answer) => answer.status === 503 && answer.at < 5000);
    await expect.poll(() => fast().length, { timeout: 5000 }).toBeGreaterThan(60);
    for (const answer of fast()) expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await requestLog(apiBase, key)).filter((entry) => entry.status === 429)).toEqual([]);
  });
});

describe('first reads of unknown keys', () => {
  it('answers at once those the budget cannot send soon; a retry proves the demand and is served', async () => {
    const cache = createReadCache({ requestsPerSecond: 1 });
    const fetched: string[] = [];
    const fetch = (key: string) => async () => (fetched.push(key), { ok: true as const, status: 200, body: '{}', contentType: 'application/json', freshMs: 60_000 });
    const started = performance.now();
    // Of a shape pages do not make (a cursor nobody was given).
    const first = await Promise.all(Array.from({ length: 6 }, (_, i) => cache.read(`junk${i}`, fetch(`junk${i}`), { demanded: false })));
    // The budget sends one now and one or two more within 2 s: the others are answered at once.
    expect(first.filter((result) => !result.ok).length).toBeGreaterThanOrEqual(3);
    expect(performance.now() - started).toBeLessThan(2500);
    // A shopper's retry: the key is seen twice now, and waits for its turn.
    expect(await cache.read('junk5', fetch('junk5'))).toMatchObject({ ok: true });
  });
});

describe('pages nobody was led to', () => {
  it('are answered but kept only once read again; a page of a shape pages make is kept at once', async () => {
    const store = memoryStore();
    const cache = createReadCache({ requestsPerSecond: Infinity, store });
    let fetches = 0;
    const fetch = async () => (fetches++, { ok: true as const, status: 200, body: '{"data":[]}', contentType: 'application/json', freshMs: 60_000 });
    expect(await cache.read('/v1/reviews?cursor=junk', fetch, { demanded: false })).toMatchObject({ ok: true, state: 'miss' });
    expect(await store.get('/v1/reviews?cursor=junk')).toBeUndefined();
    // Read again: its demand is shown, and it is kept.
    expect(await cache.read('/v1/reviews?cursor=junk', fetch, { demanded: false })).toMatchObject({ ok: true, state: 'miss' });
    expect(await store.get('/v1/reviews?cursor=junk')).toBeDefined();
    expect(await cache.read('/v1/reviews?cursor=junk', fetch, { demanded: false })).toMatchObject({ ok: true, state: 'hit' });
    expect(fetches).toBe(2);
    // A first page (or a cursor a first page handed out) is kept from its first read.
    await cache.read('/v1/reviews', fetch);
    expect(await store.get('/v1/reviews')).toBeDefined();
  });
});

describe('what the proxy keeps and serves', () => {
  it('answers 502 to a 200 that is not valid JSON, keeps none of it, and reads it again next time', async () => {
    const { url, key } = await startProxy('malformed');
    await setFaults(apiBase, key, { malformed: 1 });
    const cut = await fetch(`${url}${SUMMARY}`);
    expect(cut.status).toBe(502);
    expect(cut.headers.get('cache-control')).toBe('no-store');
    expect(await cut.json()).toMatchObject({ error: { code: 'bad_gateway' } });
    const next = await fetch(`${url}${SUMMARY}`);
    expect(next.status).toBe(200);
    JSON.parse(await next.text());
    expect(await requestLog(apiBase, key)).toHaveLength(2);
  });

  it('never keeps nor serves an answer that is not JSON, such as an HTML page', async () => {
    let requests = 0;
    const api = await badApi((res) => {
      requests++;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<script>alert(1)</script>');
    });
    const url = await proxyOf(api);
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${url}${SUMMARY}`);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(await answer.text()).not.toMatch(/<script>/);
    }
    expect(requests).toBe(2);
  });

  it('says nosniff and a CSP that loads nothing on every answer', async () => {
    const { url } = await startProxy('headers-all', { allowOrigins: ['https://shop.example'], webhookSecrets: [`whsec_${Buffer.from('a-secret-of-the-test-0123').toString('base64')}`] });
    const answers = [
      await fetch(`${url}${SUMMARY}`),
      await fetch(`${url}/v1/nothing`),
      await fetch(`${url}${SUMMARY}`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' } }),
      await fetch(`${url}/webhooks`, { method: 'POST', body: '{}' }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    }
  });

  it('stops reading an oversized answer at the limit, announced or chunked, and answers 502 at once', async () => {
    const announced = await badApi((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(50 * 1024 * 1024) });
      res.write('{"data":"');
    });
    const endless = await badApi((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      const write = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      res.write('{"data":"');
      write();
    });
    for (const api of [announced, endless]) {
      const url = await proxyOf(api);
      const started = performance.now();
      const answer = await fetch(`${url}${SUMMARY}`);
      expect(answer.status).toBe(502);
      // Well before the 8 s timeout that a body read whole would have met.
      expect(performance.now() - started).toBeLessThan(3000);
    }
  });
});

describe('CORS behind a shared cache', () => {
  it('with *, a copy Varnish keeps from a request without Origin still lets another site read it', async () => {
    const { url } = await startProxy('cors-star', { allowOrigins: ['*'] });
    const direct = await fetch(`${url}${SUMMARY}`);
    expect(direct.headers.get('access-control-allow-origin')).toBe('*');
    expect(direct.headers.get('vary')).toBe('Origin');
    const varnish = await startVarnish(Number(new URL(url).port));
    onTestFinished(() => varnish.stop());
    expect((await fetch(`${varnish.url}${SUMMARY}`)).status).toBe(200);
    const browser = await fetch(`${varnish.url}${SUMMARY}`, { headers: { Origin: 'https://other-shop.example' } });
    expect(browser.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('webhooks under attack', () => {
  const secret = `whsec_${Buffer.from('the-attack-test-secret-0123456789').toString('base64')}`;

  it('refreshes the reads shoppers repeat, not the junk an attacker planted under the same product', async () => {
    const { url, key } = await startProxy('amplify', { webhookSecrets: [secret], freshness: { reviewSummary: 3600, reviews: 3600 } });
    await control('webhooks', { key, url: `${url}/webhooks`, secret });
    await fetch(`${url}${SUMMARY}`);
    const before = ((await (await fetch(`${url}${SUMMARY}`)).json()) as { count: number }).count;
    // Planted: reads of the product nobody repeats.
    await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${url}/v1/products/${PRODUCT}/reviews?market=us&limit=${i + 1}`).then((r) => r.arrayBuffer())));
    const baseline = (await requestLog(apiBase, key)).length;
    expect((await control('reviews', { key, product_ref: PRODUCT, rating: 3 })).delivery).toMatchObject({ status: 200 });
    await expect.poll(async () => ((await (await fetch(`${url}${SUMMARY}`)).json()) as { count: number }).count, { timeout: 1000, interval: 50 }).toBe(before + 1);
    await sleep(300);
    // The summary's refresh; none of the 30 reads read once.
    expect((await requestLog(apiBase, key)).slice(baseline).map((entry) => entry.path)).toEqual([`/v1/products/${PRODUCT}/review-summary`]);
  });

  it('refuses a malformed signature header or a stale timestamp without reading the body', async () => {
    const proxy = createStorefrontProxy({ publishableKey: 'svc_pk_attack_test', apiBase, webhookSecrets: [secret] });
    const now = String(Math.floor(Date.now() / 1000));
    const cases: [Record<string, string>, number][] = [
      [{ 'webhook-id': 'msg_1', 'webhook-timestamp': now, 'webhook-signature': 'garbage' }, 400],
      [{ 'webhook-id': 'msg_2', 'webhook-timestamp': String(Number(now) - 3600), 'webhook-signature': `v1,${'A'.repeat(43)}=` }, 401],
    ];
    for (const [headers, status] of cases) {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({ pull: (controller) => void (++pulled > 4 ? controller.close() : controller.enqueue(new TextEncoder().encode('{}    '))) }, { highWaterMark: 0 });
      const answer = await proxy(new Request('http://shop.example/webhooks', { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
      expect(answer.status).toBe(status);
      expect(pulled).toBe(0);
    }
  });

  it('rejects forged 256 KB deliveries cheaply, with two secrets', async () => {
    const other = `whsec_${Buffer.from('another-secret-of-the-test-0123').toString('base64')}`;
    const proxy = createStorefrontProxy({ publishableKey: 'svc_pk_attack_test', apiBase, webhookSecrets: [other, secret] });
    const body = JSON.stringify({ type: 'product-review.submitted', data: { pad: 'x'.repeat(255 * 1024) } });
    const forger = new Webhook(`whsec_${Buffer.from('not-a-secret-of-the-shop-0123').toString('base64')}`);
    let cpu = process.cpuUsage();
    for (let i = -5; i < 40; i++) {
      // After a few to warm up: the CPU time of 40.
      if (i === 0) cpu = process.cpuUsage();
      const at = new Date();
      const answer = await proxy(new Request('http://shop.example/webhooks', { method: 'POST', headers: { 'webhook-id': `msg_forged_${i + 5}`, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': i === 0 ? forger.sign(`msg_forged_${i + 5}`, at, body) : `v1,${Buffer.alloc(32, i).toString('base64')}` }, body }));
      expect(answer.status).toBe(401);
    }
    const used = process.cpuUsage(cpu);
    // Against what cannot be saved: the same requests, their bodies read, and two HMACs of
    // each (one per secret). A ratio, not milliseconds, which a loaded machine stretched
    // past the old bound of 220 ms.
    const keys = await Promise.all([other, secret].map((whsec) => crypto.subtle.importKey('raw', Buffer.from(whsec.slice('whsec_'.length), 'base64'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])));
    let floorStart = process.cpuUsage();
    for (let i = -5; i < 40; i++) {
      if (i === 0) floorStart = process.cpuUsage();
      const request = new Request('http://shop.example/webhooks', { method: 'POST', headers: { 'webhook-id': `msg_floor_${i}`, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) }, body });
      const content = new Uint8Array(await request.arrayBuffer());
      for (const key of keys) await crypto.subtle.sign('HMAC', key, content);
    }
    const floor = process.cpuUsage(floorStart);
    const ratio = (used.user + used.system) / (floor.user + floor.system);
    console.log(`forged 256 KB deliveries: ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU for 40, ${ratio.toFixed(2)}x reading them and their HMACs alone`);
    // About 3.5 here: the proxy reads the body in bounded chunks and signs a copy of it.
    expect(ratio).toBeLessThan(6);
  });

  it('remembers handled ids in the shared store: a replay after a restart is a duplicate', async () => {
    const store = memoryStore();
    const body = JSON.stringify({ type: 'product-review.submitted', data: { product: { handle: PRODUCT } } });
    const at = new Date();
    const headers = { 'webhook-id': 'msg_replayed', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('msg_replayed', at, body) };
    const deliver = (proxy: ReturnType<typeof createStorefrontProxy>) => proxy(new Request('http://shop.example/webhooks', { method: 'POST', headers, body })).then((r) => r.json());
    expect(await deliver(createStorefrontProxy({ publishableKey: 'svc_pk_attack_test', apiBase, store, webhookSecrets: [secret] }))).toEqual({ received: true, duplicate: false });
    // A new process, the same store.
    expect(await deliver(createStorefrontProxy({ publishableKey: 'svc_pk_attack_test', apiBase, store, webhookSecrets: [secret] }))).toEqual({ received: true, duplicate: true });
  });
});

describe('slow senders', () => {
  it('closes a connection whose body drips, after the request timeout', async () => {
    const proxy = createStorefrontProxy({ publishableKey: 'svc_pk_attack_test', apiBase, webhookSecrets: [dripSecret()] });
    const server = await serveNode(proxy, { port: 0, headersTimeoutMs: 1000, requestTimeoutMs: 1000 });
    onTestFinished(() => server.close());
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
    socket.on('error', () => {});
    const started = performance.now();
    socket.write('POST /webhooks HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n');
    const drip = setInterval(() => socket.write('x'), 200);
    onTestFinished(() => clearInterval(drip));
    expect((await closed) - started).toBeLessThan(3500);
  });
});

function dripSecret(): string {
  return `whsec_${Buffer.from('a-slow-sender-test-secret-0123').toString('base64')}`;
}

/**
 * `npm run bench:attack`: the read proxy in Node (`storefront-widgets proxy`) attacked on
 * loopback, with shoppers beside the attack (bench/lib/shoppers.ts, six reads per
 * product page view), against the project's emulator (and, for oversized answers, an
 * upstream of the bench's own). Each scenario has a fresh key and a cold proxy:
 * 1. flood: 30 views/s; after a warm-up, 300 never-repeated reads/s (random cursors,
 *    unknown products, random ratings sets) for `--flood-seconds`, then shoppers alone
 *    for `--drain-seconds` while the queued junk drains (the issue's probe: 30 and 90);
 * 2. amplification: 1,000 junk review reads planted under a popular product (the proxy
 *    lets them through at once), then one real review and its webhook: junk API requests;
 * 3. forged webhooks: 256 KB deliveries at 100/s beside 30 views/s: cached reads' p95;
 * 4. oversized answers: 18 reads answered 50 MB at once and an endless one: the proxy's RSS;
 * 5. batched ratings: 100 views/s whose ratings read names four related products drawn
 *    by popularity; then 40 views/s with the API down 10 s of 20.
 * Printed per phase: shoppers' views within 1 s (and 3 s), failed views, the oldest answer
 * served (Age) and the most past its freshness one was (`Cache-Status`'s ttl below 0),
 * API requests (busiest second) and 429s, the proxy's CPU and its event-loop delay (p99
 * and max over the phase's seconds). Results also go to bench-results/attack.json.
 * Options: `--only flood,amplify,forged,oversized,ratings`, `--flood-seconds 20`, `--drain-seconds 10`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setFaults, testKey } from '../test/support/emulator-control.ts';
import { startChild, stopAllChildren, stopChild } from './lib/children.ts';
import { catalogOf, runShoppers, type Product, type ViewRecord } from './lib/shoppers.ts';

const root = resolve(import.meta.dirname, '..');
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const ONLY = argument('only', 'flood,amplify,forged,oversized,ratings').split(',');
const FLOOD_SECONDS = Number(argument('flood-seconds', '20'));
const DRAIN_SECONDS = Number(argument('drain-seconds', '10'));
const SECRET = `whsec_${Buffer.from('bench-attack-webhook-secret').toString('base64')}`;
const CLK_TCK = 100;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const children: ChildProcess[] = [];
const results: Record<string, unknown>[] = [];

interface Proxy {
  url: string;
  child: ChildProcess;
  /** Event-loop delay per second, as the proxy's process measured it: [p99, max] ms. */
  delays: { at: number; p99: number; max: number }[];
}

/** The proxy in a process of its own, measuring its event-loop delay each second (bench/lib/loop-delay.mjs). */
function startProxy(key: string, api: string, extra: string[] = []): Promise<Proxy> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', resolve(import.meta.dirname, 'lib/loop-delay.mjs'), 'src/edge/cli.ts', 'proxy', '--publishable-key', key, '--api-base', api, '--port', '0', '--webhook-secret', SECRET, ...extra], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const delays: Proxy['delays'] = [];
  return new Promise((done, fail) => {
    let output = '';
    let found = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      for (const match of output.matchAll(/loop-delay (\d+) ([\d.]+) ([\d.]+)\n/g)) delays.push({ at: Number(match[1]), p99: Number(match[2]), max: Number(match[3]) });
      output = output.slice(output.lastIndexOf('\n') + 1);
      const url = /http:\/\/[\w.:[\]-]+/.exec(chunk.toString());
      if (url && !found) {
        found = true;
        done({ url: url[0], child, delays });
      }
    });
    child.on('exit', (code) => fail(new Error(`proxy exited (${code})`)));
  });
}

/** CPU seconds the process has used (user + system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function apiSeconds(api: string, key: string): Promise<{ at: number; requests: number; rate_limited: number }[]> {
  return ((await (await fetch(`${api}/__emulator/counts?key=${encodeURIComponent(key)}`)).json()) as { seconds: { at: number; requests: number; rate_limited: number }[] }).seconds;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One phase's figures: shoppers' views, the API's seconds and the proxy's CPU and loop between `from` and `to` (epoch ms). */
async function phase(name: string, views: ViewRecord[], api: string, key: string, proxy: Proxy, from: number, to: number, cpu: number): Promise<Record<string, unknown>> {
  const seconds = (await apiSeconds(api, key)).filter((s) => s.at >= Math.floor(from / 1000) && s.at < Math.ceil(to / 1000));
  const delays = proxy.delays.filter((d) => d.at >= from && d.at <= to + 1000);
  const reads = views.flatMap((v) => v.reads);
  const row = {
    scenario: name,
    views: views.length,
    within1s: views.filter((v) => !v.failed && v.ms <= 1000).length / Math.max(1, views.length),
    within3s: views.filter((v) => !v.failed && v.ms <= 3000).length / Math.max(1, views.length),
    failedViews: views.filter((v) => v.failed).length,
    oldestServedS: Math.max(0, ...reads.flatMap((r) => (r.age === undefined ? [] : [r.age]))),
    /** Seconds past its freshness the stalest answer was served (refresh ahead keeps shoppers' reads near 0). */
    pastFreshnessS: Math.max(0, ...reads.flatMap((r) => (r.ttl === undefined ? [] : [-r.ttl]))),
    cachedP95Ms: percentile(reads.filter((r) => r.cache === 'hit' || r.cache === 'stale').flatMap((r) => (r.ms === undefined ? [] : [r.ms])), 95),
    apiPerSecond: seconds.reduce((n, s) => n + s.requests, 0) / Math.max(1, (to - from) / 1000),
    apiMaxPerSecond: Math.max(0, ...seconds.map((s) => s.requests)),
    api429: seconds.reduce((n, s) => n + s.rate_limited, 0),
    proxyCpu: cpu / Math.max(0.001, (to - from) / 1000),
    loopDelayP99Ms: Math.max(0, ...delays.map((d) => d.p99)),
    loopDelayMaxMs: Math.max(0, ...delays.map((d) => d.max)),
  };
  results.push({ ...row, load: loadavg() });
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  console.log(
    `${name.padEnd(34)} views ${String(row.views).padStart(5)} | ≤1 s ${pct(row.within1s).padStart(7)} | ≤3 s ${pct(row.within3s).padStart(7)} | failed ${String(row.failedViews).padStart(4)} | oldest ${String(row.oldestServedS).padStart(3)} s (+${row.pastFreshnessS} s) | hit p95 ${row.cachedP95Ms.toFixed(1).padStart(6)} ms | API ${row.apiPerSecond.toFixed(1).padStart(5)}/s (max ${row.apiMaxPerSecond}) 429s ${row.api429} | CPU ${(row.proxyCpu * 100).toFixed(0).padStart(3)} % | loop p99 ${row.loopDelayP99Ms.toFixed(0)} ms max ${row.loopDelayMaxMs.toFixed(0)} ms`,
  );
  return row;
}

/** Shoppers from `at` for `seconds`, split into phases at the given offsets (s). */
async function shoppersIn(phases: { name: string; from: number; to: number }[], run: Promise<ViewRecord[]>, started: number, api: string, key: string, proxy: Proxy, cpuAt: Map<number, number>): Promise<void> {
  const views = await run;
  for (const p of phases) {
    const cpu = (cpuAt.get(p.to) ?? cpuSeconds(proxy.child.pid!)) - (cpuAt.get(p.from) ?? 0);
    await phase(p.name, views.filter((v) => v.at >= p.from * 1000 && v.at < p.to * 1000), api, key, proxy, started + p.from * 1000, started + p.to * 1000, cpu);
  }
}

/** Samples the proxy's CPU at each whole second of a run, by offset. */
function sampleCpu(pid: number, seconds: number): Map<number, number> {
  const samples = new Map<number, number>([[0, cpuSeconds(pid)]]);
  for (let s = 1; s <= seconds; s++) setTimeout(() => {
    try {
      samples.set(s, cpuSeconds(pid));
    } catch {
      // The proxy has ended.
    }
  }, s * 1000);
  return samples;
}

/** Sends `perSecond` GETs of `path(i)` for `seconds`, open loop, no retries; counts statuses. */
async function junk(origin: string, perSecond: number, seconds: number, path: (i: number) => string): Promise<Record<string, number>> {
  // An attacker opens as many connections as it likes.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const statuses: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = perSecond * seconds;
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(
      new Promise<void>((done) => {
        const url = new URL(path(i), origin);
        const req = request({ agent, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, timeout: 10_000 }, (res) => {
          res.resume();
          res.on('end', () => {
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            done();
          });
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', (error: NodeJS.ErrnoException) => {
          const name = `error ${error.code ?? error.message}`;
          statuses[name] = (statuses[name] ?? 0) + 1;
          done();
        });
        req.end();
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return statuses;
}

const random = () => Math.random().toString(36).slice(2, 10);

async function flood(api: string, products: Product[]): Promise<void> {
  const key = await testKey(api, 'attack_flood');
  const proxy = await startProxy(key, api);
  const warm = 10;
  const after = DRAIN_SECONDS;
  const total = warm + FLOOD_SECONDS + after;
  const started = Date.now();
  const cpuAt = sampleCpu(proxy.child.pid!, total);
  const shoppers = runShoppers({ origin: proxy.url, key, products, viewsPerSecond: 30, seconds: total });
  await sleep(warm * 1000);
  const handles = products.map((p) => p.handle);
  const statuses = await junk(proxy.url, 300, FLOOD_SECONDS, (i) => {
    const product = handles[i % handles.length]!;
    switch (i % 3) {
      case 0:
        return `/v1/products/${product}/reviews?market=us&limit=5&cursor=${random()}`;
      case 1:
        return `/v1/products/nope-${random()}/review-summary?market=us`;
      default:
        return `/v1/products/ratings?market=us&product_ref=${handles[Math.floor(Math.random() * handles.length)]}&product_ref=nope-${random()}`;
    }
  });
  console.log(`flood: 300 never-repeated reads/s for ${FLOOD_SECONDS} s: answers ${JSON.stringify(statuses)}`);
  await shoppersIn(
    [
      { name: 'flood: warm-up (cold, 30 views/s)', from: 2, to: warm },
      { name: 'flood: during (+300 junk/s)', from: warm, to: warm + FLOOD_SECONDS },
      { name: 'flood: after', from: warm + FLOOD_SECONDS, to: total },
    ],
    shoppers,
    started,
    api,
    key,
    proxy,
    cpuAt,
  );
  await stopChild(proxy.child);
}

async function amplify(api: string, products: Product[]): Promise<void> {
  // A key and a proxy that let the 1,000 planted reads through at once: what counts is what the webhook sets going.
  const key = await testKey(api, 'attack_amplify', { rate: { capacity: 10_000, refillPerSecond: 10_000 } });
  const proxy = await startProxy(key, api, ['--requests-per-second', '1000']);
  await fetch(`${api}/__emulator/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key, url: `${proxy.url}/webhooks`, secret: SECRET }) }).then((r) => r.arrayBuffer());
  const product = products[0]!.handle;
  // Shoppers' reads of the product (twice each: reads shoppers repeat).
  for (let i = 0; i < 2; i++) await runShoppers({ origin: proxy.url, key, products: [products[0]!, ...products.slice(1, 5)], viewsPerSecond: 10, seconds: 1 });
  const planted = await junk(proxy.url, 500, 2, (i) => `/v1/products/${product}/reviews?market=us&limit=${(i % 50) + 1}&sort=${['newest', 'highest', 'lowest'][i % 3]}&rating=${(i % 5) + 1}&cursor=junk${i}`);
  await sleep(2000);
  const before = (await apiSeconds(api, key)).reduce((n, s) => n + s.requests, 0);
  const at = Date.now();
  const added = (await (await fetch(`${api}/__emulator/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key, product_ref: product, rating: 5 }) })).json()) as { delivery?: { status: number } };
  await sleep(5000);
  const log = ((await (await fetch(`${api}/__emulator/log?key=${encodeURIComponent(key)}`)).json()) as { path: string; query: Record<string, unknown>; at: number }[]).filter((entry) => entry.at >= at);
  const after = (await apiSeconds(api, key)).reduce((n, s) => n + s.requests, 0);
  const junkAfter = log.filter((entry) => typeof entry.query.cursor === 'string' && entry.query.cursor.startsWith('junk')).length;
  const row = { scenario: 'amplification', planted: planted, webhookStatus: added.delivery?.status, apiRequestsAfterWebhook: after - before, junkRequestsAfterWebhook: junkAfter, load: loadavg() };
  results.push(row);
  console.log(`amplification: 1,000 junk reads planted (${JSON.stringify(planted)}), one real review (webhook ${added.delivery?.status}): ${after - before} API requests in 5 s after it, ${junkAfter} of them junk`);
  await stopChild(proxy.child);
}

async function forged(api: string, products: Product[]): Promise<void> {
  const key = await testKey(api, 'attack_forged');
  const proxy = await startProxy(key, api);
  // Warm: every read of the catalogue cached.
  await runShoppers({ origin: proxy.url, key, products, viewsPerSecond: 30, seconds: 10 });
  const seconds = 15;
  const started = Date.now();
  const cpuAt = sampleCpu(proxy.child.pid!, seconds);
  const shoppers = runShoppers({ origin: proxy.url, key, products, viewsPerSecond: 30, seconds });
  const body = JSON.stringify({ type: 'product-review.submitted', data: { product: { handle: products[0]!.handle }, pad: 'x'.repeat(255 * 1024) } });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const statuses: Record<string, number> = {};
  const sends: Promise<void>[] = [];
  for (let i = 0; i < seconds * 100; i++) {
    const wait = started + i * 10 - Date.now();
    if (wait > 1) await sleep(wait);
    const at = new Date();
    const id = `msg_forged_${i}_${random()}`;
    sends.push(
      new Promise<void>((done) => {
        const url = new URL('/webhooks', proxy.url);
        const req = request({ agent, method: 'POST', host: url.hostname, port: url.port, path: url.pathname, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': `v1,${Buffer.from(random().repeat(4)).subarray(0, 32).toString('base64')}` } }, (res) => {
          res.resume();
          res.on('end', () => ((statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1), done()));
        });
        req.on('error', () => ((statuses.error = (statuses.error ?? 0) + 1), done()));
        req.end(body);
      }),
    );
  }
  await Promise.all(sends);
  agent.destroy();
  console.log(`forged: ${seconds * 100} deliveries of 256 KB at 100/s: ${JSON.stringify(statuses)}`);
  await shoppersIn([{ name: 'forged webhooks (100/s, 256 KB)', from: 0, to: seconds }], shoppers, started, api, key, proxy, cpuAt);
  await stopChild(proxy.child);
}

async function oversized(): Promise<void> {
  // An upstream of the bench's own: each answer announces 50 MB and sends it, or never ends.
  const chunk = Buffer.alloc(256 * 1024, 'x');
  const server: Server = createServer((req, res) => {
    const endless = req.url?.includes('endless');
    res.writeHead(200, { 'Content-Type': 'application/json', ...(endless ? {} : { 'Content-Length': String(50 * 1024 * 1024) }) });
    let sent = 0;
    const write = () => {
      while (!res.destroyed && (endless || sent < 50 * 1024 * 1024)) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', write);
      }
      if (!res.destroyed) res.end();
    };
    res.write('{"data":"');
    write();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const proxy = await startProxy('svc_pk_bench_oversized', upstream);
  const pid = proxy.child.pid!;
  const rssBefore = rssMiB(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  const started = performance.now();
  const answers = await Promise.all(
    [...Array.from({ length: 18 }, (_, i) => `/v1/products/p${i}/review-summary?market=us`), '/v1/products/endless/review-summary?market=us'].map(async (path) => {
      const response = await fetch(`${proxy.url}${path}`);
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    }),
  );
  clearInterval(sampler);
  const statuses = answers.reduce<Record<string, number>>((counts, a) => ((counts[a.status] = (counts[a.status] ?? 0) + 1), counts), {});
  const row = { scenario: 'oversized', statuses, slowestMs: Math.max(...answers.map((a) => a.ms)), rssBeforeMiB: rssBefore, rssPeakMiB: peak, load: loadavg() };
  results.push(row);
  console.log(`oversized: 18 answers of 50 MB and an endless one: ${JSON.stringify(statuses)}, slowest ${row.slowestMs.toFixed(0)} ms; proxy RSS ${rssBefore.toFixed(0)} → peak ${peak.toFixed(0)} MiB`);
  await stopChild(proxy.child);
  server.closeAllConnections();
  server.close();
}

async function ratings(api: string, products: Product[]): Promise<void> {
  // Related products drawn by popularity (Zipf-like): varying sets, the popular ones often.
  const weights = products.map((_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const draw = () => {
    let x = Math.random() * sum;
    for (let i = 0; i < weights.length; i++) if ((x -= weights[i]!) <= 0) return i;
    return weights.length - 1;
  };
  const relatedOf = (index: number) => {
    const picked = new Set<number>();
    while (picked.size < Math.min(4, products.length - 1)) {
      const i = draw();
      if (i !== index) picked.add(i);
    }
    return [...picked].map((i) => products[i]!.handle);
  };
  for (const [rate, down] of [
    [100, false],
    [40, true],
  ] as const) {
    const key = await testKey(api, `attack_ratings_${rate}`);
    const proxy = await startProxy(key, api);
    await runShoppers({ origin: proxy.url, key, products, viewsPerSecond: rate, seconds: 10, relatedOf });
    const seconds = 20;
    const started = Date.now();
    const cpuAt = sampleCpu(proxy.child.pid!, seconds);
    const timers = down ? [setTimeout(() => void setFaults(api, key, { down: true }), 5000), setTimeout(() => void setFaults(api, key, {}), 15000)] : [];
    const shoppers = runShoppers({ origin: proxy.url, key, products, viewsPerSecond: rate, seconds, relatedOf });
    await shoppersIn([{ name: down ? `ratings by popularity, 40/s, API down 10 s` : 'ratings by popularity, 100 views/s', from: 0, to: seconds }], shoppers, started, api, key, proxy, cpuAt);
    timers.forEach(clearTimeout);
    await stopChild(proxy.child);
  }
}

async function main(): Promise<void> {
  console.log(`bench:attack: ${ONLY.join(', ')}; ${cpus().length} cores, load average ${load()}`);
  const { child: emulatorChild, url: api } = await startChild(['demo/emulator/main.ts'], { PORT: '0', HOST: '127.0.0.1', QUIET: '1' });
  const products = await catalogOf(api, 'attack_setup');
  console.log(`emulator ${api}: ${products.length} products`);
  if (ONLY.includes('flood')) await flood(api, products);
  if (ONLY.includes('amplify')) await amplify(api, products);
  if (ONLY.includes('forged')) await forged(api, products);
  if (ONLY.includes('oversized')) await oversized();
  if (ONLY.includes('ratings')) await ratings(api, products);
  console.log(`load average after: ${load()}`);
  await stopChild(emulatorChild);
  mkdirSync(resolve(root, 'bench-results'), { recursive: true });
  writeFileSync(resolve(root, 'bench-results/attack.json'), JSON.stringify({ load: loadavg(), results }, null, 2));
}

main().catch(async (error: unknown) => {
  console.error(error);
  await Promise.all([...children.map(stopChild), stopAllChildren()]);
  process.exit(1);
});

/**
 * `npm run bench:crowd`: a shop's crowd against one publishable key (20 requests a second,
 * burst 40), with shoppers simulated at the HTTP level (bench/lib/shoppers.ts: six reads
 * per product page view, the widgets' retry policy), on loopback:
 * 1. at 10, 100 and 200 product page views per second: straight to the emulator, through
 *    the read proxy in Node (`storefront-widgets proxy`), through Varnish (the README's
 *    VCL) in front of it, and through the Workers recipe in workerd (Miniflare);
 * 2. through the proxy in Node at 40 views per second with the API down for 10 s;
 * 3. the proxy's memory with 100,000 distinct reads.
 * Each run has a fresh key and a cold proxy. A run through a cache starts with a warm-up
 * at its rate (reported on its own line): the budget fills the cache at 18 reads a second.
 * It prints views complete within 1 s and 3 s, views with a failed read, the proxy's own
 * time per read (p95 of those served from its cache), and what reached the API (its
 * busiest second after the run's first two, and its 429s).
 *
 * Options: `--duration S` (60), `--warmup S` (20), `--rates 10,100,200`,
 * `--targets direct,node,varnish,workerd`, `--down-rate 40`, `--down-seconds 10`,
 * `--skip-down`, `--skip-memory`, `--help`, `--webhooks-per-second N` (0; through Node,
 * Varnish and workerd, a review added and its webhook delivered to the proxy N times a second). Results also go to bench-results/crowd.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createReadCache } from '../src/edge/read-cache.ts';
import { DEFAULT_MAX_BYTES, memoryStore } from '../src/edge/stores.ts';
import { startVarnish, type Varnish } from '../test/edge/varnish-support.ts';
import { startWorker } from '../test/edge/workerd-support.ts';
import { setFaults, testKey } from '../test/support/emulator-control.ts';
import { startChild, stopAllChildren, stopChild } from './lib/children.ts';
import { catalogOf, runShoppers, type ViewRecord } from './lib/shoppers.ts';

const root = resolve(import.meta.dirname, '..');
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const DURATION = Number(argument('duration', '60'));
const WARMUP = Number(argument('warmup', '20'));
const RATES = argument('rates', '10,100,200').split(',').map(Number);
const TARGETS = argument('targets', 'direct,node,varnish,workerd').split(',').filter(Boolean) as Target[];
const DOWN_RATE = Number(argument('down-rate', '40'));
const DOWN_SECONDS = Number(argument('down-seconds', '10'));
/** Reviews added per second during each measured run through the Node proxy, Varnish or workerd, each delivered to the proxy as a signed webhook. */
const WEBHOOKS = Number(argument('webhooks-per-second', '0'));
const WEBHOOK_SECRET = `whsec_${Buffer.from('bench-crowd-webhook-secret').toString('base64')}`;
type Target = 'direct' | 'node' | 'varnish' | 'workerd';

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
async function apiSeconds(api: string, key: string): Promise<{ at: number; requests: number; rate_limited: number }[]> {
  const response = await fetch(`${api}/__emulator/counts?key=${encodeURIComponent(key)}`);
  return ((await response.json()) as { seconds: { at: number; requests: number; rate_limited: number }[] }).seconds;
}

function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Row {
  target: string;
  rate: number;
  phase: 'warm-up' | 'measured';
  views: number;
  within1s: number;
  within3s: number;
  failedViews: number;
  cachedReads: number;
  proxyP95CachedMs: number | undefined;
  proxyP95MissMs: number | undefined;
  apiRequests: number;
  apiMaxPerSecondAfter2s: number;
  api429: number;
}

function summarize(target: string, rate: number, phase: Row['phase'], views: ViewRecord[], seconds: { at: number; requests: number; rate_limited: number }[], runStart: number): Row {
  // Behind Varnish the proxy's headers are those it sent when Varnish fetched: not a time per read.
  const reads = views.flatMap((v) => v.reads).map((r) => (target.startsWith('varnish') ? { ...r, proxyMs: undefined } : r));
  const cached = reads.filter((r) => r.cache === 'hit' || r.cache === 'stale');
  const after = seconds.filter((s) => s.at >= Math.floor(runStart / 1000) + 2);
  return {
    target,
    rate,
    phase,
    views: views.length,
    within1s: views.filter((v) => !v.failed && v.ms <= 1000).length / Math.max(1, views.length),
    within3s: views.filter((v) => !v.failed && v.ms <= 3000).length / Math.max(1, views.length),
    failedViews: views.filter((v) => v.failed).length,
    cachedReads: cached.length,
    proxyP95CachedMs: percentile(cached.flatMap((r) => (r.proxyMs === undefined ? [] : [r.proxyMs])), 95),
    proxyP95MissMs: percentile(reads.filter((r) => r.cache === 'miss').flatMap((r) => (r.proxyMs === undefined ? [] : [r.proxyMs])), 95),
    apiRequests: seconds.reduce((n, s) => n + s.requests, 0),
    apiMaxPerSecondAfter2s: Math.max(0, ...after.map((s) => s.requests)),
    api429: seconds.reduce((n, s) => n + s.rate_limited, 0),
  };
}

const pct = (n: number) => `${(n * 100).toFixed(n === 1 ? 0 : 2)} %`;
const msText = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(2)}`);
function printRow(row: Row): void {
  console.log(
    [row.target.padEnd(8), String(row.rate).padStart(4), row.phase.padEnd(8), String(row.views).padStart(6), pct(row.within1s).padStart(9), pct(row.within3s).padStart(9), String(row.failedViews).padStart(6), msText(row.proxyP95CachedMs).padStart(8), msText(row.proxyP95MissMs).padStart(8), String(row.apiRequests).padStart(7), String(row.apiMaxPerSecondAfter2s).padStart(6), String(row.api429).padStart(6)].join(' | '),
  );
}

/** Has the emulator deliver the key's webhooks to `url`, signed with the bench's secret. */
async function registerWebhook(api: string, key: string, url: string): Promise<void> {
  const response = await fetch(`${api}/__emulator/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key, url, secret: WEBHOOK_SECRET }) });
  if (!response.ok) throw new Error(`could not register the webhook: ${response.status}`);
  await response.arrayBuffer();
}

/** Where shoppers send their reads for `target`, started cold for `key`; and how to stop it. */
async function startTarget(target: Target, api: string, key: string): Promise<{ origin: string; stop: () => Promise<void>; varnish?: Varnish }> {
  if (target === 'direct') return { origin: api, stop: async () => {} };
  if (target === 'workerd') {
    const { mf, url } = await startWorker({ key, apiBase: api, webhookSecrets: WEBHOOK_SECRET }, 0);
    await registerWebhook(api, key, `${url}/webhooks`);
    return { origin: url, stop: () => mf.dispose() };
  }
  const proxy = await startChild(['src/edge/cli.ts', 'proxy', '--publishable-key', key, '--api-base', api, '--port', '0', '--webhook-secret', WEBHOOK_SECRET]);
  await registerWebhook(api, key, `${proxy.url}/webhooks`);
  if (target === 'node') return { origin: proxy.url, stop: () => stopChild(proxy.child) };
  const varnish = await startVarnish(Number(new URL(proxy.url).port));
  return {
    origin: varnish.url,
    varnish,
    stop: async () => {
      await varnish.stop();
      await stopChild(proxy.child);
    },
  };
}

async function memoryStep(): Promise<Record<string, number>> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const page = { data: Array.from({ length: 5 }, (_, i) => ({ id: `rev_${i}`, rating: 5, title: 'Fits well', body: 'x'.repeat(300), author: { name: 'A. Shopper', verified_buyer: true }, created_at: '2026-11-01T00:00:00Z', language: 'en', media: [], reply: null })), next_cursor: 'c0' };
  // Each body a string of its own, as an answer read from the network is (a replaced string may share the original's memory).
  const body = (i: number) => JSON.stringify({ ...page, next_cursor: `c${i}` });
  gc();
  const before = process.memoryUsage().heapUsed;
  const store = memoryStore();
  const cache = createReadCache({ store, requestsPerSecond: Infinity });
  const started = performance.now();
  for (let i = 0; i < 100_000; i++) {
    // A distinct body per read, as distinct reads have.
    await cache.read(`/v1/products/p${i}/reviews?limit=5&market=us`, async () => ({ ok: true, status: 200, body: body(i), contentType: 'application/json', freshMs: 30_000 }));
  }
  const ms = performance.now() - started;
  gc();
  const after = process.memoryUsage().heapUsed;
  return { reads: 100_000, bodyBytes: body(0).length, capBytes: DEFAULT_MAX_BYTES, countedBytes: store.bytes, entriesKept: store.size, heapGrowthBytes: after - before, msPerRead: ms / 100_000 };
}

async function main(): Promise<void> {
  console.log(`bench:crowd: ${DURATION} s per run (warm-up ${WARMUP} s through caches), rates ${RATES.join(', ')} views/s, targets ${TARGETS.join(', ')}; ${cpus().length} cores, load average ${load()}`);
  const emulator = await startChild(['demo/emulator/main.ts'], { PORT: '0', HOST: '127.0.0.1', QUIET: '1' });
  const api = emulator.url;
  const catalog = await catalogOf(api, 'crowd_setup');
  console.log(`emulator ${api}: ${catalog.length} products, ${catalog.length * 6} distinct reads at most`);
  console.log('target   | v/s  | phase    |  views |    ≤ 1 s |    ≤ 3 s | failed | p95 hit ms | p95 miss ms | API req | max/s | 429s');
  const rows: Row[] = [];
  const run = async (target: Target, rate: number, down?: { at: number; seconds: number }) => {
    const key = await testKey(api, `crowd_${target}_${rate}`);
    const started = await startTarget(target, api, key);
    const runStart = Date.now();
    try {
      if (target !== 'direct' && WARMUP > 0) {
        const warm = await runShoppers({ origin: started.origin, key, products: catalog, viewsPerSecond: rate, seconds: WARMUP });
        const row = summarize(target, rate, 'warm-up', warm, await apiSeconds(api, key), runStart);
        rows.push(row);
        printRow(row);
      }
      const timers: ReturnType<typeof setTimeout>[] = [];
      if (down) {
        timers.push(setTimeout(() => void setFaults(api, key, { down: true }), down.at * 1000));
        timers.push(setTimeout(() => void setFaults(api, key, {}), (down.at + down.seconds) * 1000));
      }
      let delivered = 0;
      const hooks = WEBHOOKS > 0 && target !== 'direct'
        ? setInterval(() => {
            const product = catalog[Math.floor(Math.random() * catalog.length)]!;
            void fetch(`${api}/__emulator/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key, product_ref: product.handle, rating: 5 }) }).then(async (r) => {
              const answer = (await r.json()) as { delivery?: { status: number } };
              if (answer.delivery?.status === 200) delivered++;
            });
          }, 1000 / WEBHOOKS)
        : undefined;
      const views = await runShoppers({ origin: started.origin, key, products: catalog, viewsPerSecond: rate, seconds: DURATION });
      timers.forEach(clearTimeout);
      if (hooks) {
        clearInterval(hooks);
        console.log(`           webhooks: ${delivered} reviews added and delivered to the proxy during the run`);
      }
      const row = summarize(down ? `${target}, API down ${down.seconds} s` : target, rate, 'measured', views, await apiSeconds(api, key), runStart);
      rows.push(row);
      printRow(row);
      if (started.varnish) {
        const counters = started.varnish.counters();
        console.log(`           varnish: ${counters['MAIN.cache_hit']} hits, ${counters['MAIN.cache_hit_grace'] ?? 0} in grace, ${counters['MAIN.cache_miss']} misses, ${counters['MAIN.backend_req']} requests to the proxy`);
      }
    } finally {
      await started.stop();
    }
  };
  for (const target of TARGETS) for (const rate of RATES) await run(target, rate);
  if (!process.argv.includes('--skip-down')) await run('node', DOWN_RATE, { at: Math.max(1, Math.floor(DURATION / 3)), seconds: DOWN_SECONDS });
  let memory: Record<string, number> | undefined;
  if (!process.argv.includes('--skip-memory')) {
    memory = await memoryStep();
    console.log(`memory: ${memory.reads} distinct reads of ${memory.bodyBytes} B: ${memory.entriesKept} kept, ${(memory.countedBytes! / 2 ** 20).toFixed(1)} MiB counted of a ${(memory.capBytes! / 2 ** 20).toFixed(0)} MiB cap, heap grew ${(memory.heapGrowthBytes! / 2 ** 20).toFixed(1)} MiB; ${(memory.msPerRead! * 1000).toFixed(1)} µs per read`);
  }
  console.log(`load average after: ${load()}`);
  await stopChild(emulator.child);
  mkdirSync(resolve(root, 'bench-results'), { recursive: true });
  writeFileSync(resolve(root, 'bench-results/crowd.json'), JSON.stringify({ duration: DURATION, warmup: WARMUP, load: loadavg(), rows, memory }, null, 2));
}

const USAGE = `npm run bench:crowd -- [--duration S (60)] [--warmup S (20)] [--rates 10,100,200]
  [--targets direct,node,varnish,workerd] [--down-rate 40] [--down-seconds 10]
  [--webhooks-per-second N (0: a review added and its signed webhook delivered to the proxy N times a second)]
  [--skip-down] [--skip-memory]`;

if (process.argv.includes('--help')) console.log(USAGE);
else main().catch(async (error: unknown) => {
  console.error(error);
  await stopAllChildren();
  process.exit(1);
});

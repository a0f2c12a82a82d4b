/**
 * `npm run bench:scale-out`: a shop's crowd (bench/lib/shoppers.ts: six reads per product
 * page view, the widgets' retry policy) through a tiny load balancer that sends each read
 * to a random instance of the package's own command (`storefront-widgets proxy`), in
 * front of the emulator, one publishable key (20 requests a second, burst 40):
 * - `one`: one instance, no Redis (the reference);
 * - `redis`: `--instances` instances sharing a real redis-server (`--redis-url`);
 * - `alone`: as many instances without Redis (each its own budget and cache: before);
 * - `faults`: `redis`, with Redis paused (SIGSTOP) for 10 s from the 5th measured second,
 *   restarted (empty) at the 18th, and one instance killed (SIGKILL) at the 24th;
 * - `workers`: as many isolates of the Workers recipe in workerd sharing one Durable Object
 *   (./lib/gate-isolates.ts), the balancer in front of them (run it at `--rates 100`).
 * Each run has a fresh key and cold instances, a warm-up at its rate, then the measured
 * seconds. It prints views complete within 1 s and 3 s, views with a failed read, their
 * p95, and what reached the API (requests, its busiest second after the run's first two,
 * 429s), for the warm-up, the measured seconds and the whole run; for `faults`, the same
 * per phase and how long the instances took to share again.
 *
 * Options: `--rates 200` (views a second; `200,400`), `--instances 4`, `--duration 30`,
 * `--warmup 10`, `--targets one,redis` (add `alone`, `faults`, `workers`), `--help`. Results also go
 * to bench-results/scale-out.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startRedisServer, type RedisServer } from '../test/edge/redis-server.ts';
import { requestLog, testKey } from '../test/support/emulator-control.ts';
import { startChild, stopAllChildren, stopChild } from './lib/children.ts';
import { startGateIsolates, type GateIsolates } from './lib/gate-isolates.ts';
import { catalogOf, runShoppers, type Product, type ViewRecord } from './lib/shoppers.ts';

const root = resolve(import.meta.dirname, '..');
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const RATES = argument('rates', '200').split(',').map(Number);
const INSTANCES = Number(argument('instances', '4'));
const DURATION = Number(argument('duration', '30'));
const WARMUP = Number(argument('warmup', '10'));
const TARGETS = argument('targets', 'one,redis').split(',').filter(Boolean) as Target[];
type Target = 'one' | 'redis' | 'alone' | 'faults' | 'workers';

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/**
 * The load balancer: each request to a random instance; one that refuses the connection
 * is left out for 2 s and the request goes to another (a balancer's passive health check).
 */
async function startBalancer(upstreams: string[]): Promise<{ url: string; close: () => void }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const outUntil = new Map<string, number>();
  const forward = (req: IncomingMessage, res: ServerResponse, tried: Set<string>): void => {
    const live = upstreams.filter((url) => !tried.has(url) && (outUntil.get(url) ?? 0) < Date.now());
    const target = live[Math.floor(Math.random() * live.length)];
    if (target === undefined) {
      res.writeHead(502, { 'Content-Type': 'application/json', 'Retry-After': '1' }).end('{"error":{"code":"bad_gateway","message":"no instance answers"}}');
      return;
    }
    tried.add(target);
    const url = new URL(target);
    const out = request({ agent, host: url.hostname, port: url.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => {
      if (res.headersSent) return void res.destroy();
      outUntil.set(target, Date.now() + 2000);
      forward(req, res, tried);
    });
    out.end();
  };
  const server = createServer((req, res) => forward(req, res, new Set()));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}

interface Second {
  at: number;
  requests: number;
  rate_limited: number;
}

async function apiSeconds(api: string, key: string): Promise<Second[]> {
  return ((await (await fetch(`${api}/__emulator/counts?key=${encodeURIComponent(key)}`)).json()) as { seconds: Second[] }).seconds;
}

/**
 * The API's requests as reads: how many distinct ones, and how many requests read again
 * what was read less than `withinMs` before (every read is fresh 30 s or more, and
 * refreshed ahead at most half its freshness early, so these are fetches that a shared
 * cache and merge should have saved). Counts, not timings: the machine's load changes how
 * long a run lasts, and with it how many refreshes it makes. The emulator keeps a key's
 * last 2,000 requests.
 */
async function repeats(api: string, key: string, withinMs = 10_000): Promise<{ requests: number; distinct: number; again: number }> {
  const last = new Map<string, number>();
  let again = 0;
  const log = await requestLog(api, key);
  for (const entry of log) {
    const read = `${entry.path}?${JSON.stringify(entry.query)}`;
    const before = last.get(read);
    if (before !== undefined && entry.at - before < withinMs) again++;
    last.set(read, entry.at);
  }
  return { requests: log.length, distinct: last.size, again };
}

interface Row {
  target: string;
  rate: number;
  phase: string;
  views: number;
  within1s: number;
  within3s: number;
  failedViews: number;
  p95Ms: number;
  apiRequests: number;
  apiMaxPerSecondAfter2s: number;
  api429: number;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
}

/** Views and API seconds of one phase (`from`–`to`, epoch ms) summed up. */
function summarize(target: string, rate: number, phase: string, views: ViewRecord[], seconds: Second[], from: number, to: number, runStart: number): Row {
  const within = seconds.filter((s) => s.at * 1000 >= from - 999 && s.at * 1000 < to);
  const complete = (limitMs: number) => views.filter((v) => !v.failed && v.ms <= limitMs).length / Math.max(1, views.length);
  return {
    ...{ target, rate, phase, views: views.length, within1s: complete(1000), within3s: complete(3000) },
    failedViews: views.filter((v) => v.failed).length,
    p95Ms: p95(views.map((v) => v.ms)),
    apiRequests: within.reduce((n, s) => n + s.requests, 0),
    apiMaxPerSecondAfter2s: Math.max(0, ...within.filter((s) => s.at >= Math.floor(runStart / 1000) + 2).map((s) => s.requests)),
    api429: within.reduce((n, s) => n + s.rate_limited, 0),
  };
}

const pct = (n: number) => `${(n * 100).toFixed(n === 1 ? 0 : 2)} %`;
function printRow(row: Row): void {
  console.log([row.target.padEnd(16), String(row.rate).padStart(4), row.phase.padEnd(22), String(row.views).padStart(6), pct(row.within1s).padStart(9), pct(row.within3s).padStart(9), String(row.failedViews).padStart(6), `${Math.round(row.p95Ms)}`.padStart(7), String(row.apiRequests).padStart(7), String(row.apiMaxPerSecondAfter2s).padStart(6), String(row.api429).padStart(6)].join(' | '));
}

/** Whether every instance still running says its coordinator is up (`/readyz`). */
async function allShared(urls: string[]): Promise<boolean> {
  const stateOf = async (url: string) => ((await (await fetch(`${url}/readyz`)).json()) as { coordinator: { up?: boolean } }).coordinator.up;
  // An instance that does not answer (killed) is the balancer's to leave out, not a coordinator down.
  const states = await Promise.all(urls.map((url) => stateOf(url).catch(() => undefined)));
  return states.every((up) => up !== false);
}

/** Seconds until `urls` all share again, polled every 100 ms, at most `limitMs`. */
async function secondsToShare(urls: string[], limitMs = 30_000): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await allShared(urls)) return (performance.now() - started) / 1000;
    await sleep(100);
  }
  return undefined;
}

async function run(target: Target, rate: number, api: string, catalog: Product[], rows: Row[], notes: Record<string, unknown>): Promise<void> {
  const key = await testKey(api, `scale_${target}_${rate}`);
  const count = target === 'one' ? 1 : INSTANCES;
  const redis: RedisServer | undefined = target === 'redis' || target === 'faults' ? await startRedisServer() : undefined;
  const isolates: GateIsolates | undefined = target === 'workers' ? await startGateIsolates(count, { key, api }) : undefined;
  const instances = isolates ? [] : await Promise.all(Array.from({ length: count }, () => startChild(['src/edge/cli.ts', 'proxy', '--publishable-key', key, '--api-base', api, '--port', '0', '--log', 'none', ...(redis ? ['--redis-url', redis.url] : [])], {}, 'ignore')));
  const urls = isolates?.urls ?? instances.map((instance) => instance.url);
  if (redis) await secondsToShare(urls, 10_000);
  const balancer = await startBalancer(urls);
  const origin = `${balancer.url}${isolates?.basePath ?? ''}`;
  const name = target === 'one' ? '1 instance' : isolates ? `${count} isolates + DO` : `${count} instances${redis ? ' + Redis' : ''}${target === 'faults' ? ', faults' : ''}`;
  const runStart = Date.now();
  let warm: ViewRecord[] = [];
  try {
    if (WARMUP > 0) {
      warm = await runShoppers({ origin, key, products: catalog, viewsPerSecond: rate, seconds: WARMUP });
      const row = summarize(name, rate, 'warm-up', warm, await apiSeconds(api, key), runStart, Date.now(), runStart);
      rows.push(row);
      printRow(row);
    }
    const measuredStart = Date.now();
    const events: Promise<void>[] = [];
    if (target === 'faults' && redis) {
      const at = (seconds: number, work: () => Promise<void>) => events.push(sleep(seconds * 1000).then(work));
      at(5, async () => redis.pause());
      at(15, async () => {
        redis.resume();
        notes['sharedAgainAfterPauseSeconds'] = await secondsToShare(urls);
      });
      at(18, async () => {
        await redis.stop();
        await redis.start();
        notes['sharedAgainAfterRestartSeconds'] = await secondsToShare(urls);
      });
      at(24, async () => void instances[0]!.child.kill('SIGKILL'));
    }
    const views = await runShoppers({ origin, key, products: catalog, viewsPerSecond: rate, seconds: DURATION });
    await Promise.all(events);
    const seconds = await apiSeconds(api, key);
    const end = Date.now();
    const row = summarize(name, rate, 'measured', views, seconds, measuredStart, end, runStart);
    rows.push(row);
    printRow(row);
    // What the whole run cost the API (the target: four instances about what one makes for the same crowd).
    const whole = summarize(name, rate, 'whole run', [...warm, ...views], seconds, runStart, end, runStart);
    rows.push(whole);
    printRow(whole);
    const reads = await repeats(api, key);
    notes[`${name} at ${rate}: API requests, distinct reads, read again within 10 s`] = reads;
    console.log(`                 API: ${reads.requests} requests of ${reads.distinct} distinct reads; ${reads.again} read again within 10 s of the last`);
    if (target === 'faults') {
      // Views by when they started: Redis paused (5–15 s), restarted (18 s on), an instance killed (24 s on).
      const phase = (label: string, from: number, to: number) => {
        const picked = views.filter((v) => v.at >= from * 1000 && v.at < to * 1000);
        const phaseRow = summarize(name, rate, label, picked, seconds, measuredStart + from * 1000, measuredStart + to * 1000, runStart);
        rows.push(phaseRow);
        printRow(phaseRow);
      };
      phase('Redis paused 5–15 s', 5, 15);
      phase('Redis restart 18–24 s', 18, 24);
      phase('one killed 24 s–end', 24, DURATION);
      console.log(`                 shared again ${fmt(notes['sharedAgainAfterPauseSeconds'])} after Redis's pause ended, ${fmt(notes['sharedAgainAfterRestartSeconds'])} after its restart`);
    }
  } finally {
    balancer.close();
    await Promise.all(instances.map(({ child }) => stopChild(child)));
    await isolates?.close();
    await redis?.stop();
  }
}

const fmt = (value: unknown) => (typeof value === 'number' ? `${value.toFixed(1)} s` : 'never (30 s)');

async function main(): Promise<void> {
  console.log(`bench:scale-out: ${DURATION} s per run after a ${WARMUP} s warm-up, rates ${RATES.join(', ')} views/s, ${INSTANCES} instances, targets ${TARGETS.join(', ')}; ${cpus().length} cores, load average ${load()}`);
  const emulator = await startChild(['demo/emulator/main.ts'], { PORT: '0', HOST: '127.0.0.1', QUIET: '1' }, 'ignore');
  const api = emulator.url;
  const catalog = await catalogOf(api, 'scale_setup');
  console.log(`emulator ${api}: ${catalog.length} products`);
  console.log('target           | v/s  | phase                  |  views |    ≤ 1 s |    ≤ 3 s | failed | p95 ms | API req | max/s | 429s');
  const rows: Row[] = [];
  const notes: Record<string, unknown> = {};
  for (const rate of RATES) for (const target of TARGETS) await run(target, rate, api, catalog, rows, notes);
  console.log(`load average after: ${load()}`);
  await stopChild(emulator.child);
  mkdirSync(resolve(root, 'bench-results'), { recursive: true });
  writeFileSync(resolve(root, 'bench-results/scale-out.json'), JSON.stringify({ duration: DURATION, warmup: WARMUP, instances: INSTANCES, load: loadavg(), rows, notes }, null, 2));
}

const USAGE = `npm run bench:scale-out -- [--rates 200 (views a second; 200,400)] [--instances 4]
  [--duration 30] [--warmup 10] [--targets one,redis (also alone, faults, workers)]
  workers: isolates in workerd sharing one Durable Object, e.g. --rates 100 --targets workers`;

if (process.argv.includes('--help')) console.log(USAGE);
else
  main().catch(async (error: unknown) => {
    console.error(error);
    await stopAllChildren();
    process.exit(1);
  });

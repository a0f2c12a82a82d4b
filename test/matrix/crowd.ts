/**
 * `storefront-widgets proxy` run by a runtime, under a short crowd: shoppers at the HTTP
 * level (bench/lib/shoppers.ts: six reads per product page view, the widgets' retry
 * policy) from this process. A few products only, so that the proxy's budget (18 API
 * requests a second) fills its cache within a few seconds; then the measured views.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pageReads, runShoppers, type Product } from '../../bench/lib/shoppers.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import type { Runtime } from './runtimes.ts';

export interface CrowdFigures {
  views: number;
  within1s: number;
  failed: number;
  /** API requests while the measured views ran. */
  apiRequests: number;
  /** The proxy process's CPU time (user and system) for the measured views, in ms: less bound to the machine's load than times are. */
  cpuMs: number;
  load: string;
}

const PRODUCTS = 8;

/** A process's CPU time so far (Linux's /proc: user and system, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Reads `url` until it answers 200, waiting each 503's Retry-After, until `until` (ms since the epoch). */
async function warm(url: string, until: number): Promise<void> {
  for (;;) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (response.status !== 503 || Date.now() > until) throw new Error(`warm-up: ${url} answered ${response.status}`);
    await new Promise((done) => setTimeout(done, Number(response.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** Starts the command in `cwd`, runs the crowd through it, stops it with SIGTERM; throws on any failed view or an unclean stop. */
export async function crowd(runtime: Runtime, cwd: string, apiBase: string, catalog: readonly Product[], { viewsPerSecond = 100, seconds = 3 } = {}): Promise<CrowdFigures> {
  const key = await testKey(apiBase, `matrix_crowd_${runtime.id}`);
  const { bin, args } = runtime.cli();
  const child = spawn(bin, [...args, 'proxy', '--publishable-key', key, '--api-base', apiBase, '--port', '0'], { cwd, env: { ...process.env, DENO_DIR: join(cwd, '.deno') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  try {
    const origin = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no URL printed within 20 s: ${output}`)), 20_000);
      child.stdout.on('data', () => {
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
        if (url) {
          clearTimeout(timer);
          done(url[0]);
        }
      });
      void exited.then((code) => fail(new Error(`exited (${code}): ${output}`)));
    });
    const products = catalog.slice(0, PRODUCTS);
    // Warm-up: every read of these products' pages (the budget paces them), a 503 tried again after its Retry-After, as the widgets do.
    const paths = [...new Set(products.flatMap((_, index) => pageReads(products, index)))];
    const warmUntil = Date.now() + 30_000;
    await Promise.all(paths.map((path) => warm(`${origin}${path}`, warmUntil)));
    const before = (await requestLog(apiBase, key)).length;
    const load = loadavg().map((n) => n.toFixed(2)).join(' ');
    const cpuBefore = cpuMs(child.pid!);
    const views = await runShoppers({ origin, key, products, viewsPerSecond, seconds });
    const cpu = cpuMs(child.pid!) - cpuBefore;
    const apiRequests = (await requestLog(apiBase, key)).length - before;
    const figures = { views: views.length, within1s: views.filter((view) => !view.failed && view.ms <= 1000).length, failed: views.filter((view) => view.failed).length, apiRequests, cpuMs: cpu, load };
    if (figures.failed > 0) throw new Error(`${figures.failed} of ${figures.views} views had a failed read`);
    // The crowd's reads come from the cache: the API sees at most the budget's refreshes.
    if (apiRequests > 18 * (seconds + 2)) throw new Error(`${apiRequests} API requests during the crowd`);
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`stopped with exit code ${code} on SIGTERM: ${output}`);
    return figures;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

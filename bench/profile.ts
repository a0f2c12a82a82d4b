/**
 * `npm run bench:profile`: where the main thread's time goes on the bench's product pages.
 *
 * Loads the theme-like product page (or `--page product`, `--page ssr` rendered on the server, or `--page plain` without widgets) with the built script tag
 * (dist/cdn as it is: run `npm run build:cdn` first) in Chromium at Lighthouse's CPU
 * slowdown (×4), records a trace with the V8 sampling profiler, and prints every task
 * over 50 ms (the ones that count towards Total Blocking Time) with what it did: the
 * trace's own events (script, style, layout) and the functions with the most samples,
 * named by their original source through the build's source maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { heroJpeg } from './lib/hero.ts';
import { productPage, productPagePlain, productPageTheme, serverRenderedProductPage } from './lib/pages.ts';
import { startSite } from './lib/server.ts';
import { navigationTo, TASK_PARTS, type CallFrame, type TraceEvent } from './lib/trace.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const PAGE = arg('--page', 'theme');
const SLOWDOWN = Number(arg('--cpu', '4'));
const TOP = Number(arg('--top', '8'));
const DIST = join('dist', 'cdn');
if (!existsSync(join(DIST, 'storefront-widgets.js'))) throw new Error('No dist/cdn/storefront-widgets.js: run npm run build:cdn first.');

const maps = new Map<string, SourceMapConsumer | null>();
/** `file:line function` in the original sources, where a map says so. */
function originalName(frame: CallFrame): string {
  const path = (frame.url ?? '').replace(/^https?:\/\/[^/]+\//, '');
  if (!frame.url?.startsWith('http') || path === '') return frame.functionName || `(${frame.url || 'native'})`;
  if (!maps.has(path)) {
    const file = join(DIST, `${path}.map`);
    maps.set(path, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  const map = maps.get(path);
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return `${path} ${frame.functionName}`;
  const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
  return `${source}:${at.line} ${at.name ?? frame.functionName}`;
}

const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
const apiBase = emulator.url;
const key = await testKey(apiBase, 'bench_profile');
// The scripts from a second origin, as from the library's CDN (see bench/run.ts).
const cdn = await startSite({ root: DIST, pages: () => undefined, files: {} });
// `--page ssr`: rendered on the server (dist/ssr/, run `npm run build` first), as `npm run bench:ssr` serves it.
const html =
  PAGE === 'plain'
    ? productPagePlain()
    : PAGE === 'product'
      ? productPage(apiBase, key, cdn.origin)
      : PAGE === 'ssr'
        ? await serverRenderedProductPage(process.cwd(), apiBase, key, cdn.origin)
        : productPageTheme(apiBase, key, cdn.origin);
const files: Record<string, Buffer> = { '/hero.jpg': heroJpeg() };
const site = await startSite({ root: DIST, pages: (path) => (path === '/' ? html : undefined), files });
const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, ignoreHTTPSErrors: true });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'loading', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
  const url = `${site.origin}/`;
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(3000);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;

  const navigation = navigationTo(events, url);
  if (!navigation) throw new Error('no navigation in the trace');
  const onMain = (e: TraceEvent) => e.pid === navigation.pid && e.tid === navigation.tid;

  // Samples: the profile's nodes and each sample's time.
  const frames = new Map<number, CallFrame>();
  const samples: { ts: number; node: number }[] = [];
  const starts = new Map<string, number>();
  for (const e of events) if (e.name === 'Profile' && onMain(e) && e.id) starts.set(e.id, e.args?.data?.startTime ?? e.ts);
  const clock = new Map<string, number>();
  for (const e of events) {
    // Profile ids repeat across processes: only the page's renderer's chunks (the browser's own pages profile too).
    if (e.name !== 'ProfileChunk' || e.pid !== navigation.pid || !e.id || !starts.has(e.id) || !e.args?.data) continue;
    for (const node of e.args.data.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    let ts = clock.get(e.id) ?? starts.get(e.id)!;
    const deltas = e.args.data.timeDeltas ?? [];
    (e.args.data.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    clock.set(e.id, ts);
  }
  samples.sort((a, b) => a.ts - b.ts);

  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && (e.dur ?? 0) > 50_000 && e.ts >= navigation.ts);
  let blocking = 0;
  let blockingCpu = 0;
  console.log(`${PAGE} page, CPU ×${SLOWDOWN}: ${tasks.length} task(s) over 50 ms`);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    blocking += task.dur! / 1000 - 50;
    blockingCpu += Math.max(0, (task.tdur ?? 0) / 1000 - 50);
    const inside = new Map<string, number>();
    for (const e of events) {
      if (!onMain(e) || e.dur === undefined || !TASK_PARTS.test(e.name) || e.ts < task.ts || e.ts + e.dur > end) continue;
      const label = e.name === 'EvaluateScript' || e.name === 'v8.compile' ? `${e.name} ${(e.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+\//, '')}` : e.name;
      inside.set(label, Math.max(inside.get(label) ?? 0, e.dur));
    }
    const self = new Map<string, number>();
    for (let i = 0; i < samples.length - 1; i++) {
      const sample = samples[i]!;
      if (sample.ts < task.ts || sample.ts >= end) continue;
      const frame = frames.get(sample.node);
      const name = frame ? originalName(frame) : '?';
      self.set(name, (self.get(name) ?? 0) + (samples[i + 1]!.ts - sample.ts));
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, us]) => `${(us / 1000).toFixed(1)} ms ${name}`);
    console.log(`\n@${((task.ts - navigation.ts) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms (${((task.tdur ?? 0) / 1000).toFixed(0)} ms thread time)`);
    console.log(`  events: ${top(inside, 6).join(' | ')}`);
    for (const line of top(self, TOP)) console.log(`  ${line}`);
  }
  console.log(`\nblocking time (sum of each task's time over 50 ms): ${blocking.toFixed(0)} ms wall, ${blockingCpu.toFixed(0)} ms by thread time; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
} finally {
  await browser.close();
  await site.close();
  await cdn.close();
  await emulator.close();
}

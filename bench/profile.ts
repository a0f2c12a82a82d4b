/**
 * `npm run bench:profile`: where the main thread's time goes on the bench's product pages.
 *
 * Loads the theme-like product page (or `--page shop` the shop-like page, `--page product`, `--page ssr` rendered on the server, or `--page plain` without widgets) with the built script tag
 * (dist/cdn as it is: run `npm run build:cdn` first) in Chromium at Lighthouse's CPU
 * slowdown (×4), records a trace with the V8 sampling profiler, and prints every task
 * over 50 ms (the ones that count towards Total Blocking Time; `--over N` for another
 * threshold) with what it did: the
 * trace's own events (script, style, layout) and the functions with the most samples,
 * named by their original source through the build's source maps.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { heroJpeg } from './lib/hero.ts';
import { productPage, productPagePlain, productPageTheme, serverRenderedProductPage, shopPage } from './lib/pages.ts';
import { startSite } from './lib/server.ts';
import { samplesOf, selfTimes, sourceNamer } from './lib/samples.ts';
import { navigationTo, TASK_PARTS, type TraceEvent } from './lib/trace.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const PAGE = arg('--page', 'theme');
const SLOWDOWN = Number(arg('--cpu', '4'));
const TOP = Number(arg('--top', '8'));
const OVER = Number(arg('--over', '50'));
const DIST = join('dist', 'cdn');
if (!existsSync(join(DIST, 'storefront-widgets.js'))) throw new Error('No dist/cdn/storefront-widgets.js: run npm run build:cdn first.');

const originalName = sourceNamer(DIST);

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
        : PAGE === 'shop'
          ? shopPage(apiBase, key, cdn.origin)
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

  const samples = samplesOf(events, navigation.pid, onMain);

  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && (e.dur ?? 0) > OVER * 1000 && e.ts >= navigation.ts);
  let blocking = 0;
  let blockingCpu = 0;
  console.log(`${PAGE} page, CPU ×${SLOWDOWN}: ${tasks.length} task(s) over ${OVER} ms`);
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
    const self = selfTimes(samples, task.ts, end, originalName);
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

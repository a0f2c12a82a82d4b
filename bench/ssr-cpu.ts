/**
 * `npm run bench:ssr-cpu`: the main thread's CPU time on the bench's product page rendered
 * on the server (or, with `--page product`, rendered in the browser from the script tag;
 * `--page theme`, the theme-like page, which reserves no space and has the full summary above the fold),
 * from the trace's thread times, which a busy machine disturbs far less
 * than Lighthouse's wall-clock figures. For each load (Chromium, unthrottled, the phone
 * viewport, 4 s after the load event): the tasks' thread time summed, and Lighthouse's
 * way of counting blocking time applied to it (each task ×4, the simulation's CPU
 * slowdown, past 50 ms), with the tasks that count, and the longest task ×4; and the same
 * for the page without widgets, for what the page costs by itself.
 *
 * `--against DIR` measures another checkout too (built: `npm run build` there), its loads
 * alternating with this one's, for a before and after. `--runs N` (default 7). Run
 * `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { heroJpeg } from './lib/hero.ts';
import { productPage, productPagePlain, productPageTheme } from './lib/pages.ts';
import { median, ms, table } from './lib/print.ts';
import { startSite } from './lib/server.ts';
import type { TraceEvent } from './lib/trace.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RUNS = Math.max(1, Number(arg('--runs')) || 7);
const PAGE = arg('--page') ?? 'ssr';
if (PAGE !== 'ssr' && PAGE !== 'product' && PAGE !== 'theme') throw new Error('--page is ssr (default), product or theme');
const kind = PAGE === 'ssr' ? 'server-rendered' : PAGE === 'theme' ? 'theme-like, script tag' : 'script tag';
const checkouts: Record<string, string> = { [`${kind}, this checkout`]: process.cwd(), ...(arg('--against') ? { [`${kind}, --against`]: resolve(arg('--against')!) } : {}) };
for (const dir of Object.values(checkouts)) if (!existsSync(join(dir, 'dist/ssr/index.js'))) throw new Error(`${dir}: no dist/ssr/index.js; run npm run build there first.`);

const out = mkdtempSync(join(tmpdir(), 'storefront-bench-ssr-cpu-'));
const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
const plain = await startSite({ root: out, pages: (path) => (path === '/' ? productPagePlain() : undefined), files: { '/hero.jpg': heroJpeg() } });
const urls: Record<string, string> = { 'without widgets': `${plain.origin}/` };
const closing: (() => unknown)[] = [() => emulator.close(), () => rmSync(out, { recursive: true, force: true }), () => plain.close()];
for (const [name, dir] of Object.entries(checkouts)) {
  const cdn = await startSite({ root: join(dir, 'dist/cdn'), pages: () => undefined, files: {} });
  const file = join(out, `${name}.html`);
  if (PAGE === 'ssr') await promisify(execFile)('npx', ['tsx', join(import.meta.dirname, 'lib/render-product-ssr.ts'), dir, emulator.url, cdn.origin, file]);
  const html = PAGE === 'ssr' ? readFileSync(file, 'utf8') : (PAGE === 'theme' ? productPageTheme : productPage)(emulator.url, 'svc_pk_demo', cdn.origin);
  const site = await startSite({ root: join(dir, 'dist/cdn'), pages: (path) => (path === '/' ? html : undefined), files: { '/hero.jpg': heroJpeg() } });
  urls[name] = `${site.origin}/`;
  closing.push(() => cdn.close(), () => site.close());
}

const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
const results: Record<string, { cpu: number[]; blocking: number[]; long: number[]; longest: number[] }> = {};
try {
  for (let run = 0; run < RUNS; run++) {
    for (const name of Object.keys(urls)) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, ignoreHTTPSErrors: true });
      const tab = await context.newPage();
      await browser.startTracing(tab, { categories: ['devtools.timeline', 'toplevel'] });
      await tab.goto(urls[name]!, { waitUntil: 'load' });
      await tab.waitForTimeout(4000);
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      await context.close();
      // The page's main thread: the one that parsed its HTML.
      const parse = events.find((e) => e.name === 'ParseHTML');
      if (!parse) throw new Error('no ParseHTML in the trace');
      const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.pid === parse.pid && e.tid === parse.tid && e.tdur !== undefined).map((e) => e.tdur! / 1000);
      const result = (results[name] ??= { cpu: [], blocking: [], long: [], longest: [] });
      result.cpu.push(tasks.reduce((sum, t) => sum + t, 0));
      result.blocking.push(tasks.reduce((sum, t) => sum + Math.max(0, 4 * t - 50), 0));
      result.long.push(tasks.filter((t) => 4 * t > 50).length);
      result.longest.push(4 * Math.max(0, ...tasks));
    }
  }
} finally {
  await browser.close();
  for (const close of closing.reverse()) await close();
}

console.log(`npm run bench:ssr-cpu: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ${RUNS} loads each, medians\n`);
console.log(
  table(
    ['page', 'main-thread CPU', 'blocking (tasks ×4, past 50 ms)', 'tasks over 50 ms ×4', 'longest task ×4'],
    Object.entries(results).map(([name, r]) => [name, ms(median(r.cpu)), ms(median(r.blocking)), median(r.long), ms(median(r.longest))]),
    ['l', 'r', 'r', 'r', 'r'],
  ),
);
for (const [name, r] of Object.entries(results)) console.log(`${name}: CPU ${r.cpu.map(Math.round).join(' ')}; blocking ${r.blocking.map(Math.round).join(' ')}`);

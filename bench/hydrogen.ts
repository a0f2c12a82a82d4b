/**
 * `npm run bench:hydrogen`: the Hydrogen app (test/frameworks/hydrogen, built and served by
 * `shopify hydrogen preview` in workerd) against the emulator: Lighthouse (mobile,
 * simulated throttling) on its page with the widgets, on `/no-widgets`, on `/static-img`
 * (the page's title and the gallery's first photo as a plain `<img>`, no widget) and on
 * `/gallery-img` (the same page with its gallery replaced by that `<img>`, the other widgets
 * as they are): the two LCPs the page is held to. The median of `--runs N` runs each (default 5, in turns) with each run's LCP
 * phases; each page's first layout in a cold Chromium (its time and its font round trips);
 * then in Chromium the page's CLS while a shopper scrolls through it, and the
 * API reads the browser makes (none for the elements rendered on the server, one per
 * element rendered in the browser). Needs the app installed with the package as packed:
 * run `node test/frameworks/run.mjs hydrogen` once.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { firstLayout } from './lib/first-layout.ts';
import { lighthouse, type LighthouseRun } from './lib/lighthouse.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const app = resolve(import.meta.dirname, '../test/frameworks/hydrogen');
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`load average ${load()}`);

const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
const env = { SESSION_SECRET: 'not-a-secret-only-for-the-test-app', PUBLIC_STORE_DOMAIN: 'mock.shop', STOREFRONT_PUBLISHABLE_KEY: 'svc_pk_demo', STOREFRONT_API_BASE: emulator.url };
writeFileSync(join(app, '.env'), Object.entries(env).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`).join(''));
await promisify(execFile)('npm', ['run', 'build'], { cwd: app, maxBuffer: 64 * 1024 * 1024 });

const port = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => done(port));
  });
});
const preview = spawn(process.execPath, ['node_modules/@shopify/cli/bin/run.js', 'hydrogen', 'preview', '--path', app, '--port', String(port)], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
preview.stdout.on('data', (chunk: Buffer) => (output += chunk));
preview.stderr.on('data', (chunk: Buffer) => (output += chunk));
const origin = `http://127.0.0.1:${port}`;
for (let until = Date.now() + 60_000; ; ) {
  if (await fetch(origin).then((r) => (void r.body?.cancel(), r.ok), () => false)) break;
  if (Date.now() > until) {
    preview.kill();
    throw new Error(`shopify hydrogen preview did not answer:\n${output}`);
  }
  await new Promise((done) => setTimeout(done, 250));
}

/** The parts of a run's report read here (the JSON report, read once per run). */
interface Report {
  audits: Record<string, { details?: { items?: { items?: { subpart: string; duration: number }[]; url?: string; resourceType?: string; networkEndTime?: number }[] } }>;
}

/** The LCP's phases as the run observed them (unthrottled): TTFB, load delay, load duration, render delay. */
function lcpPhases(report: Report): string {
  const parts = report.audits['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? [];
  return parts.map((part) => `${part.subpart.replace(/^element|^resource|^timeTo/, '')} ${part.duration.toFixed(0)}`).join(', ');
}

/**
 * How many of the page's scripts had arrived before the LCP paint the run observed: the
 * simulation counts each such download as blocking the paint (React's modules, about 90 kB
 * compressed, add about half a second), so a run that paints after them has a much later LCP.
 */
function scriptsBeforePaint(run: LighthouseRun, report: Report): string {
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((request) => request.resourceType === 'Script');
  const before = scripts.filter((request) => (request.networkEndTime ?? Infinity) <= run.observedLcp);
  return `${before.length} of ${scripts.length} scripts in before the observed LCP`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const pages = [
    ['with widgets', '/', 'widgets'],
    ['without widgets', '/no-widgets', 'none'],
    ['static <img>', '/static-img', 'static-img'],
    ['gallery as <img>', '/gallery-img', 'gallery-img'],
  ] as const;
  for (const [name, path] of pages) {
    const html = await fetch(`${origin}${path}`, { headers: { 'sec-fetch-dest': 'document' } }).then((response) => response.text());
    console.log(`${name}: the HTML ${(html.length / 1000).toFixed(1)} kB`);
    // The emulator paints each picture on its first request (a CDN serves it from its cache): the pictures the page names, painted before any run.
    const pictures = new Set(html.match(new RegExp(`${emulator.url}${String.raw`/media/[^"'\\\s]+`}`, 'g')));
    await Promise.all([...pictures].map((url) => fetch(url).then((response) => response.arrayBuffer())));
  }
  // In turns (each page's first run, then each page's second...): the pages share whatever load the machine has.
  const runs = new Map<string, LighthouseRun[]>(pages.map(([name]) => [name, []]));
  for (let i = 0; i < Number(values.runs); i++) {
    for (const [name, path, file] of pages) {
      const run = await lighthouse(`${origin}${path}`, `hydrogen-${file}-${i}`);
      runs.get(name)!.push(run);
      const report = JSON.parse(readFileSync(run.report, 'utf8')) as Report;
      console.log(`Lighthouse ${name}: score ${Math.round(run.score)}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}; observed LCP ${run.observedLcp.toFixed(0)} ms (${lcpPhases(report)}; ${scriptsBeforePaint(run, report)}), load average ${load()}`);
    }
  }
  if (Number(values.runs) > 0) {
    const medians = [...runs].map(([name, all]) => `${name}: score ${median(all.map((run) => run.score)).toFixed(0)}, LCP ${median(all.map((run) => run.lcp)).toFixed(0)} ms, FCP ${median(all.map((run) => run.fcp)).toFixed(0)} ms (scores ${all.map((run) => run.score.toFixed(0)).join(', ')}; LCPs ${all.map((run) => run.lcp.toFixed(0)).join(', ')})`);
    console.log(`Median of ${values.runs}:\n  ${medians.join('\n  ')}`);
  }

  // What the LCP waits for: the layout at the end of parsing. Its font round trips are a count the machine's load does not move.
  for (const [name, path] of pages) {
    const layouts = [];
    for (let i = 0; i < 3; i++) layouts.push(await firstLayout(`${origin}${path}`));
    console.log(`First layout, ${name}: font round trips ${layouts.map((layout) => `${layout.fontFaces + layout.fontSizes} (faces ${layout.fontFaces}, sizes ${layout.fontSizes})`).join(', ')}; layout before the LCP ${median(layouts.map((layout) => layout.layoutMs)).toFixed(0)} ms, LCP ${median(layouts.map((layout) => layout.lcpMs)).toFixed(0)} ms (medians of 3, unthrottled), load average ${load()}`);
  }

  const browser = await chromium.launch({ ...(chromiumExecutable() ? { executablePath: chromiumExecutable() } : {}), args: chromiumArgs });
  const page = await browser.newPage();
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${emulator.url}/v1/`)) reads.push(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => {
    (window as unknown as { cls: number }).cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(origin, { waitUntil: 'load' });
  for (const tag of ['svc-review-summary', 'svc-post-gallery', 'svc-shoppable-post', 'svc-reviews']) {
    // The page's own element: the gallery's closed lightbox holds shoppable posts too.
    await page.locator(tag).first().scrollIntoViewIfNeeded();
    await page.waitForFunction((tag) => (document.querySelector(tag) as unknown as { hasUpdated?: boolean } | null)?.hasUpdated === true, tag, { timeout: 20_000 });
  }
  await page.evaluate(() => new Promise((done) => setTimeout(done, 2_000)));
  console.log(`CLS while scrolling through the page: ${(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toFixed(3)}`);
  console.log(`the browser's API reads: ${reads.length === 0 ? 'none' : reads.join(', ')}`);
  await browser.close();
} finally {
  preview.kill();
  await emulator.close();
}
console.log(`load average ${load()}`);

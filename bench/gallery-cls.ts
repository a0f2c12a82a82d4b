/**
 * How steady and how quick a 50-post `<svc-post-gallery>` is on a shop page:
 *
 * - CLS (cumulative layout shift) from navigation until every image of the gallery has
 *   loaded (the page is scrolled through so that the lazy images load too);
 * - the longest main-thread task from navigation until the first page is on screen
 *   (from a Chromium trace, so tasks under 50 ms count too);
 * - time to first placeholder: navigation start to the first frame with the gallery's
 *   skeleton tiles.
 *
 * It builds the element modules and the loader (script tag and module entry) into a temporary folder,
 * serves it with a plain shop page from a local server, starts the Storefront API
 * emulator on a free port, and drives Chromium with Playwright. Nothing leaves this
 * machine. Run: `npx tsx bench/gallery-cls.ts` (`--runs 5` for more runs; the median
 * and worst are printed, and the figures written to `bench-results/gallery-cls.json`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { navigationTo, TASK_PARTS, type TraceEvent } from './lib/trace.ts';

/**
 * `classic`: the script tag (the loader) in <head>; `module`: the module entry with
 * `<script type="module">`. Either way the element's own module loads asynchronously,
 * so the page may paint before the element is defined.
 */
type Variant = 'classic' | 'module';
const VARIANTS: Variant[] = ['classic', 'module'];

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

const page = (apiBase: string, variant: Variant) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Shop</title>
  ${variant === 'module' ? '<script type="module" src="/classic/module/storefront-widgets.js"></script>' : '<script src="/classic/storefront-widgets.js"></script>'}
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; color: #1d1d1f; }
    header, main, footer { max-width: 1120px; margin: 0 auto; padding: 24px; }
    h1 { margin: 0 0 8px; }
  </style>
</head>
<body>
  <header><h1>Northwind Goods</h1><p>Summer collection, as our customers wear it.</p></header>
  <main>
    <svc-post-gallery publishable-key="svc_pk_demo" market="us" api-base="${apiBase}" page-size="50" columns="4"></svc-post-gallery>
  </main>
  <footer><p>Footer: shipping, returns, newsletter.</p></footer>
</body>
</html>`;

const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

function serve(root: string, html: (variant: Variant) => string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/classic.html' || path === '/module.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(html(path === '/classic.html' ? 'classic' : 'module'));
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

/**
 * Installed before any page script: sums layout shifts, and notes the first frame with
 * the gallery's skeleton (or tiles) in it. A string, not a function, so that no helper
 * the TypeScript runner adds to functions ends up in the page.
 */
const observeShifts = `
  window.__cls = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__cls += entry.value;
      window.__shifts.push({ at: Math.round(entry.startTime), value: entry.value, nodes: entry.sources.map((s) => s.node ? s.node.nodeName.toLowerCase() : '?') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const look = () => {
    const root = document.querySelector('svc-post-gallery')?.shadowRoot;
    if (root && root.querySelector('.skeleton, .tile')) {
      requestAnimationFrame(() => { window.__placeholderAt = performance.now(); });
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
`;

/**
 * The longest task on the page's main thread from its navigation start until `untilMs`
 * later: by wall time (`ms`) and by the thread's own CPU time (`cpuMs`, which a busy
 * machine does not inflate), with what it mostly did.
 */
function longestTask(events: TraceEvent[], pageUrl: string, untilMs: number): { ms: number; cpuMs: number; what: string } {
  const navigation = navigationTo(events, pageUrl);
  if (!navigation) return { ms: Number.NaN, cpuMs: Number.NaN, what: '' };
  let longest: TraceEvent | undefined;
  let cpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.dur === undefined || e.pid !== navigation.pid || e.tid !== navigation.tid) continue;
    if (e.ts + e.dur < navigation.ts || e.ts > navigation.ts + untilMs * 1000) continue;
    if (!longest || e.dur > longest.dur!) longest = e;
    cpu = Math.max(cpu, e.tdur ?? 0);
  }
  if (!longest) return { ms: 0, cpuMs: 0, what: '' };
  const inside = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== longest.pid || e.tid !== longest.tid || e.dur === undefined || !TASK_PARTS.test(e.name)) continue;
    if (e.ts < longest.ts || e.ts + e.dur > longest.ts + longest.dur!) continue;
    inside.set(e.name, Math.max(inside.get(e.name) ?? 0, e.dur));
  }
  const what = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)} ms`).join(', ');
  return { ms: longest.dur! / 1000, cpuMs: cpu / 1000, what };
}

interface Run {
  cls: number;
  shifts: { at: number; value: number; nodes: string[] }[];
  longestTaskMs: number;
  longestTaskCpuMs: number;
  longestTaskWhat: string;
  firstPlaceholderMs: number;
  firstPageMs: number;
  images: number;
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  await tab.addInitScript(observeShifts);
  await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'loading'] });
  await tab.goto(url);
  // First page on screen: the tiles are in.
  await tab.waitForFunction(() => (document.querySelector('svc-post-gallery')?.shadowRoot?.querySelectorAll('button.tile').length ?? 0) >= 50, undefined, { timeout: 30_000 });
  const firstPageMs = await tab.evaluate(() => performance.now());
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  // Scroll through so that the lazy images load too, then wait for every image.
  for (let y = 0; y < 8000; y += 600) {
    await tab.evaluate((top) => window.scrollTo(0, top), y);
    await tab.waitForTimeout(80);
  }
  await tab.waitForFunction(
    () => {
      const images = [...(document.querySelector('svc-post-gallery')?.shadowRoot?.querySelectorAll('img.media') ?? [])] as HTMLImageElement[];
      return images.length > 0 && images.every((image) => image.complete);
    },
    undefined,
    { timeout: 90_000 },
  );
  await tab.waitForTimeout(500);
  const figures = (await tab.evaluate(`({
    cls: window.__cls,
    shifts: window.__shifts,
    firstPlaceholderMs: window.__placeholderAt,
    images: document.querySelector('svc-post-gallery').shadowRoot.querySelectorAll('img.media').length,
  })`)) as Omit<Run, 'firstPageMs' | 'longestTaskMs' | 'longestTaskCpuMs' | 'longestTaskWhat'>;
  await context.close();
  const task = longestTask(trace.traceEvents, url, firstPageMs);
  return { ...figures, firstPageMs, longestTaskMs: task.ms, longestTaskCpuMs: task.cpuMs, longestTaskWhat: task.what };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => ({ median: median(values), worst: Math.max(...values) });

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'gallery-bench-'));
  // The element modules, then the loader: the script tag (classic/) and the module entry (classic/module/).
  await build({ mode: 'modules', logLevel: 'warn', build: { outDir: join(out, 'classic', 'module'), emptyOutDir: true, sourcemap: false } });
  await build({ mode: 'loader', logLevel: 'warn', build: { outDir: join(out, 'classic'), emptyOutDir: false, sourcemap: false } });
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  const site = await serve(out, (variant) => page(emulator.url, variant));
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
  const results: Record<Variant, Run[]> = { classic: [], module: [] };
  try {
    // One warm-up load, so that the emulator has painted the pictures once.
    await measure(browser, `${site.url}/classic.html`);
    for (let run = 0; run < runs; run++) {
      for (const variant of VARIANTS) results[variant].push(await measure(browser, `${site.url}/${variant}.html`));
    }
  } finally {
    await browser.close();
    site.server.close();
    await emulator.close();
    rmSync(out, { recursive: true, force: true });
  }
  const summary = Object.fromEntries(
    VARIANTS.map((variant) => {
      const r = results[variant];
      return [
        variant,
        {
          cls: spread(r.map((x) => x.cls)),
          longestTaskMs: spread(r.map((x) => x.longestTaskMs)),
          longestTaskCpuMs: spread(r.map((x) => x.longestTaskCpuMs)),
          firstPlaceholderMs: spread(r.map((x) => x.firstPlaceholderMs)),
          firstPageMs: spread(r.map((x) => x.firstPageMs)),
          images: r[0]?.images ?? 0,
          runs: r,
        },
      ];
    }),
  ) as unknown as Record<Variant, { cls: { median: number; worst: number }; longestTaskMs: { median: number; worst: number }; longestTaskCpuMs: { median: number; worst: number }; firstPlaceholderMs: { median: number; worst: number }; firstPageMs: { median: number; worst: number }; images: number }>;
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/gallery-cls.json', JSON.stringify(summary, null, 2));
  const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
  console.log(`<svc-post-gallery>, 50 posts, 1280×900, ${runs} runs each (median / worst); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  for (const variant of VARIANTS) {
    const v = summary[variant];
    console.log(`${variant === 'classic' ? 'script tag in <head>' : 'module script'}:`);
    console.log(`  CLS until all ${v.images} images loaded: ${f(v.cls.median, 4)} / ${f(v.cls.worst, 4)} (target 0.000 in both builds: ${v.cls.worst < 0.0005 ? 'met' : 'MISSED'})`);
    console.log(`  longest main-thread task until the first page: ${f(v.longestTaskMs.median)} ms / ${f(v.longestTaskMs.worst)} ms wall, ${f(v.longestTaskCpuMs.median)} ms / ${f(v.longestTaskCpuMs.worst)} ms CPU`);
    console.log(`    (${results[variant].map((r) => r.longestTaskWhat).join(' | ')})`);
    console.log(`  time to first placeholder: ${f(v.firstPlaceholderMs.median)} ms / ${f(v.firstPlaceholderMs.worst)} ms`);
    console.log(`  first page on screen: ${f(v.firstPageMs.median)} ms / ${f(v.firstPageMs.worst)} ms`);
  }
}

await main();

/**
 * `npm run bench`: what the widgets cost a shop page, in Chromium.
 *
 * 1. Builds the script-tag bundles from the current sources (`npm run build:cdn`, then a
 *    copy of dist/cdn in a temporary folder is what is served) and prints their sizes
 *    (minified, gzip -9, brotli 11): the classic script (and any files it loads on
 *    demand), and the module build's main chunk and lazy chunks.
 * 2. Serves a theme-like product page (bench/pages/product.html) with the widgets
 *    (`<script src=".../storefront-widgets.js" defer>` from a second origin, as a shop loads
 *    it from the library's CDN, `<svc-storefront>`, six elements for
 *    one product) and the same page without them, and loads each in Chromium
 *    (Playwright): script bytes by file, API requests by endpoint from the emulator's log
 *    for the page's own key (each resource must be requested once), images, CLS until the
 *    network is idle and every image has loaded.
 * 3. Runs Lighthouse (performance, its default simulated mobile throttling), in turns, on
 *    the product page and on the shop-like page (bench/pages/shop.html: the elements in a
 *    theme's order, only a badge in the first viewport, nothing reserved), each with and
 *    without widgets and as a control (the page without widgets plus one empty deferred
 *    script from the CDN, whose differences are what any script tag costs in
 *    Lighthouse's simulation), and prints the medians: CLS, TBT, LCP, FCP, Speed Index,
 *    and the differences; also the product page with the script tag from the page's own
 *    origin (a theme's own assets, or the package in a shop's bundle), which opens no
 *    second connection. Pages are served over HTTPS with HTTP/2, as shops are (`--http1`:
 *    plain HTTP/1.1).
 * 4. Counts the API requests of a collection page with many elements (24 badge
 *    summaries, 2 galleries with one filter, 3 shoppable posts).
 *
 * The gallery bench (bench/gallery-cls.ts) runs after this one in `npm run bench`.
 * Options: `--runs N` (Playwright loads per page, default 3), `--lighthouse-runs N`
 * (default 5, 0 skips Lighthouse), `--only shop|product` (Lighthouse on one page), `--cdn <folder>`
 * (another build's dist/cdn, copied aside), `--no-build` (measure dist/cdn as it is), `--strict`
 * (exit 1 when a resource was requested twice). Results also go to bench-results/bench.json, Lighthouse reports to .lighthouse/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startEmulator, type Emulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { requestLog, testKey } from '../test/support/emulator-control.ts';
import { buildBundles, bundleSizes, copyBuilt } from './lib/build.ts';
import { heroJpeg } from './lib/hero.ts';
import { lighthouse, stopLighthouse, type LighthouseRun } from './lib/lighthouse.ts';
import { countBy, duplicates, endpointOf, measurePage, resourceOf, type PageRun } from './lib/measure.ts';
import { collectionPage, EMPTY_SCRIPT, productPage, productPageEmptyScript, productPagePlain, productPageTheme, PRODUCT_PAGE, shopPage, shopPageEmptyScript, shopPagePlain, type CollectionSetup } from './lib/pages.ts';
import { numberOption } from './lib/options.ts';
import { bytes, fixed, median, ms, signed, table, worst } from './lib/print.ts';
import { HTTP1, startSite, type Site } from './lib/server.ts';

const RUNS = Math.max(1, numberOption('--runs', 3));
const LIGHTHOUSE_RUNS = numberOption('--lighthouse-runs', 5);
/** `--only shop` or `--only product`: Lighthouse on that page alone (while iterating). */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const STRICT = process.argv.includes('--strict');
/** `--cdn <folder>`: measure another build's dist/cdn, copied aside (implies --no-build). */
const CDN_DIR = process.argv.includes('--cdn') ? process.argv[process.argv.indexOf('--cdn') + 1] : undefined;
const BUILD = !process.argv.includes('--no-build') && CDN_DIR === undefined;

const log = (text = '') => console.log(text);
const notes: string[] = [];

/** Cleanup in reverse order, also on Ctrl-C. */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
async function cleanup(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup:', error);
    }
  }
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx).
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stopLighthouse();
    void cleanup().finally(() => process.exit(130));
  });
}

/** The collection page's setup: 24 products, a gallery filter, a post in its first page and two that are not. */
async function collectionSetup(apiBase: string): Promise<CollectionSetup> {
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as {
    products: { handle: string }[];
    galleries: { id: string; post_count: number }[];
    samples: { video_post: string; corner_hotspots_post: string };
  };
  const galleryId = info.galleries.find((g) => g.post_count >= 24)?.id ?? info.galleries[0]!.id;
  // The gallery's first page as the element asks for it (default page size 12), and the next posts.
  const listed = (await (await fetch(`${apiBase}/v1/posts?market=us&gallery_id=${encodeURIComponent(galleryId)}&limit=24`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).json()) as {
    data: { id: string }[];
  };
  const inGallery = listed.data.slice(0, 12).map((p) => p.id);
  const others = [info.samples.corner_hotspots_post, info.samples.video_post, ...listed.data.slice(12).map((p) => p.id)].filter((id) => !inGallery.includes(id)).slice(0, 2);
  if (inGallery.length < 2 || others.length < 2) throw new Error('collection page: the emulator has too few posts in the gallery');
  return { products: info.products.slice(0, 24).map((p) => p.handle), galleryId, posts: [inGallery[1]!, ...others] };
}

function printApi(run: PageRun, elements: number, label: string): void {
  const byEndpoint = countBy(run.api, endpointOf);
  log(table(['endpoint', 'requests'], [...byEndpoint, ['total', run.api.length], ['(CORS preflights, not in the total)', run.preflights]], ['l', 'r']));
  const dupes = duplicates(run.api);
  log(`${run.api.length} API requests for ${elements} elements; each resource requested once: ${dupes.length === 0 ? 'yes' : `NO (${dupes.map(([url, n]) => `${url} ×${n}`).join(', ')})`}`);
  if (dupes.length) notes.push(`${label}: resources requested more than once: ${dupes.map(([url, n]) => `${url} ×${n}`).join(', ')}`);
  const failed = run.api.filter((entry) => entry.status !== 200);
  if (failed.length) notes.push(`${label}: API answers other than 200: ${failed.map((e) => `${resourceOf(e)} → ${e.status}`).join(', ')}`);
}

function describeRun(run: PageRun, label: string): void {
  // The emulator answers over plain HTTP, the pages over HTTPS: Chromium warns for each of its pictures (a shop's API is HTTPS).
  const messages = run.console.filter((line) => !/^warning: Mixed Content: .* requested an insecure element 'http:\/\/127\.0\.0\.1:/.test(line));
  if (messages.length) notes.push(`${label}: console: ${[...new Set(messages)].join(' | ')}`);
  if (run.checks.undefinedElements.length) notes.push(`${label}: elements never defined: ${run.checks.undefinedElements.join(', ')}`);
  if (run.checks.alerts) notes.push(`${label}: ${run.checks.alerts} error state(s) (role="alert") on screen`);
}

/** A row of the targets table: the figure, its target and whether it is met. */
function targetRow(figure: string, value: number, format: (n: number) => string, target: string, met: boolean): string[] {
  return [figure, format(value), target, Number.isFinite(value) ? (met ? 'met' : 'MISSED') : 'n/a'];
}

/** Whether a task's script URL (absolute, or a path as Lighthouse gives it) is one of the widgets' files. */
function isWidgetFile(url: string, paths: Set<string>): boolean {
  try {
    return paths.has(new URL(url, 'http://bench.invalid').pathname);
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const out = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  cleanups.push(() => rmSync(out, { recursive: true, force: true }));

  // 1. Build and sizes.
  if (BUILD) {
    const { stale } = await buildBundles(out);
    if (stale.length) notes.push(`dist/cdn holds file(s) this build did not write (left from an earlier build; not served, not counted): ${stale.join(', ')}`);
  } else copyBuilt(out, CDN_DIR);
  const sizes = bundleSizes(out);

  // Servers: the emulator and the site, each on a free port.
  const emulator: Emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  cleanups.push(() => emulator.close());
  const apiBase = emulator.url;
  const setup = await collectionSetup(apiBase);
  // The scripts come from a "CDN", another origin than the shop's pages, as on a shop.
  const cdn: Site = await startSite({ root: out, files: { [EMPTY_SCRIPT]: Buffer.from('') }, pages: () => undefined });
  cleanups.push(() => cdn.close());
  const site: Site = await startSite({
    root: out,
    files: { '/hero.jpg': heroJpeg() },
    pages: (path, query) => {
      const key = query.get('key') ?? 'svc_pk_demo';
      if (path === '/product.html') return productPage(apiBase, key, cdn.origin);
      if (path === '/product-own-origin.html') return productPage(apiBase, key);
      if (path === '/product-plain.html') return productPagePlain();
      if (path === '/product-empty-script.html') return productPageEmptyScript(cdn.origin);
      if (path === '/product-theme.html') return productPageTheme(apiBase, key, cdn.origin);
      if (path === '/shop.html') return shopPage(apiBase, key, cdn.origin);
      if (path === '/shop-plain.html') return shopPagePlain();
      if (path === '/shop-empty-script.html') return shopPageEmptyScript(cdn.origin);
      if (path === '/collection.html') return collectionPage(apiBase, key, setup, false, cdn.origin);
      if (path === '/collection-badges.html') return collectionPage(apiBase, key, setup, true, cdn.origin);
      return undefined;
    },
  });
  cleanups.push(() => site.close());
  const productUrl = (key: string) => `${site.origin}/product.html?key=${encodeURIComponent(key)}`;
  const ownOriginUrl = (key: string) => `${site.origin}/product-own-origin.html?key=${encodeURIComponent(key)}`;
  const plainUrl = () => `${site.origin}/product-plain.html`;
  const themeUrl = (key: string) => `${site.origin}/product-theme.html?key=${encodeURIComponent(key)}`;
  const shopUrl = (key: string) => `${site.origin}/shop.html?key=${encodeURIComponent(key)}`;

  const executablePath = chromiumExecutable();
  // Ctrl-C is handled here (cleanup closes the browser); Playwright's own handler would exit before the rest is cleaned up.
  const browser: Browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs, handleSIGINT: false });
  cleanups.push(() => browser.close());
  log(`npm run bench: Chromium ${browser.version()}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, pages over ${HTTP1 ? 'HTTP/1.1' : 'HTTPS with HTTP/2'} (timings are noisy under load; counts and bytes are exact)`);
  log();

  log(`## Script size (${BUILD ? 'npm run build:cdn, from the current sources' : 'dist/cdn as it was'}; gzip level 9, brotli quality 11)`);
  log(table(['file', 'what', 'minified', 'gzip', 'brotli'], sizes.map((s) => [s.file, s.role, bytes(s.raw), bytes(s.gzip), bytes(s.brotli)]), ['l', 'l', 'r', 'r', 'r']));
  const brotliOf = (role: string) => sizes.filter((s) => s.role.startsWith(role)).reduce((sum, s) => sum + s.brotli, 0);
  log(`classic script: ${bytes(brotliOf('classic: entry'))} brotli up front, ${bytes(brotliOf('classic'))} with every file it may load; module build: ${bytes(brotliOf('module: entry'))} up front, ${bytes(brotliOf('module'))} with every file it may load`);
  /** The widgets' own files as the site serves them, for telling their tasks from the page's. */
  const widgetPaths = new Set(sizes.map((s) => `/${s.file}`));
  log();

  // 2. The product page in Chromium, with and without widgets.
  await measurePage(browser, apiBase, productUrl, 'warmup'); // the emulator paints its pictures once
  const withRuns: PageRun[] = [];
  const plainRuns: PageRun[] = [];
  const themeRuns: PageRun[] = [];
  const shopRuns: PageRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    plainRuns.push(await measurePage(browser, apiBase, plainUrl, 'plain'));
    withRuns.push(await measurePage(browser, apiBase, productUrl, 'product'));
    themeRuns.push(await measurePage(browser, apiBase, themeUrl, 'theme'));
    shopRuns.push(await measurePage(browser, apiBase, shopUrl, 'shop'));
  }
  const w = withRuns[0]!;
  const p = plainRuns[0]!;
  const sum = (items: { transferred: number }[]) => items.reduce((total, item) => total + item.transferred, 0);
  const decoded = (run: PageRun) => run.scripts.reduce((total, s) => total + s.decoded, 0);
  const clsW = withRuns.map((r) => r.cls);
  const clsP = plainRuns.map((r) => r.cls);
  log(`## Product page (${PRODUCT_PAGE.product}, ${PRODUCT_PAGE.elements} elements) in Chromium via Playwright, 1280×900, no throttling, ${RUNS} load(s) each`);
  log(
    table(
      ['metric', 'without widgets', 'with widgets', 'difference'],
      [
        ['script transferred (brotli)', bytes(sum(p.scripts)), bytes(sum(w.scripts)), signed(sum(w.scripts) - sum(p.scripts), bytes)],
        ['script decoded', bytes(decoded(p)), bytes(decoded(w)), signed(decoded(w) - decoded(p), bytes)],
        ['script files', p.scripts.length, w.scripts.length, signed(w.scripts.length - p.scripts.length, String)],
        ['API requests', p.api.length, w.api.length, signed(w.api.length - p.api.length, String)],
        ['CORS preflights', p.preflights, w.preflights, signed(w.preflights - p.preflights, String)],
        ['images requested', p.images.length, w.images.length, signed(w.images.length - p.images.length, String)],
        ['image bytes', bytes(sum(p.images)), bytes(sum(w.images)), signed(sum(w.images) - sum(p.images), bytes)],
        ['requests (all)', p.requests, w.requests, signed(w.requests - p.requests, String)],
        ['bytes transferred (all)', bytes(p.transferred), bytes(w.transferred), signed(w.transferred - p.transferred, bytes)],
        ['CLS until all images loaded (median)', fixed(median(clsP), 4), fixed(median(clsW), 4), signed(median(clsW) - median(clsP), (n) => fixed(n, 4))],
        ['CLS (worst run)', fixed(worst(clsP), 4), fixed(worst(clsW), 4), signed(worst(clsW) - worst(clsP), (n) => fixed(n, 4))],
        ['network idle after (median)', ms(median(plainRuns.map((r) => r.settledMs))), ms(median(withRuns.map((r) => r.settledMs))), signed(median(withRuns.map((r) => r.settledMs)) - median(plainRuns.map((r) => r.settledMs)), ms)],
      ],
      ['l', 'r', 'r', 'r'],
    ),
  );
  log();
  log('Scripts (with widgets):');
  log(table(['file', 'transferred', 'decoded'], w.scripts.map((s) => [new URL(s.url).pathname, bytes(s.transferred), bytes(s.decoded)]), ['l', 'r', 'r']));
  log();
  log('API requests by endpoint (with widgets, the page\'s own key):');
  printApi(w, PRODUCT_PAGE.elements, 'product page');
  for (const entry of w.api) log(`  ${resourceOf(entry)} → ${entry.status}`);
  const counts = withRuns.map((r) => r.api.length);
  if (new Set(counts).size > 1) notes.push(`product page: API request counts differ between loads: ${counts.join(', ')}`);
  for (const [i, run] of withRuns.slice(1).entries()) {
    if (duplicates(run.api).length === 0) continue;
    log(`Load ${i + 2} of ${RUNS} asked again:`);
    printApi(run, PRODUCT_PAGE.elements, `product page, load ${i + 2}`);
    const t0 = Math.min(...run.api.map((e) => e.at));
    log(`  when (ms after its first API request): ${run.api.map((e) => `${e.at - t0} ${resourceOf(e)}`).join(' | ')}`);
  }
  log(`images: ${w.images.length} requested (${w.images.filter((i) => i.url.startsWith(apiBase)).length} from the API's media), ${w.imagesInPage} <img> in the page, ${w.imagesNeverRequested} never requested (lazy, never near the viewport); gallery tiles: ${w.checks.galleryTiles.join(', ')}; JSON-LD scripts in <head>: ${w.checks.jsonLd}`);
  const shifts = withRuns.flatMap((run, i) => run.shifts.map((s) => ({ ...s, run: i + 1 })));
  if (shifts.length) {
    log('Layout shifts with widgets (load, ms after navigation, value, moved nodes):');
    for (const s of shifts) log(`  load ${s.run}: ${s.at} ms  ${s.value.toFixed(4)}  ${s.sources.join(', ')}`);
    notes.push(`product page: ${shifts.length} layout shift(s) over ${RUNS} load(s) with widgets, CLS median ${fixed(median(clsW), 4)}`);
  } else log('Layout shifts with widgets: none');
  const themeShifts = themeRuns.flatMap((run, i) => run.shifts.map((s) => ({ ...s, run: i + 1 })));
  log(`Theme-like page (no space reserved, full summary with its generated text above the fold): CLS median ${fixed(median(themeRuns.map((r) => r.cls)), 4)}, worst ${fixed(worst(themeRuns.map((r) => r.cls)), 4)}`);
  for (const s of themeShifts) log(`  load ${s.run}: ${s.at} ms  ${s.value.toFixed(4)}  ${s.sources.join(', ')}`);
  for (const [i, run] of themeRuns.entries()) describeRun(run, `theme-like page load ${i + 1}`);
  log(`Shop-like page (bench/pages/shop.html, nothing reserved, the badge alone in the first viewport): CLS median ${fixed(median(shopRuns.map((r) => r.cls)), 4)}, worst ${fixed(worst(shopRuns.map((r) => r.cls)), 4)}; scripts ${shopRuns[0]!.scripts.length} files, ${bytes(sum(shopRuns[0]!.scripts))}`);
  for (const s of shopRuns.flatMap((run, i) => run.shifts.map((shift) => ({ ...shift, run: i + 1 })))) log(`  load ${s.run}: ${s.at} ms  ${s.value.toFixed(4)}  ${s.sources.join(', ')}`);
  for (const [i, run] of shopRuns.entries()) describeRun(run, `shop-like page load ${i + 1}`);
  const plainShifts = plainRuns.flatMap((r) => r.shifts);
  if (plainShifts.length) log(`Layout shifts without widgets: ${plainShifts.map((s) => `${s.at} ms ${s.value.toFixed(4)} ${s.sources.join(', ')}`).join('; ')}`);
  for (const [i, run] of withRuns.entries()) describeRun(run, `product page load ${i + 1}`);
  if (w.checks.jsonLd !== 1) notes.push(`product page: ${w.checks.jsonLd} JSON-LD script(s) in <head> with one <svc-rich-snippet> (expected 1)`);
  if (w.preflights > 0)
    notes.push(`product page: ${w.preflights} CORS preflight(s) for ${w.api.length} API request(s): every distinct API URL is preflighted once (the API is another origin and the key travels in the Authorization header; Access-Control-Max-Age caches one URL at a time), so each read costs two round trips on a first visit`);
  const galleryPage = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${PRODUCT_PAGE.product}&limit=12`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).json()) as { data: { id: string }[] };
  if (galleryPage.data.some((post) => post.id === PRODUCT_PAGE.post) && w.api.some((e) => e.path === `/v1/posts/${PRODUCT_PAGE.post}`))
    notes.push(`product page: <svc-shoppable-post post-id="${PRODUCT_PAGE.post}"> asks for /v1/posts/${PRODUCT_PAGE.post} although the gallery's list request, made at the same time, returns that post too (a different URL, so not a duplicate request, but the same data twice)`);
  log();

  // 3. Lighthouse, on both pages: each beside its own page without widgets and its control.
  type Sets = Record<'plain' | 'widgets' | 'ownOrigin' | 'emptyScript' | 'shopPlain' | 'shop' | 'shopEmptyScript', LighthouseRun[]>;
  const lh: Sets & { widgetsApi: number[] } = { plain: [], widgets: [], ownOrigin: [], emptyScript: [], shopPlain: [], shop: [], shopEmptyScript: [], widgetsApi: [] };
  if (LIGHTHOUSE_RUNS > 0) {
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      // In turns, so that the machine's load weighs on every page alike.
      if (ONLY !== 'shop') {
        lh.plain.push(await lighthouse(plainUrl(), `product-plain-${i + 1}`));
        const key = await testKey(apiBase, 'bench_lighthouse');
        lh.widgets.push(await lighthouse(productUrl(key), `product-widgets-${i + 1}`));
        lh.emptyScript.push(await lighthouse(`${site.origin}/product-empty-script.html`, `product-empty-script-${i + 1}`));
        lh.ownOrigin.push(await lighthouse(ownOriginUrl(await testKey(apiBase, 'bench_lighthouse_own')), `product-own-origin-${i + 1}`));
        const entries = await requestLog(apiBase, key);
        lh.widgetsApi.push(entries.length);
        const dupes = duplicates(entries);
        if (dupes.length) {
          const t0 = Math.min(...entries.map((e) => e.at));
          const when = (url: string) => entries.filter((e) => resourceOf(e) === url).map((e) => `+${e.at - t0} ms`).join(', ');
          notes.push(`Lighthouse run ${i + 1}: resources requested more than once: ${dupes.map(([url, n]) => `${url} ×${n} (${when(url)} after the run's first API request)`).join(', ')}`);
        }
      }
      if (ONLY !== 'product') {
        lh.shopPlain.push(await lighthouse(`${site.origin}/shop-plain.html`, `shop-plain-${i + 1}`));
        lh.shop.push(await lighthouse(shopUrl(await testKey(apiBase, 'bench_lighthouse_shop')), `shop-widgets-${i + 1}`));
        lh.shopEmptyScript.push(await lighthouse(`${site.origin}/shop-empty-script.html`, `shop-empty-script-${i + 1}`));
      }
    }
    const cls = (n: number) => fixed(n, 3);
    const runs = (rs: LighthouseRun[]) => rs.map((r) => `CLS ${cls(r.cls)} TBT ${ms(r.tbt)} LCP ${ms(r.lcp)} FCP ${ms(r.fcp)} SI ${ms(r.speedIndex)}`).join(' | ');
    const tasks = (r: LighthouseRun) => r.longTasks.map((t) => `${Math.round(t.duration)} ms ${t.url}`).join(', ') || 'none';
    const report = (title: string, plain: LighthouseRun[], widgets: LighthouseRun[], control: LighthouseRun[], name: string) => {
      if (widgets.length === 0) return;
      log(`## Lighthouse on the ${title}, ${widgets.length}× per page, median (${widgets[0]!.throttling}; performance category; system Chromium, headless=new)`);
      const metric = (label: string, pick: (r: LighthouseRun) => number, format: (n: number) => string) => {
        const [a, b, c] = [median(plain.map(pick)), median(widgets.map(pick)), median(control.map(pick))];
        return [label, format(a), format(c), format(b), signed(b - a, format), signed(b - c, format)];
      };
      log(
        table(
          ['metric', 'without widgets', 'control (empty script)', 'with widgets', 'widgets − without', 'widgets − control'],
          [
            metric('Performance score', (r) => r.score, (n) => fixed(n, 0)),
            metric('CLS', (r) => r.cls, cls),
            metric('Total blocking time', (r) => r.tbt, ms),
            metric('Largest contentful paint', (r) => r.lcp, ms),
            metric('  LCP observed, unthrottled', (r) => r.observedLcp, ms),
            metric('  LCP image render delay, observed', (r) => r.lcpRenderDelay, ms),
            metric('First contentful paint', (r) => r.fcp, ms),
            metric('Speed Index', (r) => r.speedIndex, ms),
          ],
          ['l', 'r', 'r', 'r', 'r', 'r'],
        ),
      );
      log(`runs without widgets: ${runs(plain)}`);
      log(`runs of the control:  ${runs(control)}`);
      log(`runs with widgets:    ${runs(widgets)}`);
      const cpu = widgets.map((r) => r.widgetsCpu).filter((c) => c !== undefined);
      if (cpu.length)
        log(`storefront-widgets.js CPU (bootup-time, simulated, median): total ${ms(median(cpu.map((c) => c.total)))}, script evaluation ${ms(median(cpu.map((c) => c.scripting)))}, parse and compile ${ms(median(cpu.map((c) => c.parse)))}`);
      log(`longest tasks without widgets (run 1): ${tasks(plain[0]!)}`);
      log(`longest tasks with widgets (each run): ${widgets.map(tasks).join(' | ')}`);
      log(`LCP element: without widgets ${plain[0]!.lcpElement}; with widgets ${[...new Set(widgets.map((r) => r.lcpElement))].join(' / ')}`);
      log(`Lighthouse benchmarkIndex (machine speed under the current load): ${[...plain, ...widgets].map((r) => Math.round(r.benchmarkIndex)).join(', ')}`);
      const warnings = [...new Set([...plain, ...widgets].flatMap((r) => r.warnings))];
      if (warnings.length) log(`Lighthouse warnings: ${warnings.join(' | ')}`);
      const widgetTasks = widgets.flatMap((r) => r.longTasks.filter((t) => isWidgetFile(t.url, widgetPaths)));
      if (widgetTasks.length)
        notes.push(`Lighthouse, ${title}: ${widgetTasks.length} of the longest tasks over ${widgets.length} run(s) are put down to the widgets' files (longest ${ms(Math.max(...widgetTasks.map((t) => t.duration)))}, simulated CPU ×4); TBT with widgets ${ms(median(widgets.map((r) => r.tbt)))} (median) against ${ms(median(plain.map((r) => r.tbt)))}`);
      log(`reports: .lighthouse/${name}-{plain,widgets,empty-script}-N.report.json`);
      log();
    };
    report('product page', lh.plain, lh.widgets, lh.emptyScript, 'product');
    if (lh.ownOrigin.length) log(`the product page with the script tag from the page's own origin: runs ${runs(lh.ownOrigin)}; API requests per run with widgets: ${lh.widgetsApi.join(', ')}\n`);
    report('shop-like page', lh.shopPlain, lh.shop, lh.shopEmptyScript, 'shop');
  }

  // 4. The collection page.
  const collection = await measurePage(browser, apiBase, (key) => `${site.origin}/collection.html?key=${encodeURIComponent(key)}`, 'collection');
  const elements = setup.products.length + 2 + setup.posts.length;
  log(`## Collection page: ${elements} elements (${setup.products.length} badge summaries of distinct products, 2 galleries gallery-id=${setup.galleryId} as grid and carousel, ${setup.posts.length} shoppable posts, ${setup.posts[0]} also in the galleries' first page)`);
  printApi(collection, elements, 'collection page');
  const galleryLists = collection.api.filter((e) => e.path === '/v1/posts' && e.query['gallery_id'] === setup.galleryId);
  log(`2 galleries with the same filter → ${galleryLists.length} list request(s) (${galleryLists.map(resourceOf).join(', ')})`);
  const alsoInGallery = collection.api.filter((e) => e.path === `/v1/posts/${setup.posts[0]}`).length;
  log(`the shoppable post that is also in the gallery's first page → ${alsoInGallery} request(s) of its own for /v1/posts/${setup.posts[0]}`);
  log(`CLS of the collection page: ${fixed(collection.cls, 4)}${collection.shifts.length ? ` (${collection.shifts.map((s) => `${s.at} ms ${s.value.toFixed(4)} ${s.sources.join(', ')}`).join('; ')})` : ''}`);
  describeRun(collection, 'collection page');
  const badgesOnly = await measurePage(browser, apiBase, (key) => `${site.origin}/collection-badges.html?key=${encodeURIComponent(key)}`, 'collection-badges');
  const badgeReads = (run: PageRun) => run.api.filter((e) => e.path === '/v1/products/ratings' || e.path.endsWith('/review-summary')).length;
  log(`${setup.products.length} badge summaries → ${badgeReads(collection)} API request(s) (${[...countBy(collection.api.filter((e) => e.path.startsWith('/v1/products/')), endpointOf)].map(([endpoint, n]) => `${endpoint} ×${n}`).join(', ')}); the same page with only its badges: ${badgesOnly.api.length} API request(s), CLS ${fixed(badgesOnly.cls, 4)}`);
  describeRun(badgesOnly, 'collection page with only badges');
  if (alsoInGallery > 0) notes.push(`collection page: ${setup.posts[0]} is fetched on its own (/v1/posts/{id}) as well as in the gallery list; ${collection.preflights} preflights in all`);
  log();

  // 5. Each figure beside its target (issues 13 and 14).
  log('## Targets');
  const scriptBytes = (run: PageRun) => run.scripts.filter((s) => widgetPaths.has(new URL(s.url).pathname)).reduce((total, s) => total + s.transferred, 0);
  const rows: (string | number)[][] = [
    targetRow('product page: widgets\' script transferred (summary, snippet, shoppable post, gallery)', scriptBytes(w), bytes, '≤ 36 KB', scriptBytes(w) <= 36_000),
    targetRow('collection page with only badges: widgets\' script transferred', scriptBytes(badgesOnly), bytes, '≤ 20 KB', scriptBytes(badgesOnly) <= 20_000),
    targetRow(`collection page: API requests for ${setup.products.length} badges`, badgeReads(collection), String, '≤ 2', badgeReads(collection) <= 2),
    targetRow('product page: CLS (Playwright, worst load)', worst(clsW), (n) => fixed(n, 3), '0.000', worst(clsW) < 0.0005),
    targetRow('theme-like page: CLS (Playwright, worst load)', worst(themeRuns.map((r) => r.cls)), (n) => fixed(n, 3), '0.000', worst(themeRuns.map((r) => r.cls)) < 0.0005),
    targetRow('collection page: CLS (Playwright)', collection.cls, (n) => fixed(n, 3), '0.000', collection.cls < 0.0005),
  ];
  if (LIGHTHOUSE_RUNS > 0) {
    // Issue 46's targets: against the page without widgets, and LCP against the control (an empty script tag, the floor of any script tag).
    const pages = [
      ['product page', lh.widgets, lh.plain, lh.emptyScript],
      ["product page, script from the page's own origin", lh.ownOrigin, lh.plain, lh.plain],
      ['shop-like page', lh.shop, lh.shopPlain, lh.shopEmptyScript],
    ] as const;
    for (const [label, runs, plain, control] of pages) {
      if (runs.length === 0) continue;
      const diff = (pick: (r: LighthouseRun) => number, base: readonly LighthouseRun[] = plain) => median(runs.map(pick)) - median(base.map(pick));
      const longest = median(runs.map((r) => Math.max(0, ...r.longTasks.filter((t) => isWidgetFile(t.url, widgetPaths)).map((t) => t.duration))));
      const lcpBase = control === plain ? 'page without widgets' : 'control';
      rows.push(
        targetRow(`${label}: Lighthouse score difference`, diff((r) => r.score), (n) => signed(n, (v) => fixed(v, 0)), '≥ −1', diff((r) => r.score) >= -1),
        targetRow(`${label}: TBT difference`, diff((r) => r.tbt), (n) => signed(n, ms), '≤ +10 ms', diff((r) => r.tbt) <= 10),
        targetRow(`${label}: LCP difference to the ${lcpBase}`, diff((r) => r.lcp, control), (n) => signed(n, ms), '≤ +10 ms', diff((r) => r.lcp, control) <= 10),
        targetRow(`${label}: longest task in the widgets' files`, longest, ms, '< 50 ms', longest < 50),
        targetRow(`${label}: Lighthouse CLS`, median(runs.map((r) => r.cls)), (n) => fixed(n, 3), '≤ 0.010', median(runs.map((r) => r.cls)) <= 0.01),
      );
    }
  } else rows.push(['Lighthouse figures', 'skipped (--lighthouse-runs 0)', '', '']);
  log(table(['figure', 'measured', 'target', ''], rows, ['l', 'r', 'r', 'l']));
  log('(KB = 1,000 bytes, as the network transferred them: brotli from the bench\'s server. The gallery bench prints its CLS targets itself.)');
  log();

  log('## Notes');
  for (const note of notes) log(`- ${note}`);
  if (notes.length === 0) log('- nothing odd');
  log();

  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/bench.json',
    JSON.stringify({ sizes, product: { with: withRuns, without: plainRuns, theme: themeRuns, shop: shopRuns }, lighthouse: lh, collection: { setup, run: collection }, notes }, null, 2),
  );
  log(`bench.ts done in ${Math.round((Date.now() - started) / 1000)} s; figures in bench-results/bench.json. Next: the gallery bench (npm run bench:gallery).`);
  if (STRICT && notes.some((n) => n.includes('more than once'))) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  if (!stopping) throw error;
} finally {
  await cleanup();
}

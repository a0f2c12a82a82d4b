/**
 * `npm run bench:first-viewport` (part of `npm run bench`): issue 32's first-viewport page
 * (test/support/first-viewport.ts: every element stacked under the title) in Chromium at
 * 1280×900 and 390×844, with nothing reserved (the loader installs the reservation
 * stylesheet when it runs), with the stylesheet as a render-blocking `<link>` from the
 * bench's CDN (another origin), and pasted inline. Prints CLS from layout-shift entries and
 * each shift's moved nodes. Then Lighthouse (its simulated mobile run) on the product page
 * (bench/pages/product.html) with the stylesheet linked from the CDN against pasted inline,
 * and on the page without widgets as the control: score, CLS, TBT, LCP, FCP.
 *
 * Options: `--runs N` (loads per page and size, default 3), `--lighthouse-runs N` (default
 * 2, 0 skips Lighthouse), `--no-build` (measure dist/cdn as it is). Figures also go to
 * bench-results/first-viewport.json.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { cumulative, FIRST_VIEWPORT_SIZES, firstViewportPage, SHIFT_RECORDER, type Shift } from '../test/support/first-viewport.ts';
import { buildBundles, copyBuilt } from './lib/build.ts';
import { heroJpeg } from './lib/hero.ts';
import { lighthouse, stopLighthouse, type LighthouseRun } from './lib/lighthouse.ts';
import { productPage, productPagePlain, PRODUCT_PAGE } from './lib/pages.ts';
import { fixed, median, ms, table, worst } from './lib/print.ts';
import { startSite } from './lib/server.ts';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  const value = at < 0 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};
const RUNS = Math.max(1, option('--runs', 3));
const LIGHTHOUSE_RUNS = option('--lighthouse-runs', 2);
const STYLESHEET = '/storefront-widgets.css';
const RESERVES = ['none', 'link', 'inline'] as const;
type Reserve = (typeof RESERVES)[number];

/** Until every element in the first viewport shows its content; those below it keep their loading state. */
const CONTENT_SHOWN = `(() => {
  const shown = (element, selector) => !element || element.getBoundingClientRect().top >= innerHeight || !!element.shadowRoot?.querySelector(selector);
  const summaries = document.querySelectorAll('main svc-review-summary');
  return shown(summaries[1], '.summary') && shown(document.querySelector('main svc-shoppable-post'), 'img.loaded')
    && [...document.querySelectorAll('main svc-post-gallery')].every((gallery) => shown(gallery, 'button.tile'))
    && shown(document.querySelector('main svc-reviews'), '.list, .empty');
})()`;

/** The product page with the stylesheet as a `<link>` from `cdn`, or its text pasted into the page's own `<style>`. */
function productWithStylesheet(apiBase: string, key: string, cdn: string, css: string, how: 'link' | 'inline'): string {
  const html = productPage(apiBase, key, cdn);
  const tag = how === 'link' ? `<link rel="stylesheet" href="${cdn}${STYLESHEET}">` : `<style>${css}</style>`;
  return html.replace('</head>', `  ${tag}\n</head>`);
}

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'storefront-first-viewport-'));
  const cleanups: (() => unknown)[] = [() => rmSync(out, { recursive: true, force: true })];
  try {
    if (process.argv.includes('--no-build')) copyBuilt(out);
    else await buildBundles(out);
    const css = readFileSync(join(out, STYLESHEET), 'utf8');
    const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
    cleanups.push(() => emulator.close());
    const apiBase = emulator.url;
    const post = PRODUCT_PAGE.post;
    const media = ((await (await fetch(`${apiBase}/v1/posts/${post}?market=us`, { headers: { Authorization: 'Bearer svc_pk_demo' } })).json()) as { media: { width: number; height: number } }).media;
    const cdn = await startSite({ root: out, files: {}, pages: () => undefined });
    cleanups.push(() => cdn.close());
    const site = await startSite({
      root: out,
      files: { '/hero.jpg': heroJpeg() },
      pages: (path, query) => {
        const key = query.get('key') ?? 'svc_pk_demo';
        if (path === '/first-viewport.html') {
          const reserve = query.get('reserve') as Reserve;
          return firstViewportPage({
            apiBase,
            key,
            product: PRODUCT_PAGE.product,
            post,
            aspect: `${media.width} / ${media.height}`,
            script: `${cdn.origin}/storefront-widgets.js`,
            reserve: reserve === 'link' ? { link: `${cdn.origin}${STYLESHEET}` } : reserve === 'inline' ? { text: css } : undefined,
          });
        }
        if (path === '/product-link.html') return productWithStylesheet(apiBase, key, cdn.origin, css, 'link');
        if (path === '/product-inline.html') return productWithStylesheet(apiBase, key, cdn.origin, css, 'inline');
        if (path === '/product-plain.html') return productPagePlain();
        return undefined;
      },
    });
    cleanups.push(() => site.close());

    const executablePath = chromiumExecutable();
    const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
    cleanups.push(() => browser.close());
    console.log(`npm run bench:first-viewport: Chromium ${browser.version()}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; the stylesheet ${css.length.toLocaleString('en-US')} B`);
    const results: { size: string; reserve: Reserve; runs: { cls: number; shifts: Shift[] }[] }[] = [];
    for (const size of FIRST_VIEWPORT_SIZES) {
      for (const reserve of RESERVES) {
        const runs: { cls: number; shifts: Shift[] }[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({ viewport: size, ignoreHTTPSErrors: true });
          const page = await context.newPage();
          await page.addInitScript(SHIFT_RECORDER);
          const key = await testKey(apiBase, `bench_first_viewport_${reserve}`);
          await page.goto(`${site.origin}/first-viewport.html?${new URLSearchParams({ key, reserve })}`);
          await page.waitForFunction(CONTENT_SHOWN, undefined, { timeout: 30_000, polling: 100 });
          // Whatever comes late (a picture's decode) has a second to move things.
          await page.waitForTimeout(1000);
          const shifts = (await page.evaluate('window.__shifts')) as Shift[];
          runs.push({ cls: cumulative(shifts), shifts });
          await context.close();
        }
        results.push({ size: `${size.width}×${size.height}`, reserve, runs });
      }
    }
    const label: Record<Reserve, string> = { none: 'nothing reserved (the loader installs the rules when it runs)', link: 'the stylesheet, <link> from the CDN', inline: 'the stylesheet pasted inline' };
    console.log(`\n## First-viewport page, CLS from layout-shift entries (${RUNS} loads each; target ≤ 0.01 with the stylesheet)`);
    console.log(table(['size', 'page', 'CLS median', 'CLS worst', ''], results.map((r) => [r.size, label[r.reserve], fixed(median(r.runs.map((x) => x.cls)), 4), fixed(worst(r.runs.map((x) => x.cls)), 4), r.reserve === 'none' ? '' : worst(r.runs.map((x) => x.cls)) <= 0.01 ? 'met' : 'MISSED']), ['l', 'l', 'r', 'r', 'l']));
    for (const r of results) {
      const shifts = r.runs.flatMap((run, i) => run.shifts.map((s) => `load ${i + 1}: ${s.at} ms ${s.value.toFixed(4)} ${s.sources.join(', ')}`));
      if (shifts.length) console.log(`${r.size}, ${r.reserve}:\n  ${shifts.join('\n  ')}`);
    }

    const lh: Record<'plain' | 'link' | 'inline', LighthouseRun[]> = { plain: [], link: [], inline: [] };
    if (LIGHTHOUSE_RUNS > 0) {
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        lh.plain.push(await lighthouse(`${site.origin}/product-plain.html`, `first-viewport-plain-${i + 1}`));
        lh.link.push(await lighthouse(`${site.origin}/product-link.html?key=${await testKey(apiBase, 'bench_lh_link')}`, `first-viewport-link-${i + 1}`));
        lh.inline.push(await lighthouse(`${site.origin}/product-inline.html?key=${await testKey(apiBase, 'bench_lh_inline')}`, `first-viewport-inline-${i + 1}`));
      }
      const row = (name: string, runs: LighthouseRun[]) => [name, fixed(median(runs.map((r) => r.score)), 0), fixed(median(runs.map((r) => r.cls)), 3), ms(median(runs.map((r) => r.tbt))), ms(median(runs.map((r) => r.lcp))), ms(median(runs.map((r) => r.fcp)))];
      console.log(`\n## Lighthouse on the product page, ${LIGHTHOUSE_RUNS}× each, median (${lh.link[0]!.throttling}); load average ${loadavg()[0]!.toFixed(1)}`);
      console.log(table(['page', 'score', 'CLS', 'TBT', 'LCP', 'FCP'], [row('without widgets (control)', lh.plain), row('widgets, stylesheet <link> from the CDN', lh.link), row('widgets, stylesheet pasted inline', lh.inline)], ['l', 'r', 'r', 'r', 'r', 'r']));
      const each = (runs: LighthouseRun[]) => runs.map((r) => `score ${fixed(r.score, 0)} CLS ${fixed(r.cls, 3)} LCP ${ms(r.lcp)} FCP ${ms(r.fcp)}`).join(' | ');
      console.log(`runs: control ${each(lh.plain)}\n      link ${each(lh.link)}\n      inline ${each(lh.inline)}`);
    }
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/first-viewport.json', JSON.stringify({ results, lighthouse: lh }, null, 2));
  } finally {
    stopLighthouse();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();

/**
 * `npm run bench:shopify` (builds the extension first, and needs `dist/cdn/` from
 * `npm run build`; the last part of `npm run bench`): what the bench's product page
 * (bench/pages/product.html) costs built from the Shopify extension's blocks and app
 * embed, against the same page with the script
 * tag, as `npm run bench` measures it. The blocks and the embed are rendered with liquidjs
 * (test/e2e/shopify-theme.ts) with the settings the script tag's page gives its elements,
 * in the places of its elements; the extension's flat assets come from a CDN of their
 * own, the script tag's `dist/cdn/` from another.
 *
 * Prints, for each page, the medians of `--runs N` loads in Chromium (script bytes and
 * files, the HTML document's bytes and the two together, API requests, CLS) and of `--lighthouse-runs N` Lighthouse runs (TBT, LCP, CLS,
 * score), and the differences.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startEmulator } from '../demo/emulator/server.ts';
import { renderBlock, type StoreContext } from '../test/e2e/shopify-theme.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { copyBuilt } from './lib/build.ts';
import { heroJpeg } from './lib/hero.ts';
import { lighthouse, stopLighthouse, type LighthouseRun } from './lib/lighthouse.ts';
import { measurePage, type PageRun } from './lib/measure.ts';
import { productPage, PRODUCT_PAGE } from './lib/pages.ts';
import { numberOption } from './lib/options.ts';
import { bytes, fixed, median, ms, signed, table } from './lib/print.ts';
import { startSite } from './lib/server.ts';

const RUNS = Math.max(1, numberOption('--runs', 3));
const LIGHTHOUSE_RUNS = numberOption('--lighthouse-runs', 3);
const TEMPLATE = readFileSync(new URL('./pages/product.html', import.meta.url), 'utf8');

/**
 * The bench's product page with the extension in place of the script tag: each `<!--w-->`
 * part (the script tag, `<svc-storefront>`, the elements) becomes what Shopify renders there,
 * with the settings the elements had (their defaults: 12 posts in 4 columns, 10 reviews).
 */
async function shopifyProductPage(apiBase: string, key: string, assets: string): Promise<string> {
  const store: StoreContext = {
    embed: { publishable_key: key, api_base: apiBase, market: 'us' },
    blocks: { 'shoppable-post': { post_id: PRODUCT_PAGE.post, max_width: 1200 }, 'post-gallery': { page_size: 12, columns: 4 }, reviews: { page_size: 10 } },
    product: { handle: PRODUCT_PAGE.product, title: 'Aster linen shirt' },
    assets,
  };
  const parts = [
    await renderBlock('app-embed', store, 'embed'),
    '', // <svc-storefront>: the embed sets the page's settings
    await renderBlock('review-badge', store, 'badge'),
    '', // <svc-rich-snippet>: the embed adds it on a product page
    await renderBlock('shoppable-post', store, 'post'),
    await renderBlock('post-gallery', store, 'gallery'),
    `<section class="band">${await renderBlock('review-summary', store, 'summary')}${await renderBlock('reviews', store, 'reviews')}</section>`,
    '', // </svc-storefront>
  ];
  let at = 0;
  const html = TEMPLATE.replace(/<!--w-->[\s\S]*?<!--\/w-->/g, () => parts[at++] ?? '');
  if (at !== parts.length) throw new Error(`bench/pages/product.html has ${at} widget parts, this bench places ${parts.length}`);
  return html;
}

const sum = (items: { transferred: number }[]) => items.reduce((total, item) => total + item.transferred, 0);

async function main(): Promise<void> {
  if (!existsSync('dist/shopify/assets/storefront-widgets.js')) throw new Error('dist/shopify is missing: run `npm run build:shopify` first.');
  const out = mkdtempSync(join(tmpdir(), 'storefront-bench-shopify-'));
  copyBuilt(out);
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  const apiBase = emulator.url;
  const cdn = await startSite({ root: out, files: {}, pages: () => undefined });
  const shopifyCdn = await startSite({ root: join('dist', 'shopify', 'assets'), files: {}, pages: () => undefined });
  const site = await startSite({
    root: out,
    files: { '/hero.jpg': heroJpeg() },
    pages: (path, query) => {
      const key = query.get('key') ?? 'svc_pk_demo';
      if (path === '/product.html') return productPage(apiBase, key, cdn.origin);
      if (path === '/product-shopify.html') return shopifyProductPage(apiBase, key, shopifyCdn.origin);
      return undefined;
    },
  });
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
  try {
    console.log(`npm run bench:shopify: Chromium ${browser.version()}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ${RUNS} load(s) and ${LIGHTHOUSE_RUNS} Lighthouse run(s) per page`);
    const pages = { tag: (key: string) => `${site.origin}/product.html?key=${encodeURIComponent(key)}`, blocks: (key: string) => `${site.origin}/product-shopify.html?key=${encodeURIComponent(key)}` };
    await measurePage(browser, apiBase, pages.tag, 'warmup');
    const runs: Record<keyof typeof pages, PageRun[]> = { tag: [], blocks: [] };
    for (let i = 0; i < RUNS; i++) for (const name of ['tag', 'blocks'] as const) runs[name].push(await measurePage(browser, apiBase, pages[name], name));
    const lh: Record<keyof typeof pages, LighthouseRun[]> = { tag: [], blocks: [] };
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) for (const name of ['tag', 'blocks'] as const) lh[name].push(await lighthouse(pages[name](await testKey(apiBase, `bench_shopify_${name}`)), `product-${name}-${i + 1}`));

    const row = (label: string, value: (run: PageRun) => number, format: (n: number) => string): string[] => {
      const [tag, blocks] = [median(runs.tag.map(value)), median(runs.blocks.map(value))];
      return [label, format(tag), format(blocks), signed(blocks - tag, format)];
    };
    const lhRow = (label: string, value: (run: LighthouseRun) => number, format: (n: number) => string): string[] => {
      const [tag, blocks] = [median(lh.tag.map(value)), median(lh.blocks.map(value))];
      return [label, format(tag), format(blocks), signed(blocks - tag, format)];
    };
    console.log();
    console.log(`## The bench's product page (${PRODUCT_PAGE.product}): the script tag against the Shopify blocks and app embed (medians)`);
    console.log(
      table(
        ['metric', 'script tag', 'Shopify blocks', 'difference'],
        [
          row('script transferred (brotli)', (run) => sum(run.scripts), bytes),
          row('script files', (run) => run.scripts.length, String),
          // The embed inlines its reservation rules (and each block its own): bytes the script tag's page fetches as script, this one as HTML.
          row('HTML document transferred (brotli 5)', (run) => run.documents, bytes),
          row('script + HTML transferred', (run) => sum(run.scripts) + run.documents, bytes),
          row('API requests', (run) => run.api.length, String),
          row('requests (all)', (run) => run.requests, String),
          row('CLS until all images loaded', (run) => run.cls, (n) => fixed(n, 4)),
          row('network idle after', (run) => run.settledMs, ms),
          ...(LIGHTHOUSE_RUNS > 0
            ? [
                lhRow('Lighthouse score', (run) => run.score, (n) => fixed(n, 2)),
                lhRow('Lighthouse TBT', (run) => run.tbt, ms),
                lhRow('Lighthouse LCP', (run) => run.lcp, ms),
                lhRow('Lighthouse CLS', (run) => run.cls, (n) => fixed(n, 3)),
              ]
            : []),
        ],
        ['l', 'r', 'r', 'r'],
      ),
    );
    const blocks = runs.blocks[0]!;
    console.log(`Shopify page: JSON-LD scripts in <head>: ${blocks.checks.jsonLd}; elements never defined: ${blocks.checks.undefinedElements.join(', ') || 'none'}; console: ${[...new Set(blocks.console)].filter((line) => !line.includes('Mixed Content')).join(' | ') || 'nothing'}`);
  } finally {
    stopLighthouse();
    await browser.close();
    await Promise.all([site.close(), cdn.close(), shopifyCdn.close(), emulator.close()]);
    rmSync(out, { recursive: true, force: true });
  }
}

await main();

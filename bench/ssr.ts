/**
 * `npm run bench:ssr` (part of `npm run bench`): the bench's product page with its
 * widgets rendered on the server (`renderWidgets` from the package as built, dist/ssr/)
 * against the same page without widgets, in Lighthouse (mobile, simulated throttling,
 * medians), beside the targets; and what the HTML as served holds. The server
 * renders every element of the page: the review summaries, the review list, the rich
 * snippet, the shoppable post and the gallery (a grid).
 *
 * Options: `--lighthouse-runs N` (default 3), `--no-build` (measure dist/ as it is).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '../demo/emulator/server.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { buildBundles, copyBuilt } from './lib/build.ts';
import { heroJpeg } from './lib/hero.ts';
import { lighthouse, stopLighthouse, type LighthouseRun } from './lib/lighthouse.ts';
import { productPage, productPagePlain } from './lib/pages.ts';
import { fixed, median, ms, signed, table } from './lib/print.ts';
import { startSite } from './lib/server.ts';

const at = process.argv.indexOf('--lighthouse-runs');
const RUNS = at < 0 ? 3 : Math.max(1, Number(process.argv[at + 1]) || 3);
const out = mkdtempSync(join(tmpdir(), 'storefront-bench-ssr-'));
const closing: (() => Promise<unknown> | unknown)[] = [() => rmSync(out, { recursive: true, force: true })];
process.on('SIGINT', () => {
  stopLighthouse();
  process.exit(130);
});

try {
  // The server render and the script tag from one build, so that their templates agree.
  if (process.argv.includes('--no-build')) copyBuilt(out);
  else await buildBundles(out, 'build');
  const { renderWidgets } = (await import(resolve('dist/ssr/index.js'))) as typeof import('../src/ssr/index.ts');

  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  closing.push(() => emulator.close());
  const apiBase = emulator.url;
  const cdn = await startSite({ root: out, files: {}, pages: () => undefined });
  closing.push(() => cdn.close());
  // Rendered before Lighthouse asks for it, as a shop's server caches a page: the time the render takes is the shop's server's, not the page's.
  const rendered = new Map<string, string>();
  const site = await startSite({
    root: out,
    files: { '/hero.jpg': heroJpeg() },
    pages: (path, query) => (path === '/product-plain.html' ? productPagePlain() : path === '/product-ssr.html' ? rendered.get(query.get('key') ?? '') : undefined),
  });
  closing.push(() => site.close());

  console.log(`npm run bench:ssr: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} (timings are noisy under load)\n`);
  const plain: LighthouseRun[] = [];
  const server: LighthouseRun[] = [];
  let html = '';
  for (let run = 1; run <= RUNS; run++) {
    plain.push(await lighthouse(`${site.origin}/product-plain.html`, `ssr-plain-${run}`));
    const key = await testKey(apiBase, 'bench_ssr');
    html = await renderWidgets(productPage(apiBase, key, cdn.origin), { publishableKey: key, market: 'us', apiBase });
    rendered.set(key, html);
    server.push(await lighthouse(`${site.origin}/product-ssr.html?key=${encodeURIComponent(key)}`, `ssr-widgets-${run}`));
  }

  const difference = (pick: (r: LighthouseRun) => number) => median(server.map(pick)) - median(plain.map(pick));
  const count = /\d+ reviews/.exec(html)?.[0];
  const reviews = html.match(/<li class="review"/g)?.length ?? 0;
  const hotspots = html.match(/<button\s+part="hotspot"/g)?.length ?? 0;
  const tiles = html.match(/<button\s+part="tile"/g)?.length ?? 0;
  const text = /class="generated-text[^>]*>(?:<!--[^>]*-->)?([^<]{20,})/.exec(html)?.[1]?.trim();
  console.log(`## Lighthouse ${RUNS}× per page, median: the product page with its widgets rendered on the server, against it without widgets`);
  console.log(
    table(
      ['figure', 'difference', 'target', ''],
      [
        ['performance score', signed(difference((r) => r.score), (n) => fixed(n, 0)), '0', difference((r) => r.score) >= 0 ? 'met' : 'MISSED'],
        ['Total Blocking Time', signed(difference((r) => r.tbt), ms), '≤ +10 ms', difference((r) => r.tbt) <= 10 ? 'met' : 'MISSED'],
        ['LCP', signed(difference((r) => r.lcp), ms), '≤ +50 ms', difference((r) => r.lcp) <= 50 ? 'met' : 'MISSED'],
        ['CLS', fixed(median(server.map((r) => r.cls)), 3), '0.000', median(server.map((r) => r.cls)) === 0 ? 'met' : 'MISSED'],
        ['review count in the HTML as served', count ?? 'absent', 'present', count ? 'met' : 'MISSED'],
        ['generated review text in the HTML as served', text ? `"${text.slice(0, 40)}…"` : 'absent', 'present', text ? 'met' : 'MISSED'],
        ['reviews (with their text) in the HTML as served', String(reviews), '> 0', reviews > 0 ? 'met' : 'MISSED'],
        ['shoppable post hotspots in the HTML as served', String(hotspots), '> 0', hotspots > 0 ? 'met' : 'MISSED'],
        ['gallery tiles in the HTML as served', String(tiles), '> 0', tiles > 0 ? 'met' : 'MISSED'],
      ],
      ['l', 'r', 'r', 'l'],
    ),
  );
  const runs = (list: LighthouseRun[]) => list.map((r) => `score ${r.score} TBT ${ms(r.tbt)} LCP ${ms(r.lcp)} CLS ${fixed(r.cls, 3)}`).join(' | ');
  console.log(`runs without widgets: ${runs(plain)}\nruns server-rendered: ${runs(server)}`);
  console.log('reports: .lighthouse/ssr-{plain,widgets}-N.report.json');
} finally {
  for (const close of closing.reverse()) await close();
}

/**
 * `npm run bench:ssr` (part of `npm run bench`): the bench's product page with its
 * widgets rendered on the server (`renderWidgets` from the package as built, dist/ssr/)
 * against the same page without widgets, in Lighthouse (mobile, simulated throttling,
 * medians), beside the targets; and what the HTML as served holds. The server
 * renders every element of the page: the review summaries, the review list, the rich
 * snippet, the shoppable post and the gallery (a grid).
 *
 * Two controls say what part of the difference any page would pay: the page without
 * widgets plus one empty deferred script from the CDN (what Lighthouse's simulation
 * charges for a script tag from another origin), and the page without widgets padded
 * with inert bytes to the server-rendered page's compressed size (what the HTML's size
 * alone costs: a document past the network's first round trip arrives one round trip later).
 *
 * Then the render at a shop's traffic (ssr-load.ts): a lone render, and 50 and 200
 * renders per second for 60 s in one process.
 *
 * Options: `--lighthouse-runs N` (default 3), `--no-build` (measure dist/ as it is),
 * `--load-only` (the load runs alone), `--no-load`; and ssr-load.ts's `--rates 50,200`,
 * `--seconds 60`, `--lone 50`, `--module PATH`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { startEmulator } from '../demo/emulator/server.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { buildBundles, copyBuilt } from './lib/build.ts';
import { heroJpeg } from './lib/hero.ts';
import { lighthouse, stopLighthouse, type LighthouseRun } from './lib/lighthouse.ts';
import { EMPTY_SCRIPT, productPageEmptyScript, productPagePlain, serverRenderedProductPage } from './lib/pages.ts';
import { fixed, median, ms, signed, table } from './lib/print.ts';
import { startSite } from './lib/server.ts';
import { runLoadBench } from './ssr-load.ts';

if (process.argv.includes('--load-only')) {
  await runLoadBench();
  process.exit(0);
}

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

  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  closing.push(() => emulator.close());
  const apiBase = emulator.url;
  const cdn = await startSite({ root: out, files: { [EMPTY_SCRIPT]: Buffer.from('') }, pages: () => undefined });
  closing.push(() => cdn.close());
  // Rendered before Lighthouse asks for it, as a shop's server caches a page: the time the render takes is the shop's server's, not the page's.
  const rendered = new Map<string, string>();
  let padded = '';
  const controls: Record<string, () => string> = {
    '/product-plain.html': productPagePlain,
    '/product-empty-script.html': () => productPageEmptyScript(cdn.origin),
    '/product-same-bytes.html': () => padded,
  };
  const site = await startSite({
    root: out,
    files: { '/hero.jpg': heroJpeg() },
    pages: (path, query) => (path === '/product-ssr.html' ? rendered.get(query.get('key') ?? '') : controls[path]?.()),
  });
  closing.push(() => site.close());

  console.log(`npm run bench:ssr: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} (timings are noisy under load)\n`);
  const plain: LighthouseRun[] = [];
  const server: LighthouseRun[] = [];
  const emptyScript: LighthouseRun[] = [];
  const sameBytes: LighthouseRun[] = [];
  let html = '';
  for (let run = 1; run <= RUNS; run++) {
    plain.push(await lighthouse(`${site.origin}/product-plain.html`, `ssr-plain-${run}`));
    const key = await testKey(apiBase, 'bench_ssr');
    html = await serverRenderedProductPage(process.cwd(), apiBase, key, cdn.origin);
    rendered.set(key, html);
    padded = padTo(productPagePlain(), brotli(html));
    server.push(await lighthouse(`${site.origin}/product-ssr.html?key=${encodeURIComponent(key)}`, `ssr-widgets-${run}`));
    emptyScript.push(await lighthouse(`${site.origin}/product-empty-script.html`, `ssr-empty-script-${run}`));
    sameBytes.push(await lighthouse(`${site.origin}/product-same-bytes.html`, `ssr-same-bytes-${run}`));
  }

  const difference = (pick: (r: LighthouseRun) => number, runs = server) => median(runs.map(pick)) - median(plain.map(pick));
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
        ['FCP', signed(difference((r) => r.fcp), ms), '', ''],
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
  const control = (runs: LighthouseRun[]) =>
    `score ${signed(difference((r) => r.score, runs), (n) => fixed(n, 0))}, TBT ${signed(difference((r) => r.tbt, runs), ms)}, LCP ${signed(difference((r) => r.lcp, runs), ms)}, FCP ${signed(difference((r) => r.fcp, runs), ms)}`;
  console.log(`controls against the page without widgets: one empty deferred script from the CDN: ${control(emptyScript)}; the page padded to the server-rendered page's ${(brotli(html) / 1000).toFixed(1)} KB brotli (from ${(brotli(productPagePlain()) / 1000).toFixed(1)} KB): ${control(sameBytes)}`);
  const runs = (list: LighthouseRun[]) => list.map((r) => `score ${r.score} TBT ${ms(r.tbt)} LCP ${ms(r.lcp)} FCP ${ms(r.fcp)} CLS ${fixed(r.cls, 3)}`).join(' | ');
  console.log(`runs without widgets: ${runs(plain)}\nruns server-rendered: ${runs(server)}`);
  console.log('reports: .lighthouse/ssr-{plain,widgets,empty-script,same-bytes}-N.report.json');
} finally {
  for (const close of closing.reverse()) await close();
}
if (!process.argv.includes('--no-load')) {
  await runLoadBench();
  process.exit(0);
}

/** Bytes as the bench's server sends a page (brotli 5, see lib/server.ts). */
function brotli(page: string): number {
  return brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
}

/** `page` with an HTML comment of random (incompressible) text that brings it to `bytes` compressed. */
function padTo(page: string, bytes: number): string {
  const at = page.lastIndexOf('</body>');
  const withPadding = (n: number) => `${page.slice(0, at)}<!-- ${randomBytes(n).toString('base64')} -->\n${page.slice(at)}`;
  let n = Math.max(0, bytes - brotli(page));
  // N random bytes, as base64, compress back to about N bytes: a few steps settle it.
  for (let step = 0; step < 4; step++) n = Math.max(0, n + bytes - brotli(withPadding(n)));
  return withPadding(n);
}

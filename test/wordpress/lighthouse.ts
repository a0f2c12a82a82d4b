/**
 * `npm run bench:wordpress` (after `npm run build && npm run build:wordpress`): Lighthouse
 * (mobile, its default simulated throttling; bench/lib/lighthouse.ts) on a WooCommerce
 * product page of the test site (site.ts, Twenty Twenty-Three: the product's photo, its
 * title and description) with the review summary, review list and gallery blocks, against
 * the same product page without them. Prints the
 * medians of `--runs N` (default 5) runs of each, taken in turns, with the load average.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../demo/emulator/server.ts';
import { lighthouse, stopLighthouse, type LighthouseRun } from '../../bench/lib/lighthouse.ts';
import { numberOption } from '../../bench/lib/options.ts';
import { heroJpeg } from '../../bench/lib/hero.ts';
import { fixed, median, ms, signed, table } from '../../bench/lib/print.ts';
import { testKey } from '../support/emulator-control.ts';
import { blockMarkup, ZIP } from './fixture.ts';
import { startWordpress } from './site.ts';

const RUNS = Math.max(1, numberOption('--runs', 5));
const PRODUCT = 'aster-linen-shirt';
const DESCRIPTION = '<!-- wp:paragraph --><p>A linen shirt for warm days: light, breathable, and better with every wash.</p><!-- /wp:paragraph -->';

const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
const key = await testKey(emulator.url, 'wordpress_bench', { rate: { capacity: 10_000, refillPerSecond: 10_000 } });
// The product's photo, as on a WooCommerce product page (the bench's own, drawn at run time).
const photos = mkdtempSync(join(tmpdir(), 'storefront-wp-photo-'));
const image = join(photos, 'aster-linen-shirt.jpg');
writeFileSync(image, heroJpeg());
const blocks = [blockMarkup('review-summary', {}), blockMarkup('reviews', {}), blockMarkup('post-gallery', {})].join('\n\n');
const site = await startWordpress({
  zip: ZIP,
  settings: { publishable_key: key, market: 'us', api_base: emulator.url, load: 'widgets' },
  posts: [
    { type: 'product', slug: PRODUCT, title: 'Aster Linen Shirt', content: `${DESCRIPTION}\n\n${blocks}`, image },
    { type: 'product', slug: `${PRODUCT}-plain`, title: 'Aster Linen Shirt', content: DESCRIPTION, image },
  ],
});
const stop = async () => {
  stopLighthouse();
  await site.close();
  await emulator.close();
  rmSync(photos, { recursive: true, force: true });
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  const pages = { 'with the blocks': site.posts[PRODUCT]!.url, 'without them': site.posts[`${PRODUCT}-plain`]!.url };
  const runs: Record<string, LighthouseRun[]> = { 'with the blocks': [], 'without them': [] };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, url] of Object.entries(pages)) runs[name]!.push(await lighthouse(url, `wordpress-${name.split(' ')[0]}-${run}`));
  }
  const row = (name: string) => {
    const all = runs[name]!;
    return [name, fixed(median(all.map((r) => r.score)), 0), ms(median(all.map((r) => r.tbt))), ms(median(all.map((r) => r.lcp))), fixed(median(all.map((r) => r.cls)), 3)];
  };
  const delta = (pick: (r: LighthouseRun) => number) => median(runs['with the blocks']!.map(pick)) - median(runs['without them']!.map(pick));
  console.log(`Lighthouse on a WordPress ${site.versions.wordpress} product page (PHP ${site.versions.php}), median of ${RUNS}; ${runs['with the blocks']![0]!.throttling}`);
  console.log(
    table(
      ['page', 'score', 'TBT', 'LCP', 'CLS'],
      [row('with the blocks'), row('without them'), ['difference', signed(delta((r) => r.score), (n) => fixed(n, 0)), signed(delta((r) => r.tbt), ms), signed(delta((r) => r.lcp), ms), signed(delta((r) => r.cls), (n) => fixed(n, 3))]],
      ['l', 'r', 'r', 'r', 'r'],
    ),
  );
  for (const [name, all] of Object.entries(runs)) console.log(`LCP element ${name}: ${[...new Set(all.map((r) => r.lcpElement.slice(0, 90)))].join(' | ')}`);
  console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(', ')} (${site.url}; reports in .lighthouse/)`);
} finally {
  await stop();
}

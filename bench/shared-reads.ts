/**
 * `npm run bench:shared-reads`: API requests made by N server renders and N browsers'
 * reads (through the read proxy) of one product, in one process, against the emulator
 * over HTTP: the renders with a read cache of their own (`cache`, the default) against the
 * renders through the proxy (`proxy`). Two orders: one render and one browser read after
 * the other, N times; and all of them at once. `--n` (default 20).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startEmulator } from '../demo/emulator/server.ts';
import { createStorefrontProxy } from '../src/edge/index.ts';
import { renderWidgets } from '../src/ssr/index.ts';
import { requestLog, testKey } from '../test/support/emulator-control.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '20' } } });
const n = Number(values.n);
const P = 'aster-linen-shirt';
const SHOP = 'https://shop.example/storefront-api';
const fragment = `<svc-review-summary product-ref="${P}"></svc-review-summary><svc-reviews product-ref="${P}" page-size="3"></svc-reviews><svc-rich-snippet product-ref="${P}"></svc-rich-snippet>`;
/** What the browsers read of the same elements (their first reads). */
const BROWSER_READS = [`/v1/products/${P}/review-summary?market=us`, `/v1/products/${P}/reviews?market=us&limit=3&sort=newest&include=localization`, `/v1/products/${P}/rich-snippet?market=us`];

const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
const apiBase = emulator.url;

async function run(name: string, throughProxy: boolean, together: boolean) {
  const key = await testKey(apiBase, 'bench_shared');
  const proxy = createStorefrontProxy({ publishableKey: key, apiBase, basePath: '/storefront-api' });
  // The elements' API base is the API's, as in the Hydrogen recipe: without the proxy, the render reads it directly.
  const options = { publishableKey: key, market: 'us', apiBase, deadlineMs: 5000, ...(throughProxy ? { proxy } : {}) };
  const browser = () => Promise.all(BROWSER_READS.map(async (path) => (await proxy(new Request(`${SHOP}${path}`))).text()));
  const times: number[] = [];
  const render = async () => {
    const started = performance.now();
    await renderWidgets(fragment, options);
    times.push(performance.now() - started);
  };
  const started = performance.now();
  if (together) await Promise.all(Array.from({ length: n }, () => Promise.all([render(), browser()])));
  else for (let i = 0; i < n; i++) await Promise.all([render(), browser()]);
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const requests = (await requestLog(apiBase, key)).length;
  return { name, reads: throughProxy ? 'proxy' : 'cache (own)', requests, median: times[Math.floor(times.length / 2)]!.toFixed(1), total: total.toFixed(0) };
}

// The renderer's modules loaded before any run is timed.
await renderWidgets(fragment, { publishableKey: await testKey(apiBase, 'bench_warm'), market: 'us', apiBase, deadlineMs: 5000 });
const rows = [];
for (const together of [false, true]) {
  for (const throughProxy of [false, true]) rows.push(await run(together ? `${n} renders + ${n} browsers at once` : `${n} × (render + browser)`, throughProxy, together));
}
await emulator.close();
console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, ${n} renders (summary, list, rich snippet) and ${n} browsers' reads of the same (${BROWSER_READS.length} each)`);
console.log('| order | renders read through | API requests | render median (ms) | all (ms) |');
console.log('|---|---|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${row.reads} | ${row.requests} | ${row.median} | ${row.total} |`);

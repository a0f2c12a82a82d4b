/**
 * Renders the bench's product page with one checkout's built `dist/ssr/` and writes it to
 * a file: `tsx bench/lib/render-product-ssr.ts <checkout> <apiBase> <cdnOrigin> <out>`.
 * A process of its own per checkout: two copies of the elements in one process would share
 * one registry of custom elements (the second copy's would render with the first's classes).
 */
import { writeFileSync } from 'node:fs';
import { testKey } from '../../test/support/emulator-control.ts';
import { serverRenderedProductPage } from './pages.ts';

const [checkout, apiBase, cdn, out] = process.argv.slice(2);
if (!checkout || !apiBase || !cdn || !out) throw new Error('usage: render-product-ssr.ts <checkout> <apiBase> <cdnOrigin> <out>');
writeFileSync(out, await serverRenderedProductPage(checkout, apiBase, await testKey(apiBase, 'bench_ssr_cpu'), cdn));

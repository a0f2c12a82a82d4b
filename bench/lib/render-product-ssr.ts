/**
 * Renders the bench's product page with one checkout's built `dist/ssr/` and writes it to
 * a file: `tsx bench/lib/render-product-ssr.ts <checkout> <apiBase> <cdnOrigin> <out>`.
 * A process of its own per checkout: two copies of the elements in one process would share
 * one registry of custom elements (the second copy's would render with the first's classes).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { testKey } from '../../test/support/emulator-control.ts';
import { productPage } from './pages.ts';

const [checkout, apiBase, cdn, out] = process.argv.slice(2);
if (!checkout || !apiBase || !cdn || !out) throw new Error('usage: render-product-ssr.ts <checkout> <apiBase> <cdnOrigin> <out>');
const { renderWidgets } = (await import(join(resolve(checkout), 'dist/ssr/index.js'))) as typeof import('../../src/ssr/index.ts');
const key = await testKey(apiBase, 'bench_ssr_cpu');
writeFileSync(out, await renderWidgets(productPage(apiBase, key, cdn), { publishableKey: key, market: 'us', apiBase }));

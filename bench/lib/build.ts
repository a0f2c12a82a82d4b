import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

/**
 * Builds the two script-tag bundles of `npm run build:cdn` from the current sources into
 * `out` (a temporary folder, so that dist/, which other runs may be reading, is left
 * alone): `out/storefront-widgets.js` (classic script, IIFE) and `out/module/`
 * (ES module bundle with its lazy chunks).
 */
export async function buildBundles(out: string): Promise<void> {
  await build({ mode: 'cdn', logLevel: 'warn', build: { outDir: out, emptyOutDir: true, sourcemap: false } });
  await build({ mode: 'module', logLevel: 'warn', build: { outDir: join(out, 'module'), emptyOutDir: true, sourcemap: false } });
}

export interface FileSize {
  file: string;
  role: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;

function size(path: string, file: string, role: string): FileSize {
  const body = readFileSync(path);
  return { file, role, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotli(body) };
}

/** Sizes of the classic bundle, the module build's main chunk and each of its lazy chunks. */
export function bundleSizes(out: string): FileSize[] {
  const sizes = [size(join(out, 'storefront-widgets.js'), 'storefront-widgets.js', 'classic script (everything)'), size(join(out, 'module/storefront-widgets.js'), 'module/storefront-widgets.js', 'module: main chunk')];
  const chunks = join(out, 'module/chunks');
  for (const name of readdirSync(chunks).sort()) {
    const path = join(chunks, name);
    if (statSync(path).isFile() && name.endsWith('.js')) sizes.push(size(path, relative(out, path), 'module: lazy chunk'));
  }
  return sizes;
}

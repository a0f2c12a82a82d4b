import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Runs the project's own script-tag builds (`npm run build:cdn`, or another script that runs it: dist/cdn/storefront-widgets.js,
 * its lazily loaded sibling parts if any, and dist/cdn/module/) and copies dist/cdn into
 * `out` at once, so that the bench serves and measures this build even if another run
 * rebuilds dist/ meanwhile. Source maps are left out of the copy.
 */
export async function buildBundles(out: string, script = 'build:cdn'): Promise<{ stale: string[] }> {
  const started = Date.now() - 1000;
  const npm = process.env['npm_execpath'];
  const [command, args] = npm && /\.c?js$/.test(npm) ? [process.execPath, [npm, 'run', script]] : ['npm', ['run', script]];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run ${script} exited with ${code}:\n${output.trim().split('\n').slice(-20).join('\n')}`);
  // Files the build did not write (left in dist/cdn by an earlier build) are not part of it.
  const stale: string[] = [];
  cpSync(join('dist', 'cdn'), out, {
    recursive: true,
    filter: (path) => {
      if (path.endsWith('.map')) return false;
      const stat = statSync(path);
      if (stat.isFile() && stat.mtimeMs < started) {
        stale.push(path);
        return false;
      }
      return true;
    },
  });
  return { stale };
}

/** Uses dist/cdn as it is (`--no-build`), or another build's copy of it (`from`). */
export function copyBuilt(out: string, from = join('dist', 'cdn')): void {
  if (!existsSync(join(from, 'storefront-widgets.js'))) throw new Error(`${from} is missing: run \`npm run build:cdn\` or leave out --no-build`);
  cpSync(from, out, { recursive: true, filter: (path) => !path.endsWith('.map') });
}

export interface FileSize {
  file: string;
  role: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;

function size(out: string, file: string, role: string): FileSize {
  const body = readFileSync(join(out, file));
  return { file, role, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotli(body) };
}

/** Every `.js` file under `dir`, recursively, as paths relative to it (forward slashes), sorted. */
function scripts(dir: string, under = ''): string[] {
  if (!existsSync(join(dir, under))) return [];
  return readdirSync(join(dir, under), { withFileTypes: true })
    .flatMap((entry) => {
      const path = under ? `${under}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return scripts(dir, path);
      return entry.isFile() && entry.name.endsWith('.js') ? [path] : [];
    })
    .sort();
}

/** What a file of the build is: each build's entry, or a file it loads on demand (the layout of `dist/cdn` may change; this only reads it). */
function roleOf(file: string): string {
  if (file === 'storefront-widgets.js') return 'classic: entry (script tag)';
  if (file === 'module/storefront-widgets.js') return 'module: entry';
  return file.startsWith('module/') ? 'module: loaded on demand' : 'classic: loaded on demand';
}

/** Sizes of every `.js` file the build wrote under dist/cdn, whatever their names and folders. */
export function bundleSizes(out: string): FileSize[] {
  return scripts(out).map((file) => size(out, file, roleOf(file)));
}

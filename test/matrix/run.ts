/**
 * `npm run test:runtimes` (after `npm run build`): the package's server side in each
 * runtime it supports (runtimes.ts: Node's lines, Bun, Deno). The package is packed once
 * and installed into a fresh project (with its peers: React for the React entry); each runtime then
 * runs, from that project and against the Storefront API emulator over HTTP:
 * - the scripts in `scripts/` (each asserts and exits non-zero on a failure): every entry
 *   loads, `require()` from CommonJS, `renderWidgets`, the JSON-LD helpers, the proxy's
 *   handler on the runtime's own server (`serveNode`, `Bun.serve`, `Deno.serve`), the
 *   webhooks;
 * - `storefront-widgets proxy` under a short crowd (crowd.ts);
 * - on Bun and Deno, the docs' recipes (`recipes/`, shown in the docs by `<!-- file: -->`).
 * Prints a table runtime × test and exits with 1 on any failure. Runtimes missing from
 * `.cache/runtimes/` are installed from the npm registry first.
 *
 * Options: `--runtimes node,node22,bun` (default all), `--tests render,crowd` (default all),
 * `--tarball FILE` (an `npm pack` of the package instead of packing `dist/` here),
 * `--crowd-seconds S` (3), `--install-only` (install the missing runtimes, and stop: `.ci/run`).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { catalogOf } from '../../bench/lib/shoppers.ts';
import { startEmulator } from '../../demo/emulator/server.ts';
import { testKey } from '../support/emulator-control.ts';
import { crowd, type CrowdFigures } from './crowd.ts';
import { checkRecipe, RECIPES } from './recipe-checks.ts';
import { ensureRuntime, inRange, RUNTIMES, type Runtime } from './runtimes.ts';

const root = resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;
const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
/** The scripts in `scripts/`, each a test: `<name>.mjs`, or `.cjs` for the CommonJS one. */
const SCRIPTS = ['exports', 'require', 'render', 'react', 'json-ld', 'proxy', 'webhooks', 'web-cache'] as const;
/** Scripts of one runtime's feature alone (the Web Cache API: Node and Bun have none). */
const ONLY_ON: Partial<Record<Test, string[]>> = { 'web-cache': ['deno'] };
const TESTS = [...SCRIPTS, 'crowd', 'recipes'] as const;
type Test = (typeof TESTS)[number];
const only = (name: string, all: readonly string[]) => argument(name)?.split(',') ?? all;
// In the order given (the first crowd also warms this process's load generator).
const runtimes = only('runtimes', RUNTIMES.map((r) => r.id)).map((id) => RUNTIMES.find((runtime) => runtime.id === id) ?? fail(`no runtime "${id}" (${RUNTIMES.map((r) => r.id).join(', ')})`));
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const tests = TESTS.filter((test) => only('tests', TESTS).includes(test));
const CROWD_SECONDS = Number(argument('crowd-seconds') ?? 3);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; peerDependencies?: Record<string, string>; engines: { node: string } };

type Cell = { ok: true; ms: number } | { ok: false; ms: number; error: string } | undefined;
const results = new Map<string, Map<Test, Cell>>();
const figures = new Map<string, CrowdFigures>();

/** Runs `bin args` in `cwd` with `env`, at most `timeoutMs`; resolves with its exit code and output. */
function run(bin: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(bin, args, { cwd, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

async function cell(runtime: Runtime, test: Test, work: () => Promise<void>): Promise<void> {
  const started = Date.now();
  let result: Cell;
  try {
    await work();
    result = { ok: true, ms: Date.now() - started };
  } catch (error) {
    result = { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
  results.get(runtime.id)!.set(test, result);
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${runtime.label.padEnd(13)} ${test.padEnd(9)} (${(result.ms / 1000).toFixed(1)} s)${result.ok ? '' : `\n      ${result.error.trim().replace(/\n/g, '\n      ')}`}`);
}

/** A free loopback port (for the recipes, which take their port as a setting). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

const started = Date.now();
const scratch = mkdtempSync(join(tmpdir(), 'storefront-widgets-matrix-'));
let emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
try {
  console.log(`test:runtimes: ${runtimes.map((r) => r.id).join(', ')} × ${tests.join(', ')}; ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const installing = Date.now();
  const ensured = await Promise.all(runtimes.map(async (runtime) => `${runtime.label} (${await ensureRuntime(runtime)})`));
  console.log(`runtimes: ${ensured.join(', ')} (${((Date.now() - installing) / 1000).toFixed(1)} s)`);
  if (process.argv.includes('--install-only')) {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  }

  // `engines` names the lines this matrix runs: each Node here is in it, and each of its lines has a Node here.
  const engines = pkg.engines.node;
  const nodes = RUNTIMES.filter((runtime) => runtime.id.startsWith('node')).map((runtime) => runtime.label.replace('Node ', ''));
  for (const version of nodes) if (!inRange(engines, version)) throw new Error(`engines (${engines}) leaves out Node ${version}, which the matrix runs`);
  for (const line of engines.split('||').map((part) => /\d+/.exec(part)![0])) if (!nodes.some((version) => version.split('.')[0] === line)) throw new Error(`engines (${engines}) names Node ${line}, which the matrix does not run`);

  let tarball = argument('tarball');
  if (!tarball) {
    if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first.');
    const packed = await run(npm, ['pack', '--json', '--pack-destination', scratch], root, {});
    if (packed.code !== 0) throw new Error(`npm pack: ${packed.output}`);
    tarball = join(scratch, (JSON.parse(packed.output.slice(packed.output.indexOf('['))) as { filename: string }[])[0]!.filename);
  }
  const app = join(scratch, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'storefront-widgets-runtimes', private: true, type: 'module' }, null, 2));
  // Every peer (React for `/react`, the optional ones of other entries) at the version the project develops with.
  const peers = Object.keys(pkg.peerDependencies ?? {}).map((name) => `${name}@${pkg.devDependencies[name] ?? pkg.peerDependencies![name]}`);
  const install = await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', resolve(tarball), ...peers], app, {}, 300_000);
  if (install.code !== 0) throw new Error(`npm install of the packed package: ${install.output}`);
  for (const folder of ['scripts', 'recipes']) for (const name of readdirSync(join(here, folder))) copyFileSync(join(here, folder, name), join(app, name));
  console.log(`fresh project with the packed package: ${((Date.now() - installing) / 1000).toFixed(1)} s since start`);

  emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  const apiBase = emulator.url;
  const catalog = tests.includes('crowd') ? await catalogOf(apiBase, 'matrix_catalog') : [];

  for (const runtime of runtimes) {
    results.set(runtime.id, new Map());
    const { bin, args } = runtime.command();
    for (const test of tests) {
      if (test === 'crowd') {
        await cell(runtime, test, async () => {
          const measured = await crowd(runtime, app, apiBase, catalog, { seconds: CROWD_SECONDS });
          figures.set(runtime.id, measured);
        });
      } else if (test === 'recipes') {
        const recipes = RECIPES.filter((recipe) => recipe.runtime === runtime.id);
        if (recipes.length === 0) continue;
        await cell(runtime, test, async () => {
          for (const recipe of recipes) await checkRecipe(recipe, { bin, args: recipe.args ?? args }, app, apiBase, await testKey(apiBase, `matrix_${recipe.file.replace(/\W/g, '_')}`), await freePort());
        });
      } else if (ONLY_ON[test] && !ONLY_ON[test].includes(runtime.id)) {
        continue;
      } else {
        await cell(runtime, test, async () => {
          const key = await testKey(apiBase, `matrix_${runtime.id}_${test.replace('-', '_')}`);
          const { code, output } = await run(bin, [...args, `${test}.${test === 'require' ? 'cjs' : 'mjs'}`], app, { SVC_API_BASE: apiBase, SVC_KEY: key, DENO_DIR: join(app, '.deno') });
          if (code !== 0) throw new Error(`exit code ${code}: ${output}`);
        });
      }
    }
  }
} catch (error) {
  console.error(`test:runtimes could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await emulator?.close();
  rmSync(scratch, { recursive: true, force: true });
}

if (results.size > 0) {
  const rows = [...results].map(([id, cells]) => {
    const runtime = RUNTIMES.find((r) => r.id === id)!;
    const passed = [...cells.values()].filter((c) => c?.ok).length;
    return `| ${runtime.label} | ${tests.map((test) => (cells.has(test) ? (cells.get(test)!.ok ? 'pass' : '**FAIL**') : '–')).join(' | ')} | ${passed}/${cells.size} |`;
  });
  console.log(`\n| runtime | ${tests.join(' | ')} | passed |\n|---|${tests.map(() => '---|').join('')}---:|\n${rows.join('\n')}`);
  if (figures.size > 0) {
    console.log(`\nstorefront-widgets proxy, ${CROWD_SECONDS} s at 100 views/s after a warm-up (8 products):`);
    for (const [id, f] of figures) console.log(`  ${RUNTIMES.find((r) => r.id === id)!.label.padEnd(13)} ${f.within1s}/${f.views} views within 1 s, ${f.failed} failed, ${f.apiRequests} API requests, the proxy's CPU ${(f.cpuMs / f.views).toFixed(2)} ms a view (load average ${f.load})`);
  }
}
const failures = [...results.values()].flatMap((cells) => [...cells.values()]).filter((c) => c && !c.ok).length;
console.log(`\n${failures > 0 ? `${failures} failed` : process.exitCode === 1 ? 'did not run' : 'all passed'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
if (failures > 0) process.exitCode = 1;

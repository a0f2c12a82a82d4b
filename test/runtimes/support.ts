/**
 * The scratch app's server entry (fixture/server.js) bundled as each platform bundles it,
 * and run there: workerd through Miniflare, or a fresh Node process.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EdgeRuntime } from 'edge-runtime';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { rolldown } from 'rolldown';
import { inject, onTestFinished } from 'vitest';

export const appRoot = inject('appRoot');
export const apiBase = inject('apiBase');

/**
 * How each platform resolves a package: Cloudflare's wrangler (esbuild) and Vite's
 * Workers and Oxygen builds (Hydrogen, Rolldown) with `workerd`, `worker`, then the
 * browser's; Vercel's edge runtime (Next.js) with `edge-light` first.
 */
export const PLATFORMS = {
  'wrangler (esbuild, workerd)': { bundler: 'esbuild', conditions: ['workerd', 'worker', 'browser'] },
  'Vite for Workers and Oxygen (Rolldown, workerd)': { bundler: 'rolldown', conditions: ['workerd', 'worker', 'module', 'browser'] },
  'Vercel edge (Rolldown, edge-light)': { bundler: 'rolldown', conditions: ['edge-light', 'module', 'browser'] },
} as const;

export type Platform = keyof typeof PLATFORMS;

const entry = () => join(appRoot, 'server.js');
const define = { 'process.env.NODE_ENV': JSON.stringify('production') };

/** The server entry as one ES module, bundled with `platform`'s conditions; `iife`: as a script whose `SERVER` is the module (for the edge runtime, which runs scripts). */
export async function bundleFor(platform: Platform, { iife = false } = {}): Promise<string> {
  const { bundler, conditions } = PLATFORMS[platform];
  if (bundler === 'esbuild') {
    const result = await build({ entryPoints: [entry()], bundle: true, format: iife ? 'iife' : 'esm', globalName: 'SERVER', platform: 'neutral', conditions: [...conditions], mainFields: ['browser', 'module', 'main'], define, write: false, logLevel: 'silent' });
    return result.outputFiles[0]!.text;
  }
  const bundle = await rolldown({ input: entry(), platform: 'browser', resolve: { conditionNames: [...conditions, 'import', 'default'] }, transform: { define }, logLevel: 'silent' });
  const { output } = await bundle.generate({ format: iife ? 'iife' : 'esm', name: 'SERVER', exports: 'named', codeSplitting: false });
  await bundle.close();
  return output[0].code;
}

export interface Server {
  /** POSTs `body` as JSON to `path`; the answer's text. */
  post(path: string, body: unknown): Promise<string>;
  get(path: string): Promise<Response>;
}

/** The bundled entry in workerd (Miniflare), with `nodejs_compat` or without. */
export async function inWorkerd(code: string, key: string, { nodejsCompat = false } = {}): Promise<Server> {
  const mf = new Miniflare({ modules: true, script: code, compatibilityDate: '2025-09-01', compatibilityFlags: nodejsCompat ? ['nodejs_compat'] : [], bindings: { KEY: key, API: apiBase } });
  onTestFinished(() => mf.dispose());
  return {
    post: async (path, body) => {
      const response = await mf.dispatchFetch(`http://shop.example${path}`, { method: 'POST', body: JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path} in workerd: ${response.status} ${text}`);
      return text;
    },
    get: (path) => mf.dispatchFetch(`http://shop.example${path}`) as unknown as Promise<Response>,
  };
}

/** The bundled entry (as a script, see `bundleFor`) in Vercel's edge runtime (`edge-runtime`: a V8 context with the Web APIs only). */
export function inEdgeRuntime(script: string, key: string): Server {
  const env = JSON.stringify({ KEY: key, API: apiBase });
  const runtime = new EdgeRuntime({ initialCode: `${script}\nself.addEventListener('fetch', (event) => event.respondWith(SERVER.default.fetch(event.request, ${env})));` });
  const dispatch = async (path: string, init?: RequestInit) => (await runtime.dispatchFetch(`http://shop.example${path}`, init)) as unknown as Response;
  return {
    post: async (path, body) => {
      const response = await dispatch(path, { method: 'POST', body: JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path} in the edge runtime: ${response.status} ${text}`);
      return text;
    },
    get: (path) => dispatch(path),
  };
}

const run = promisify(execFile);

/** The entry unbundled in a fresh Node process (Node's own resolution: the `default` builds): one POST's answer. */
export async function inNode(key: string, path: string, body: unknown): Promise<string> {
  const script = `
    const { default: server } = await import('./server.js');
    const response = await server.fetch(new Request('http://shop.example${path}', { method: 'POST', body: process.argv[1] }), { KEY: ${JSON.stringify(key)}, API: ${JSON.stringify(apiBase)} });
    process.stdout.write(await response.text());
    if (!response.ok) process.exit(1);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(body)], { cwd: appRoot });
  return stdout;
}

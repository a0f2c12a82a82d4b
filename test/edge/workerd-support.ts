/**
 * Workers in workerd through Miniflare: the worker recipe (demo/edge/worker.ts) bundled as
 * a shop's wrangler would, and docs/proxy/scale-out.md's isolates sharing one Durable Object.
 */
import { resolve } from 'node:path';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { rolldown } from 'rolldown';
import { recipe, root } from '../docs/blocks.ts';

/** The recipe as one ES module for workerd (the browser build of lru-cache: workerd has no node: modules unasked). */
export async function bundleWorker(): Promise<string> {
  const bundle = await rolldown({ input: resolve(root, 'demo/edge/worker.ts'), platform: 'browser', logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

/** Miniflare with the worker and its settings; `port` serves it over HTTP too. */
export async function startWorker(bindings: { key: string; apiBase: string; allowOrigins?: string; requestsPerSecond?: number; webhookSecrets?: string }, port?: number): Promise<{ mf: Miniflare; url: string }> {
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: '2025-09-01',
    bindings: { STOREFRONT_PUBLISHABLE_KEY: bindings.key, STOREFRONT_API_BASE: bindings.apiBase, ...(bindings.allowOrigins ? { STOREFRONT_ALLOW_ORIGINS: bindings.allowOrigins } : {}), ...(bindings.requestsPerSecond ? { STOREFRONT_REQUESTS_PER_SECOND: String(bindings.requestsPerSecond) } : {}), ...(bindings.webhookSecrets ? { STOREFRONT_WEBHOOK_SECRETS: bindings.webhookSecrets } : {}) },
    ...(port !== undefined ? { port, host: '127.0.0.1' } : {}),
  });
  const url = (await mf.ready).origin;
  return { mf, url };
}

/** A worker's TypeScript source as one ES module, as wrangler would bundle it (its `storefront-widgets/edge` import resolved to this checkout). */
export async function bundleWorkerSource(source: string): Promise<string> {
  const bundle = await rolldown({
    input: 'worker.ts',
    platform: 'browser',
    logLevel: 'silent',
    resolve: { alias: { 'storefront-widgets/edge': resolve(root, 'src/edge/index.ts') } },
    plugins: [{ name: 'recipe', resolveId: (file) => (file === 'worker.ts' ? file : undefined), load: (file) => (file === 'worker.ts' ? { code: source, moduleType: 'ts' } : undefined) }],
  });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

const bundles = new Map<string, Promise<string>>();
/** A docs page's worker recipe, bundled (`bundleWorkerSource`) once per run. */
export function bundleRecipe(page: string, name: string): Promise<string> {
  const id = `${page}#${name}`;
  if (!bundles.has(id)) bundles.set(id, bundleWorkerSource(recipe(page, name)));
  return bundles.get(id)!;
}

/** docs/proxy/scale-out.md's wrangler.toml, read as its block says (`KEY = "value"` lines; the page's block is that simple). */
export function gateWrangler(): { vars: Record<string, string>; binding: string; className: string; sqlite: boolean; compatibilityDate: string; basePath: string } {
  const toml = recipe('proxy/scale-out.md', 'workers-wrangler');
  const values = (from: string): Record<string, string> => Object.fromEntries([...toml.slice(toml.indexOf(from)).matchAll(/^([A-Za-z_]+) = "([^"]*)"$/gm)].map((match) => [match[1], match[2]]));
  const vars = values('[vars]');
  const binding = values('[[durable_objects.bindings]]');
  const className = binding['class_name']!;
  return { vars, binding: binding['name']!, className, sqlite: /new_sqlite_classes = \["(\w+)"\]/.exec(toml)?.[1] === className, compatibilityDate: values('compatibility_date')['compatibility_date']!, basePath: vars['STOREFRONT_BASE_PATH'] ?? '' };
}

/**
 * Miniflare's workers for `count` isolates of docs/proxy/scale-out.md's worker (each
 * worker script an isolate of its own, named `isolate-N`) and the `gate` script that owns
 * their one `StorefrontGate`, bound as its wrangler.toml says. `script` replaces the
 * isolates' worker, `gateScript` the gate's; `directSockets` serves each isolate over
 * HTTP on a port of its own (`mf.unsafeGetDirectURL('isolate-N')`).
 */
export async function gateWorkers(count: number, options: { key: string; apiBase: string; script?: string; gateScript?: string; directSockets?: boolean }): Promise<{ workers: WorkerOptions[]; names: string[] }> {
  const { vars, binding, className, sqlite, compatibilityDate } = gateWrangler();
  const gate = await bundleRecipe('proxy/scale-out.md', 'workers-worker');
  const bindings = { ...vars, STOREFRONT_PUBLISHABLE_KEY: options.key, STOREFRONT_API_BASE: options.apiBase };
  const names = Array.from({ length: count }, (_, i) => `isolate-${i}`);
  const workers: WorkerOptions[] = [
    ...names.map((name) => ({ name, modules: true, script: options.script ?? gate, compatibilityDate, bindings, durableObjects: { [binding]: { className, scriptName: 'gate' } }, ...(options.directSockets ? { unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }] } : {}) })),
    { name: 'gate', modules: true, script: options.gateScript ?? gate, compatibilityDate, durableObjects: { [binding]: { className, useSQLite: sqlite } } },
  ];
  return { workers, names };
}

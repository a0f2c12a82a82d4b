/**
 * `npm run bench:ssr-runtimes`: a server render in workerd (Miniflare) against the same
 * render in Node, both over HTTP from this process, against the emulator: a lone render
 * (the first request a fresh runtime answers, its four elements and rich snippet, the
 * default deadline), then `--rate` renders a second (default 50) for `--seconds` (default
 * 10) with the process's shared read cache. The entry is test/runtimes/fixture/server.js,
 * bundled for workerd as wrangler bundles it (esbuild; `dist/server/`); Node runs it as
 * it is (`dist/`). Needs `npm run build:npm` first.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { startEmulator } from '../demo/emulator/server.ts';
import { testKey } from '../test/support/emulator-control.ts';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' }, lone: { type: 'string', default: '5' } } });
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const root = resolve(import.meta.dirname, '..');

// The package as installed in a scratch app, beside React.
const app = mkdtempSync(join(tmpdir(), 'storefront-widgets-bench-runtimes-'));
const pkg = join(app, 'node_modules', 'storefront-widgets');
mkdirSync(pkg, { recursive: true });
cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
symlinkSync(join(root, 'dist'), join(pkg, 'dist'));
symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'));
for (const name of ['react', 'react-dom', 'scheduler']) symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name));
cpSync(join(root, 'test/runtimes/fixture/server.js'), join(app, 'server.js'));
const worker = (
  await build({ entryPoints: [join(app, 'server.js')], bundle: true, format: 'esm', platform: 'neutral', conditions: ['workerd', 'worker', 'browser'], mainFields: ['browser', 'module', 'main'], define: { 'process.env.NODE_ENV': '"production"' }, write: false, logLevel: 'silent' })
).outputFiles[0]!.text;

const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
const apiBase = emulator.url;
const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&limit=20`, { headers: { authorization: 'Bearer svc_pk_demo' } })).json()) as { data: { id: string; tagged_products: unknown[] }[] };
const postId = posts.data.find((post) => post.tagged_products.length >= 2)!.id;
const P = 'aster-linen-shirt';
const fragment = `<svc-review-summary product-ref="${P}"></svc-review-summary><svc-reviews product-ref="${P}" page-size="3"></svc-reviews><svc-shoppable-post post-id="${postId}"></svc-shoppable-post><svc-post-gallery product-ref="${P}" page-size="4" columns="2"></svc-post-gallery><svc-rich-snippet product-ref="${P}"></svc-rich-snippet>`;

interface Runtime {
  name: string;
  start(key: string): Promise<{ url: string; stop(): Promise<void> }>;
}

const workerd: Runtime = {
  name: 'workerd',
  async start(key) {
    const mf = new Miniflare({ modules: true, script: worker, compatibilityDate: '2025-09-01', bindings: { KEY: key, API: apiBase }, port: 0, host: '127.0.0.1' });
    const url = (await mf.ready).origin;
    return { url, stop: () => mf.dispose() };
  },
};

/** The same module behind Node's HTTP server in a fresh process. */
const node: Runtime = {
  name: 'Node',
  async start(key) {
    const script = `
      import { createServer } from 'node:http';
      const { default: server } = await import('./server.js');
      const env = { KEY: ${JSON.stringify(key)}, API: ${JSON.stringify(apiBase)} };
      const http = createServer(async (req, res) => {
        let body = '';
        for await (const chunk of req) body += chunk;
        const response = await server.fetch(new Request('http://shop.example' + req.url, { method: req.method, body: body || undefined }), env);
        res.writeHead(response.status, { 'content-type': 'text/html' }).end(await response.text());
      });
      http.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + http.address().port));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: app, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((done) => child.stdout.once('data', (chunk: Buffer) => done(String(chunk).trim())));
    return { url, stop: () => new Promise((done) => (child.once('exit', () => done()), child.kill())) };
  },
};

async function render(url: string): Promise<{ ms: number; elements: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/render`, { method: 'POST', body: JSON.stringify({ fragment }) });
  const html = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${html.slice(0, 300)}`);
  return { ms: performance.now() - started, elements: html.match(/shadowrootmode="open"/g)?.length ?? 0 };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
for (const runtime of [node, workerd]) {
  // A lone render: the first request of a fresh runtime, nothing cached (a key of its own each time).
  const lone: number[] = [];
  let rendered = 0;
  for (let i = 0; i < Number(values.lone); i++) {
    const server = await runtime.start(await testKey(apiBase, `bench_lone_${i}`));
    const first = await render(server.url);
    lone.push(first.ms);
    rendered = Math.min(rendered || first.elements, first.elements);
    await server.stop();
  }
  lone.sort((a, b) => a - b);
  // At a shop's traffic: `rate` renders a second, one runtime, the shared read cache.
  const server = await runtime.start(await testKey(apiBase, 'bench_rate'));
  await render(server.url);
  const times: number[] = [];
  const all: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    await new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));
    all.push(render(server.url).then(({ ms }) => void times.push(ms)));
  }
  await Promise.all(all);
  await server.stop();
  times.sort((a, b) => a - b);
  console.log(`${runtime.name}: lone render median ${fmt(quantile(lone, 0.5))} (of ${lone.length}; min ${fmt(lone[0]!)}, max ${fmt(lone.at(-1)!)}; ${rendered} of 5 rendered at least); ${rate}/s for ${seconds} s: p50 ${fmt(quantile(times, 0.5))}, p95 ${fmt(quantile(times, 0.95))}, max ${fmt(times.at(-1)!)}`);
}
console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
await emulator.close();
rmSync(app, { recursive: true, force: true });

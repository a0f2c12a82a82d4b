/**
 * The server render at a shop's traffic (`npm run bench:ssr`, or alone with
 * `npm run bench:ssr -- --load-only`): one Node process renders a product fragment (a
 * review summary, a shoppable post, a review list and a rich snippet) for random popular
 * products (the 20 with most reviews) against the emulator, in a process of its own.
 *
 * - A lone render: 50 renders, 120 ms apart, each with a key of its own (nothing cached
 *   anywhere), then 50 with one key (the products in turn, as a shop's server renders
 *   them): p50 and p95 of wall and CPU time.
 * - Throughput: renders started at a steady rate (50 and 200 per second) for 60 s, one
 *   key: p50 and p95 render time, renders that left an element to the browser (in the
 *   first 5 s and after), what reached the API per second (most in any second, mean) and
 *   its 429s. Renders still running 15 s after the last start are counted, not awaited.
 *
 * Options: `--rates 50,200`, `--seconds 60`, `--lone 50` (0: none), `--module PATH` (the
 * `renderWidgets` module to measure, default src/ssr/index.ts: point it at another
 * checkout's for a before and after).
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requestLog, testKey } from '../test/support/emulator-control.ts';
import { ms, table } from './lib/print.ts';

type Render = (fragment: string, options: { publishableKey: string; market: string; apiBase: string }) => Promise<string>;

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RATES = (arg('--rates') ?? '50,200').split(',').map(Number).filter((rate) => rate > 0);
const SECONDS = Number(arg('--seconds') ?? 60);
const LONE = Number(arg('--lone') ?? 50);
const MODULE = resolve(arg('--module') ?? 'src/ssr/index.ts');
const GRACE_MS = 15_000;
const POPULAR = 20;

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const sleep = (time: number) => new Promise((done) => setTimeout(done, time));

/** The emulator in a process of its own (its work is not the render's), on a free port. */
async function startEmulatorProcess(): Promise<{ url: string; stop(): void }> {
  const child = spawn(resolve('node_modules/.bin/tsx'), ['demo/emulator/main.ts'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', QUIET: '1' }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /emulator: (http:\/\/\S+)\/v1/.exec(out);
      if (found) done(found[1]!);
    });
    child.on('exit', (code) => fail(new Error(`the emulator exited (${code})`)));
  });
  return { url, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}

/** The fragment of each popular product: its summary, its first post, its reviews and its rich snippet. */
async function productFragments(apiBase: string): Promise<{ fragment: string; elements: number }[]> {
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
  const popular = info.products.sort((a, b) => b.review_count - a.review_count).slice(0, POPULAR);
  const setup = await testKey(apiBase, 'bench_ssr_load_setup', { rate: { capacity: 1000, refillPerSecond: 1000 } });
  return Promise.all(
    popular.map(async ({ handle }) => {
      const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${encodeURIComponent(handle)}&limit=1`, { headers: { authorization: `Bearer ${setup}` } })).json()) as { data: { id: string }[] };
      const post = posts.data[0]?.id;
      const fragment = `<main><svc-review-summary product-ref="${handle}"></svc-review-summary>${post ? `<svc-shoppable-post post-id="${post}"></svc-shoppable-post>` : ''}<svc-reviews product-ref="${handle}" page-size="5"></svc-reviews><svc-rich-snippet product-ref="${handle}"></svc-rich-snippet></main>`;
      return { fragment, elements: post ? 4 : 3 };
    }),
  );
}

/** How many of the fragment's elements the server left to the browser (no shadow root written). */
const leftOut = (html: string, elements: number) => elements - (html.match(/<template shadowroot="open"/g)?.length ?? 0);

async function lone(render: Render, apiBase: string, fragments: { fragment: string }[], oneKey: boolean): Promise<string[]> {
  const one = await testKey(apiBase, 'bench_ssr_lone');
  const keys = oneKey ? Array.from({ length: LONE }, () => one) : await Promise.all(Array.from({ length: LONE }, (_, i) => testKey(apiBase, `bench_ssr_lone_${i}`)));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const [i, key] of keys.entries()) {
    await sleep(120);
    const started = performance.now();
    const used = process.cpuUsage();
    await render(fragments[i % fragments.length]!.fragment, { publishableKey: key, market: 'us', apiBase });
    const { user, system } = process.cpuUsage(used);
    wall.push(performance.now() - started);
    cpu.push((user + system) / 1000);
  }
  const what = oneKey ? 'one key, products in turn' : 'a key each: nothing cached';
  return [`lone renders (${LONE}, 120 ms apart, ${what})`, '', ms(quantile(wall, 0.5)), ms(quantile(wall, 0.95)), `CPU p50 ${ms(quantile(cpu, 0.5))}, p95 ${ms(quantile(cpu, 0.95))}`, '', '', ''];
}

async function throughput(render: Render, apiBase: string, fragments: { fragment: string; elements: number }[], rate: number): Promise<string[]> {
  const key = await testKey(apiBase, `bench_ssr_load_${rate}`);
  const times: number[] = [];
  let early = 0;
  let late = 0;
  let failed = 0;
  let running = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const total = Math.round(rate * SECONDS);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const { fragment, elements } = fragments[Math.floor(Math.random() * fragments.length)]!;
    const at = performance.now();
    running++;
    void render(fragment, { publishableKey: key, market: 'us', apiBase }).then(
      (html) => {
        times.push(performance.now() - at);
        const left = leftOut(html, elements);
        if (at - started < 5_000) early += left;
        else late += left;
      },
      () => failed++,
    ).finally(() => running--);
  }
  const until = performance.now() + GRACE_MS;
  while (running > 0 && performance.now() < until) await sleep(50);
  const { user, system } = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  const log = await requestLog(apiBase, key);
  const perSecond = new Map<number, number>();
  for (const entry of log) perSecond.set(Math.floor(entry.at / 1000), (perSecond.get(Math.floor(entry.at / 1000)) ?? 0) + 1);
  const unfinished = running > 0 ? `, ${running} unfinished after ${GRACE_MS / 1000} s` : '';
  return [
    `${rate}/s for ${SECONDS} s (${total} renders${failed ? `, ${failed} threw` : ''}${unfinished})`,
    `${Math.round((times.length / seconds) * 10) / 10}/s`,
    ms(quantile(times, 0.5)),
    ms(quantile(times, 0.95)),
    `CPU ${Math.round(((user + system) / 1000 / (seconds * 1000)) * 100)}% of a core`,
    `${early} / ${late}`,
    `${Math.max(0, ...perSecond.values())} most, ${(log.length / SECONDS).toFixed(1)} mean`,
    String(log.filter((entry) => entry.status === 429).length),
  ];
}

export async function runLoadBench(): Promise<void> {
  const emulator = await startEmulatorProcess();
  try {
    const render = ((await import(pathToFileURL(MODULE).href)) as { renderWidgets: Render }).renderWidgets;
    const fragments = await productFragments(emulator.url);
    // The first render loads Lit's renderer and the elements: once per process, not measured.
    await render(fragments[0]!.fragment, { publishableKey: await testKey(emulator.url, 'bench_ssr_warm'), market: 'us', apiBase: emulator.url });
    const rows: string[][] = [];
    if (LONE > 0) rows.push(await lone(render, emulator.url, fragments, false), await lone(render, emulator.url, fragments, true));
    for (const rate of RATES) rows.push(await throughput(render, emulator.url, fragments, rate));
    console.log(`\n## Server render under load: ${MODULE.replace(`${process.cwd()}/`, '')}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
    console.log(
      table(
        ['run', 'renders done', 'p50', 'p95', 'CPU', 'elements left to the browser (first 5 s / after)', 'API requests per second', '429s'],
        rows,
        ['l', 'r', 'r', 'r', 'l', 'r', 'r', 'r'],
      ),
    );
  } finally {
    emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runLoadBench();
  process.exit(0);
}

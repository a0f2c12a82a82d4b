/**
 * Simulated shoppers at the HTTP level for `npm run bench:crowd`: each product page view
 * makes the page's six reads at once, each with the widgets' own retry policy
 * (src/api/client.ts: three tries on 5xx, network failure or timeout, with exponential
 * backoff from 300 ms; up to five on 429, waiting its Retry-After). Views start on a fixed
 * schedule whatever the answers (an open loop, as shoppers arrive).
 */
import { Agent, request } from 'node:http';
import { testKey } from '../../test/support/emulator-control.ts';

export interface Product {
  handle: string;
  /** A post that tags it (or any post): the page's shoppable post. */
  postId: string;
}

/** The six reads of product `index`'s page: ratings of four related products, its summary, one post, its posts, its reviews, its rich snippet. */
export function pageReads(products: readonly Product[], index: number, market = 'us', relatedOf?: (index: number) => string[]): string[] {
  const product = products[index]!;
  const related = relatedOf?.(index) ?? [1, 2, 3, 4].map((step) => products[(index + step) % products.length]!.handle);
  return [
    `/v1/products/ratings?market=${market}&${related.map((handle) => `product_ref=${handle}`).join('&')}`,
    `/v1/products/${product.handle}/review-summary?market=${market}`,
    `/v1/posts/${product.postId}?market=${market}`,
    `/v1/posts?market=${market}&product_ref=${product.handle}&limit=12`,
    `/v1/products/${product.handle}/reviews?market=${market}&limit=5`,
    `/v1/products/${product.handle}/rich-snippet?market=${market}`,
  ];
}

export interface ReadRecord {
  ok: boolean;
  /** Tries it took. */
  tries: number;
  /** `Cache-Status` of the last answer, when a cache of ours answered. */
  cache?: 'hit' | 'stale' | 'miss';
  /** The proxy's own time (`Server-Timing: proxy;dur=`), in ms. */
  proxyMs?: number;
  /** ms from the last try's start to its answer's end. */
  ms?: number;
  /** The answer's `Age`, in seconds. */
  age?: number;
  /** `Cache-Status`'s `ttl`: seconds of freshness left (below 0: served that long past its freshness). */
  ttl?: number;
}

export interface ViewRecord {
  /** Scheduled start, ms since the run began. */
  at: number;
  /** ms from the scheduled start until every read ended. */
  ms: number;
  failed: boolean;
  reads: ReadRecord[];
}

const TIMEOUT_MS = 10_000;
const MAX_TRIES = 3;
const MAX_RATE_LIMITED = 5;

interface Answer {
  status: number;
  retryAfter: number;
  cacheStatus: string | undefined;
  serverTiming: string | undefined;
  age: number | undefined;
}

function get(agent: Agent, origin: URL, path: string, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: origin.hostname, port: origin.port, path: `${origin.pathname.replace(/\/$/, '')}${path}`, headers: { Authorization: `Bearer ${key}` }, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => {
        const retryAfter = Number(res.headers['retry-after']);
        const age = Number(res.headers.age);
        resolve({ status: res.statusCode ?? 0, retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 120) : 1, cacheStatus: res.headers['cache-status'] as string | undefined, serverTiming: res.headers['server-timing'] as string | undefined, age: res.headers.age !== undefined && Number.isFinite(age) ? age : undefined });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (failures: number) => {
  const step = Math.min(8000, 300 * 2 ** (failures - 1));
  return step / 2 + Math.random() * (step / 2);
};

async function read(agent: Agent, origin: URL, path: string, key: string): Promise<ReadRecord> {
  let failures = 0;
  let limited = 0;
  let tries = 0;
  for (;;) {
    tries++;
    let answer: Answer | undefined;
    const tried = performance.now();
    try {
      answer = await get(agent, origin, path, key);
    } catch {
      answer = undefined;
    }
    if (answer?.status === 200) {
      const state = answer.cacheStatus?.includes('fwd=stale') ? 'stale' : answer.cacheStatus?.includes('fwd=miss') ? 'miss' : answer.cacheStatus?.includes('hit') ? 'hit' : undefined;
      const dur = /proxy;dur=([\d.]+)/.exec(answer.serverTiming ?? '');
      const ttl = /ttl=(-?\d+)/.exec(answer.cacheStatus ?? '');
      return { ok: true, tries, ms: performance.now() - tried, ...(answer.age !== undefined ? { age: answer.age } : {}), ...(ttl ? { ttl: Number(ttl[1]) } : {}), ...(state ? { cache: state } : {}), ...(dur ? { proxyMs: Number(dur[1]) } : {}) };
    }
    if (answer?.status === 429) {
      if (++limited > MAX_RATE_LIMITED) return { ok: false, tries };
      await sleep(answer.retryAfter * 1000);
      continue;
    }
    const transient = answer === undefined || answer.status >= 500;
    if (!transient || ++failures >= MAX_TRIES) return { ok: false, tries };
    await sleep(backoff(failures));
  }
}

/**
 * Runs `viewsPerSecond` product page views for `seconds` against `origin` (the API base
 * the widgets would be given), products drawn uniformly. Resolves when every view ended.
 */
export async function runShoppers(options: { origin: string; key: string; products: readonly Product[]; viewsPerSecond: number; seconds: number; onSecond?: (second: number) => void; /** The four related products of a view's ratings read (default: the next four). */ relatedOf?: (index: number) => string[] }): Promise<ViewRecord[]> {
  const origin = new URL(options.origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const views: Promise<ViewRecord>[] = [];
  const total = Math.round(options.viewsPerSecond * options.seconds);
  const started = performance.now();
  let second = -1;
  for (let i = 0; i < total; i++) {
    const at = (i * 1000) / options.viewsPerSecond;
    const wait = started + at - performance.now();
    if (wait > 1) await sleep(wait);
    if (Math.floor(at / 1000) !== second) {
      second = Math.floor(at / 1000);
      options.onSecond?.(second);
    }
    const paths = pageReads(options.products, Math.floor(Math.random() * options.products.length), 'us', options.relatedOf);
    views.push(
      Promise.all(paths.map((path) => read(agent, origin, path, options.key))).then((reads) => ({ at, ms: performance.now() - started - at, failed: reads.some((r) => !r.ok), reads })),
    );
  }
  const records = await Promise.all(views);
  agent.destroy();
  return records;
}

/** The emulator's products, each with a post tagged with it (or any post): what shoppers browse. `name` names the key the setup reads with. */
export async function catalogOf(api: string, name: string): Promise<Product[]> {
  const info = (await (await fetch(`${api}/__emulator/info`)).json()) as { products: { handle: string }[] };
  const key = await testKey(api, name, { rate: { capacity: 100_000, refillPerSecond: 100_000 } });
  const read = async (path: string) => (await (await fetch(`${api}${path}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as { data: { id: string }[] };
  const anyPost = (await read('/v1/posts?market=us&limit=1')).data[0]!.id;
  return Promise.all(info.products.map(async ({ handle }) => ({ handle, postId: (await read(`/v1/posts?market=us&product_ref=${handle}&limit=1`)).data[0]?.id ?? anyPost })));
}

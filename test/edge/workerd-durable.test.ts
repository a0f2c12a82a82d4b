/**
 * docs/proxy/scale-out.md's Workers recipe: isolates sharing one Durable Object
 * (`StorefrontGate`): one budget, one cache, one fetch of equal reads, in workerd through
 * Miniflare. Each worker script is an isolate of its own, bound as the page's
 * wrangler.toml says. `STOREFRONT_TEST_PER_INSTANCE=1` runs docs/proxy/workers.md's
 * worker instead, each isolate alone (no object): then these tests fail, as shops ran before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';
import { apiBase } from './support.ts';
import { apiLoad, crowd, distinctReads, sentOrder, type Reader } from './crowd-support.ts';
import { bundleRecipe, bundleWorkerSource, gateWorkers, gateWrangler } from './workerd-support.ts';

const PER_ISOLATE = process.env['STOREFRONT_TEST_PER_INSTANCE'] === '1';
const { basePath } = gateWrangler();

/** A gate whose object never answers: the isolates must not wait on it. */
const DEAF_GATE = `export class StorefrontGate { fetch() { return new Promise(() => {}); } }
export default { fetch() { return new Response('gate'); } };`;

type Isolate = Reader;

/** `count` isolates of the worker for one fresh key, bound to one object (the `gate` script's). */
async function isolates(count: number, { gateScript, key: given, persist }: { gateScript?: string; key?: string; persist?: string } = {}): Promise<{ key: string; all: Isolate[]; close: () => Promise<void> }> {
  const key = given ?? (await testKey(apiBase, 'durable'));
  const script = PER_ISOLATE ? await bundleRecipe('proxy/workers.md', 'worker') : undefined;
  const { workers, names } = await gateWorkers(count, { key, apiBase, ...(script ? { script } : {}), ...(gateScript ? { gateScript } : {}) });
  const mf = new Miniflare({
    // The objects' storage on disk, for a test that starts the isolates again; the Cache API and isolates' memory start empty.
    ...(persist !== undefined ? { durableObjectsPersist: persist } : {}),
    workers,
  });
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => (closed ??= mf.dispose());
  onTestFinished(close);
  await mf.ready;
  const all: Isolate[] = [];
  for (const name of names) {
    // Miniflare's own Fetcher type (workerd's types are not installed): a fetch that answers a Response.
    const worker = (await mf.getWorker(name)) as unknown as { fetch(url: string): Promise<Response> };
    all.push((path) => worker.fetch(`http://shop.example${basePath}${path}`));
  }
  return { key, all, close };
}

describe('Workers isolates sharing one Durable Object', () => {
  it('keep the API within 20 requests a second with no 429 under a crowd, with about one isolate\'s requests', { timeout: 60_000 }, async () => {
    const { key, all } = await isolates(4);
    const paths = await distinctReads(60);
    const outcomes = await crowd(all, paths, 100, 5);
    const load = await apiLoad(key);
    // The 60 reads take the shared 18/s some 3.3 s to fetch once: the views after are the warm ones.
    const warm = outcomes.filter((outcome) => outcome.at >= 3500);
    console.info(`4 isolates, ${outcomes.length} views: API ${load.requests} requests, busiest second ${load.busiest}, ${load.rateLimited} × 429; after 3.5 s ${warm.filter((o) => o.ok && o.ms <= 1000).length} of ${warm.length} views within 1 s`);
    expect(load.rateLimited).toBe(0);
    expect(load.busiest).toBeLessThanOrEqual(20);
    // Each of the 60 is fresh for 30 s or more, longer than the run: read once for all four.
    expect(load.requests).toBeLessThanOrEqual(paths.length * 1.2);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
  });

  it('make one API request for equal misses arriving at different isolates at once', { timeout: 30_000 }, async () => {
    const { key, all } = await isolates(4);
    const path = '/v1/products/aster-linen-shirt/reviews?market=us&limit=7';
    const answers = await Promise.all(all.flatMap((isolate) => Array.from({ length: 3 }, () => isolate(path).then(async (r) => ({ status: r.status, body: await r.text() })))));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
    // And a read that one isolate fetched is a hit on every other.
    for (const isolate of all) {
      const hit = await isolate(path);
      await hit.text();
      expect(hit.headers.get('cache-status')).toMatch(/^storefront-proxy; hit/);
    }
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('pause together for the Retry-After of a 429 that one of them got', { timeout: 30_000 }, async () => {
    const { key, all } = await isolates(4);
    await setFaults(apiBase, key, { force429: 1, retryAfterSeconds: 3 });
    const [first, ...others] = await distinctReads(4);
    const limited = await all[0]!(first!);
    await limited.text();
    expect(limited.status).toBe(503);
    // Three other reads at the three other isolates: none reaches the API before the 3 s are over.
    const answers = await Promise.all(others.map((path, i) => all[i + 1]!(path).then(async (r) => (await r.text(), r.status))));
    expect(answers).toEqual([200, 200, 200]);
    const log = await requestLog(apiBase, key);
    const rateLimited = log.filter((entry) => entry.status === 429);
    expect(rateLimited).toHaveLength(1);
    const after = log.filter((entry) => entry.status !== 429).map((entry) => entry.at - rateLimited[0]!.at);
    expect(after).toHaveLength(3);
    for (const ms of after) expect(ms).toBeGreaterThanOrEqual(2900);
  });

  it('fetch equal misses once however long the leader waits for a permit (12 s of a 429\'s Retry-After)', { timeout: 60_000 }, async () => {
    const { key, all } = await isolates(3);
    await setFaults(apiBase, key, { force429: 1, retryAfterSeconds: 12 });
    const [first, path] = await distinctReads(2);
    const limited = await all[0]!(first!);
    await limited.text();
    expect(limited.status).toBe(503);
    // The same miss at two other isolates: one leads, its read waits 12 s for the object's permit, the other waits for its answer.
    const served = async (isolate: Isolate): Promise<void> => {
      for (let tries = 0; tries < 6; tries++) {
        const answer = await isolate(path!);
        await answer.text();
        if (answer.status === 200) return;
        await new Promise((done) => setTimeout(done, Number(answer.headers.get('retry-after') ?? 1) * 1000));
      }
      throw new Error(`${path} was never served`);
    };
    await Promise.all([served(all[1]!), served(all[2]!)]);
    const reads = async () => (await requestLog(apiBase, key)).filter((entry) => entry.status === 200).length;
    await expect.poll(reads).toBe(1);
    // A second fetch of the waiting isolate's own would come with the first, once the pause ended: none does.
    await new Promise((done) => setTimeout(done, 1000));
    expect(await reads()).toBe(1);
  });

  it("give a read another isolate's shoppers wait for its leader's permit before the leader's own repeated reads", { timeout: 60_000 }, async () => {
    const { key, all } = await isolates(2);
    const [a, b] = all as [Isolate, Isolate];
    // A 429 pauses the object's bucket 4 s: what the isolates ask for meanwhile goes out after it, the best first.
    await setFaults(apiBase, key, { force429: 1, retryAfterSeconds: 4 });
    const [limitedPath, ...paths] = await distinctReads(12);
    await (await a(limitedPath!)).text();
    const fillers = paths.slice(0, 10);
    const wanted = paths[10]!;
    const read = async (isolate: Isolate, path: string) => void (await (await isolate(path)).text());
    // At A: ten reads its shoppers asked for twice each, then a first read of `wanted` (one shopper): A leads its fetch, ranked below.
    const pending = fillers.flatMap((path) => [read(a, path), read(a, path)]);
    pending.push(read(a, wanted));
    // The object's queue cannot be seen from here: a moment for A's lead to reach it, well within the pause.
    await new Promise((done) => setTimeout(done, 300));
    // At B: three shoppers wait for `wanted`, joined to A's lead.
    pending.push(read(b, wanted), read(b, wanted), read(b, wanted));
    await Promise.all(pending);
    const [wantedAt, ...fillersAt] = await sentOrder(key, [wanted, ...fillers]);
    expect(fillersAt.every((at) => at >= 0)).toBe(true);
    // Once: first after the pause, not after A's ten (the last, before).
    expect((await requestLog(apiBase, key)).filter((entry) => entry.path === new URL(wanted, 'http://x').pathname && entry.status === 200)).toHaveLength(1);
    expect(wantedAt).toBeLessThanOrEqual(1);
  });

  it('stay together while the object answers, though some of its answers come past their deadline (a busy machine)', { timeout: 60_000 }, async () => {
    // The object looks up reads of `limit=33` in 1.5 s, past an isolate's 1 s deadline; it answers everything else at once.
    const gateScript = await bundleWorkerSource(`import { StorefrontGate as Gate } from 'storefront-widgets/edge';
export class StorefrontGate extends Gate {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === '/get' && (await request.clone().text()).includes('limit=33')) await new Promise((done) => setTimeout(done, 1500));
    return super.fetch(request);
  }
}
export default { fetch: () => new Response('gate') };`);
    const { key, all } = await isolates(4, { gateScript });
    const paths = await distinctReads(40);
    const slow = ['/v1/products/aster-linen-shirt/reviews?market=us&limit=33', '/v1/products/fjord-merino-sweater/reviews?market=us&limit=33'];
    // Each read twice, at two isolates a second apart, while the late look-ups of the slow reads time out together at all four.
    const crowdDone = Promise.all(
      paths.map(async (path, i) => {
        await new Promise((done) => setTimeout(done, i * 75));
        for (const isolate of [all[i % 4]!, all[(i + 1) % 4]!]) {
          expect((await isolate(path)).status).toBe(200);
          await new Promise((done) => setTimeout(done, 1000));
        }
      }),
    );
    await new Promise((done) => setTimeout(done, 500));
    const slowDone = Promise.all(all.flatMap((isolate) => slow.map(async (path) => expect((await isolate(path)).status).toBe(200))));
    await Promise.all([crowdDone, slowDone]);
    const log = await requestLog(apiBase, key);
    // Alone, each isolate would fetch what it misses itself: the second read of a path, at another isolate, a request again.
    expect(log).toHaveLength(paths.length + slow.length);
  });

  it('keep answers in the object\'s storage: isolates started afresh read them without the API', { timeout: 30_000 }, async () => {
    const persist = mkdtempSync(join(tmpdir(), 'storefront-gate-'));
    onTestFinished(() => rmSync(persist, { recursive: true, force: true }));
    const first = await isolates(2, { persist });
    const paths = (await distinctReads(3)).slice(0, 3);
    for (const path of paths) expect((await first.all[0]!(path)).status).toBe(200);
    expect(await requestLog(apiBase, first.key)).toHaveLength(3);
    await first.close();
    // New isolates and a new object instance (its memory empty): only the object's storage holds the answers.
    const again = await isolates(2, { persist, key: first.key });
    for (const path of paths) {
      const answer = await again.all[1]!(path);
      await answer.text();
      expect({ path, status: answer.status, cache: answer.headers.get('cache-status') }).toEqual({ path, status: 200, cache: expect.stringMatching(/^storefront-proxy; hit/) });
    }
    expect(await requestLog(apiBase, first.key)).toHaveLength(3);
  });

  it('go on alone at a share of the rate, within their deadlines, when the object does not answer', { timeout: 60_000 }, async () => {
    const { key, all } = await isolates(4, { gateScript: DEAF_GATE });
    const paths = await distinctReads(40);
    const outcomes = await crowd(all, paths, 40, 4);
    const load = await apiLoad(key);
    const slowest = Math.max(...outcomes.map((outcome) => outcome.ms));
    console.info(`4 isolates alone, ${outcomes.length} views: API ${load.requests} requests, busiest second ${load.busiest}, ${load.rateLimited} × 429; slowest view ${Math.round(slowest)} ms`);
    expect(load.rateLimited).toBe(0);
    expect(load.busiest).toBeLessThanOrEqual(20);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
  });
});

/**
 * The Workers side of `npm run bench:scale-out` (`--targets workers`): isolates of
 * docs/proxy/scale-out.md's worker, each a worker script of its own in workerd (Miniflare),
 * sharing one `StorefrontGate` Durable Object, bound as the page's wrangler.toml says (the
 * same set-up as test/edge/workerd-durable.test.ts). Each isolate listens on a port of its
 * own, so that the bench's load balancer spreads shoppers over them as over Node instances.
 */
import { Miniflare } from 'miniflare';
import { gateWorkers, gateWrangler } from '../../test/edge/workerd-support.ts';

export interface GateIsolates {
  /** Each isolate's origin. */
  urls: string[];
  /** Where the worker serves the API (wrangler.toml's `STOREFRONT_BASE_PATH`): the widgets' api-base is an origin with it. */
  basePath: string;
  close: () => Promise<void>;
}

export async function startGateIsolates(count: number, { key, api }: { key: string; api: string }): Promise<GateIsolates> {
  const { workers, names } = await gateWorkers(count, { key, apiBase: api, directSockets: true });
  const mf = new Miniflare({ workers });
  await mf.ready;
  const { basePath } = gateWrangler();
  const urls = await Promise.all(names.map(async (name) => (await mf.unsafeGetDirectURL(name)).origin));
  return { urls, basePath, close: () => mf.dispose() };
}

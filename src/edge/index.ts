/**
 * `storefront-widgets/edge`: the Storefront API's reads answered from the shop's side,
 * for every shopper at once (see the README's "When your shop is busy"). No DOM, no
 * Node built-ins: it runs in Node (`serveNode`, `storefront-widgets proxy`), Workers
 * and any runtime with `fetch`, `Request` and `Response`.
 */
export { createStorefrontProxy, type InProcessRead, type ProxyContext, type ProxyEvent, type StorefrontProxy, type StorefrontProxyOptions } from './proxy.js';
// Redis's coordination is Node's alone: `storefront-widgets/edge/redis` (a Worker's bundle never takes its client in).
export { localCoordination, type Coordination, type CoordinationEvent, type Coordinator, type ReadMerge } from './coordination/types.js';
// Workers: one Durable Object per shop (no `cloudflare:workers` import: this entry still loads in Node).
export { durableObjectCoordination, type DurableObjectCoordinationOptions, type GateNamespace } from './coordination/durable-object.js';
export { StorefrontGate, type GateState } from './coordination/durable-gate.js';
export { createReadCache, type CacheResult, type CacheState, type Fetched, type ReadCache, type ReadCacheOptions, type ReadCacheStats } from './read-cache.js';
export { DEFAULT_MAX_BYTES, layeredStore, memoryStore, noStore, webCacheStore, type MemoryStore, type ReadStore, type StoredRead, type WebCache } from './stores.js';
export { createBudget, type Budget } from './budget.js';
export type { ReadKind } from './routes.js';
export { varnishBan } from './changes.js';
export { changeOf, type Change } from './webhooks.js';

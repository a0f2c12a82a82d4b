/** A real redis-server of the test's own (./redis-server.ts), stopped when the test ends, and proxy instances sharing it. CI installs Debian's redis-server (.ci/run). */
import { expect, onTestFinished } from 'vitest';
import { serveNode } from '../../src/edge/node.ts';
import { redisCoordination } from '../../src/edge/coordination/redis.ts';
import { createStorefrontProxy, type StorefrontProxy, type StorefrontProxyOptions } from '../../src/edge/proxy.ts';
import { testKey } from '../support/emulator-control.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { apiBase } from './support.ts';

export async function startRedis(): Promise<RedisServer> {
  const redis = await startRedisServer();
  onTestFinished(() => redis.stop());
  return redis;
}

/** `STOREFRONT_TEST_PER_INSTANCE=1`: instances without Redis, each its own budget and cache (as the proxy was before), to see a test fail. */
export const PER_INSTANCE = process.env['STOREFRONT_TEST_PER_INSTANCE'] === '1';

export interface Instance {
  url: string;
  proxy: StorefrontProxy;
}

/** `count` proxies for one fresh key, sharing `redisUrl`; closed when the test ends. */
export async function instances(count: number, redisUrl: string, options: Partial<StorefrontProxyOptions> = {}): Promise<{ key: string; all: Instance[] }> {
  const key = await testKey(apiBase, 'scale');
  const all: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const proxy = createStorefrontProxy({ publishableKey: key, apiBase, ...(PER_INSTANCE ? {} : { coordination: redisCoordination(redisUrl) }), ...options });
    await proxy.coordinator.ready();
    const server = await serveNode(proxy, { port: 0 });
    onTestFinished(async () => {
      await server.close();
      await proxy.coordinator.close();
    });
    all.push({ url: server.url, proxy });
  }
  // Each counts the others by their heartbeats (a second apart): its share of the rate, should Redis fail.
  await expect.poll(() => all.every((instance) => instance.proxy.coordinator.up && (PER_INSTANCE || instance.proxy.coordinator.describe()['instances'] === count)), { timeout: 5000 }).toBe(true);
  return { key, all };
}

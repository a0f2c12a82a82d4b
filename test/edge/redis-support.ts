/** A real redis-server of the test's own (./redis-server.ts), stopped when the test ends. CI installs Debian's redis-server (.ci/run). */
import { onTestFinished } from 'vitest';
import { startRedisServer, type RedisServer } from './redis-server.ts';

export async function startRedis(): Promise<RedisServer> {
  const redis = await startRedisServer();
  onTestFinished(() => redis.stop());
  return redis;
}

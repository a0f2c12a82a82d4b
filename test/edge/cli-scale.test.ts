/**
 * `storefront-widgets proxy` as instances of one shop run it: `--redis-url` (or
 * `STOREFRONT_REDIS_URL`) shares the budget and cache through a real redis-server; a
 * malformed URL is refused before any request; `/livez`, `/readyz`, Prometheus metrics
 * on a port of their own and one JSON log line per API request, none with the key.
 */
import { describe, expect, it } from 'vitest';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { cli } from './cli-support.ts';
import { startRedis } from './redis-support.ts';
import { apiBase } from './support.ts';

const urlOf = async (run: ReturnType<typeof cli>, pattern: RegExp): Promise<string> => {
  await expect.poll(run.output, { timeout: 15_000 }).toMatch(pattern);
  return pattern.exec(run.output())![1]!;
};

describe('storefront-widgets proxy across instances', () => {
  it('shares one cache through --redis-url and STOREFRONT_REDIS_URL, with health, metrics and a log line per API request', async () => {
    const redis = await startRedis();
    const key = await testKey(apiBase, 'cli-scale');
    const first = cli(['proxy', '--publishable-key', key, '--api-base', apiBase, '--port', '0', '--redis-url', redis.url, '--metrics-port', '0']);
    const second = cli(['proxy', '--publishable-key', key, '--api-base', apiBase, '--port', '0'], { STOREFRONT_REDIS_URL: redis.url });
    const one = await urlOf(first, /Storefront proxy: (http:\/\/127\.0\.0\.1:\d+)/);
    const two = await urlOf(second, /Storefront proxy: (http:\/\/127\.0\.0\.1:\d+)/);
    const metrics = await urlOf(first, /metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/);
    expect(second.output()).toMatch(/sharing budget and cache through redis:\/\/127\.0\.0\.1/);

    const path = '/v1/company/review-summary?market=us';
    expect((await fetch(`${one}${path}`)).status).toBe(200);
    const other = await fetch(`${two}${path}`);
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-status')).toMatch(/^storefront-proxy; hit/);
    expect(await requestLog(apiBase, key)).toHaveLength(1);

    expect(await (await fetch(`${one}/livez`)).json()).toEqual({ live: true });
    const ready = await fetch(`${two}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, coordinator: { mode: 'redis', up: true } });

    const text = await (await fetch(metrics)).text();
    expect(text).toMatch(/^storefront_proxy_answers_total\{cache="miss"\} 1$/m);
    expect(text).toMatch(/^storefront_proxy_upstream_requests_total\{status="200"\} 1$/m);
    expect(text).toMatch(/^storefront_proxy_coordinator_up 1$/m);
    expect(text).toMatch(/^storefront_proxy_queue_depth 0$/m);
    const lines = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line['event'] === 'upstream')).toEqual([expect.objectContaining({ event: 'upstream', kind: 'reviewSummary', path: path, status: 200 })]);
    for (const output of [first.output(), second.output(), text]) expect(output).not.toContain(key);
  });

  it('refuses a malformed Redis URL before any request, and says why without its password', async () => {
    const key = await testKey(apiBase, 'cli-bad-redis');
    const scheme = cli(['proxy', '--publishable-key', key, '--api-base', apiBase, '--port', '0', '--redis-url', 'http://cache.example:6379']);
    expect(await scheme.exited).toBe(2);
    expect(scheme.output()).toMatch(/must start with redis:\/\/ or rediss:\/\//);
    const path = cli(['proxy', '--publishable-key', key, '--api-base', apiBase, '--port', '0'], { STOREFRONT_REDIS_URL: 'redis://:hunter2-secret@cache.example:6379/shop' });
    expect(await path.exited).toBe(2);
    expect(path.output()).toMatch(/database number/);
    expect(path.output()).not.toContain('hunter2');
    expect(await requestLog(apiBase, key)).toHaveLength(0);
  });
});

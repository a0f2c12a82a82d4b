#!/usr/bin/env node
/// <reference types="node" />
/**
 * `storefront-widgets proxy --publishable-key svc_pk_… --api-base URL [--port 8788]
 * [--host 127.0.0.1] [--allow-origin URL]… [--base-path /storefront-api]
 * [--requests-per-second 18] [--max-bytes 67108864] [--webhook-secret whsec_…]…
 * [--varnish-ban http://127.0.0.1:6081/] [--redis-url redis://host:6379]
 * [--metrics-port N] [--log upstream|none]`: the read proxy in Node. Prints the URL it
 * listens on; answers `/livez` and `/readyz`; stops on SIGTERM or SIGINT once open
 * answers are sent. `STOREFRONT_REDIS_URL` stands for `--redis-url`.
 */
import { parseArgs } from 'node:util';
import { serveNode } from './node.js';
import { varnishBan } from './changes.js';
import { createStorefrontProxy, type ProxyEvent } from './proxy.js';
import { redisCoordination } from './coordination/redis.js';
import { redact } from './coordination/redis-url.js';
import { withHealth } from './operations.js';
import { createProxyMetrics, type ProxyMetrics } from './metrics.js';

const USAGE = 'usage: storefront-widgets proxy --publishable-key svc_pk_… --api-base URL [--port 8788] [--host 127.0.0.1] [--allow-origin URL]… [--base-path PATH] [--requests-per-second N] [--max-bytes N] [--webhook-secret whsec_…]… [--varnish-ban URL] [--redis-url redis://HOST:6379] [--metrics-port N] [--metrics-host 127.0.0.1] [--log upstream|none]';

function fail(message: string): never {
  console.error(`storefront-widgets: ${message}\n${USAGE}`);
  process.exit(2);
}

function number(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) fail(`--${name} must be a number, not "${value}"`);
  return parsed;
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'proxy') fail(command === undefined ? 'no command given' : `unknown command "${command}"`);
let values;
try {
  ({ values } = parseArgs({
    args: rest,
    options: {
      'publishable-key': { type: 'string' },
      'api-base': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      'base-path': { type: 'string' },
      'requests-per-second': { type: 'string' },
      'max-bytes': { type: 'string' },
      'webhook-secret': { type: 'string', multiple: true },
      'varnish-ban': { type: 'string' },
      'redis-url': { type: 'string' },
      'metrics-port': { type: 'string' },
      'metrics-host': { type: 'string' },
      log: { type: 'string' },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const key = values['publishable-key'] ?? fail('--publishable-key is required');
const apiBase = values['api-base'] ?? fail('--api-base is required');
const redisUrl = values['redis-url'] ?? (process.env['STOREFRONT_REDIS_URL'] || undefined);
const log = values.log ?? 'upstream';
if (log !== 'upstream' && log !== 'none') fail(`--log must be upstream or none, not "${log}"`);
let metrics: ProxyMetrics | undefined;
if (values['metrics-port'] !== undefined) {
  number(values['metrics-port'], 'metrics-port', 0);
  try {
    metrics = await createProxyMetrics();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
/** One JSON line per request to the API (its read's path, never the key), and the coordination's changes of state. */
const observe = (event: ProxyEvent): void => {
  metrics?.observe(event);
  if (log === 'none') return;
  if (event.type === 'upstream' || event.type === 'circuit' || event.type === 'lock-timeout') console.log(JSON.stringify({ time: new Date().toISOString(), event: event.type, ...event, type: undefined }));
};
let proxy;
try {
  proxy = createStorefrontProxy({
    publishableKey: key,
    apiBase,
    allowOrigins: values['allow-origin'] ?? [],
    ...(values['base-path'] !== undefined ? { basePath: values['base-path'] } : {}),
    requestsPerSecond: number(values['requests-per-second'], 'requests-per-second', 18),
    ...(values['max-bytes'] !== undefined ? { maxBytes: number(values['max-bytes'], 'max-bytes', 0) } : {}),
    ...(values['webhook-secret'] ? { webhookSecrets: values['webhook-secret'] } : {}),
    ...(values['varnish-ban'] !== undefined ? { purge: varnishBan(values['varnish-ban']) } : {}),
    // A malformed URL is refused here, before any request (its password never printed).
    ...(redisUrl !== undefined ? { coordination: redisCoordination(redisUrl) } : {}),
    observe,
  });
} catch (error) {
  // The key's own check has said why on stderr already.
  process.exit(error instanceof Error && error.name === 'InvalidKeyError' ? 2 : (console.error(error instanceof Error ? error.message : error), 2));
}
try {
  await proxy.coordinator.ready();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (redisUrl !== undefined) {
  console.error(proxy.coordinator.up ? `storefront-widgets: sharing budget and cache through ${redact(redisUrl)}` : `storefront-widgets: ${redact(redisUrl)} does not answer yet: this instance runs alone, within its share of the budget, until it does`);
}
metrics?.watch(proxy);
let stopping = false;
const server = await serveNode(withHealth(proxy, () => stopping), { port: number(values.port, 'port', 8788), host: values.host ?? '127.0.0.1' });
console.log(`Storefront proxy: ${server.url}${values['base-path'] ?? ''} (widgets: api-base="${server.url}${values['base-path'] ?? ''}")`);
const metricsServer = metrics ? await serveMetrics(metrics, number(values['metrics-port'], 'metrics-port', 0), values['metrics-host'] ?? '127.0.0.1') : undefined;
if (metricsServer) console.error(`storefront-widgets: metrics at ${metricsServer.url}/metrics`);

const stop = (): void => {
  stopping = true;
  void Promise.all([server.close(), metricsServer?.close(), proxy.coordinator.close()]).then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

/** Prometheus's text at `/metrics` on a port of its own (loopback by default): not on the shoppers' port. */
async function serveMetrics(registry: ProxyMetrics, port: number, host: string) {
  return serveNode(
    async (request: Request) => {
      if (new URL(request.url).pathname !== '/metrics') return new Response('not found', { status: 404 });
      return new Response(await registry.registry.metrics(), { headers: { 'Content-Type': registry.registry.contentType, 'Cache-Control': 'no-store' } });
    },
    { port, host },
  );
}

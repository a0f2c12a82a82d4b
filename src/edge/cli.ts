#!/usr/bin/env node
/// <reference types="node" />
/**
 * `storefront-widgets proxy --publishable-key svc_pk_… --api-base URL [--port 8788]
 * [--host 127.0.0.1] [--allow-origin URL]… [--base-path /storefront-api]
 * [--requests-per-second 18] [--max-bytes 67108864] [--webhook-secret whsec_…]…
 * [--varnish-ban http://127.0.0.1:6081/]`: the read proxy in Node. Prints the
 * URL it listens on; stops on SIGTERM or SIGINT once open answers are sent.
 */
import { parseArgs } from 'node:util';
import { serveNode } from './node.js';
import { varnishBan } from './changes.js';
import { createStorefrontProxy } from './proxy.js';

const USAGE = 'usage: storefront-widgets proxy --publishable-key svc_pk_… --api-base URL [--port 8788] [--host 127.0.0.1] [--allow-origin URL]… [--base-path PATH] [--requests-per-second N] [--max-bytes N] [--webhook-secret whsec_…]… [--varnish-ban URL]';

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
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const key = values['publishable-key'] ?? fail('--publishable-key is required');
const apiBase = values['api-base'] ?? fail('--api-base is required');
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
  });
} catch (error) {
  // The key's own check has said why on stderr already.
  process.exit(error instanceof Error && error.name === 'InvalidKeyError' ? 2 : (console.error(error instanceof Error ? error.message : error), 2));
}
const server = await serveNode(proxy, { port: number(values.port, 'port', 8788), host: values.host ?? '127.0.0.1' });
console.log(`Storefront proxy: ${server.url}${values['base-path'] ?? ''} (widgets: api-base="${server.url}${values['base-path'] ?? ''}")`);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

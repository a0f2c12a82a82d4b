/** Helpers of the proxy's tests: a proxy in this process on a free port, in front of the emulator the global setup started. */
import { inject, onTestFinished } from 'vitest';
import { serveNode } from '../../src/edge/node.ts';
import { createStorefrontProxy, type StorefrontProxy, type StorefrontProxyOptions } from '../../src/edge/proxy.ts';
import { testKey, type Faults } from '../support/emulator-control.ts';

export const apiBase = inject('apiBase');

export interface RunningProxy {
  url: string;
  key: string;
  proxy: StorefrontProxy;
}

/** A fresh test key on the emulator and a proxy for it, closed when the test ends. */
export async function startProxy(name: string, options: Partial<StorefrontProxyOptions> = {}, keyOptions: { faults?: Faults; rate?: { capacity?: number; refillPerSecond?: number } } = {}): Promise<RunningProxy> {
  const key = await testKey(apiBase, name, keyOptions);
  const proxy = createStorefrontProxy({ publishableKey: key, apiBase, ...options });
  const server = await serveNode(proxy, { port: 0 });
  onTestFinished(() => server.close());
  return { url: server.url, key, proxy };
}

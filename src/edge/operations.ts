import type { StorefrontProxy } from './proxy.js';
import { SECURITY_HEADERS } from './responses.js';

/**
 * What a load balancer or an orchestrator asks an instance, in front of the proxy:
 * `GET /livez` (the process answers) and `GET /readyz` (it takes shoppers: started,
 * not stopping). An instance whose Redis is away still serves (alone, within its share
 * of the budget), so it stays ready and says so in the body: taking every instance out
 * when Redis fails would turn a degraded shop into a closed one.
 */
export function withHealth(proxy: StorefrontProxy, isStopping: () => boolean = () => false): (request: Request) => Promise<Response> {
  let started = false;
  void proxy.coordinator.ready().then(
    () => (started = true),
    () => (started = true),
  );
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (pathname === '/livez') return json(200, { live: true });
      if (pathname === '/readyz') {
        const ready = started && !isStopping();
        return json(ready ? 200 : 503, { ready, coordinator: proxy.coordinator.describe(), waiting: proxy.cache.stats.waiting });
      }
    }
    return proxy(request);
  };
}

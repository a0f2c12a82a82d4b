import type { Registry } from 'prom-client';
import type { ProxyEvent, StorefrontProxy } from './proxy.js';

/**
 * The proxy's Prometheus metrics (prom-client, an optional peer dependency, imported only
 * when metrics are asked for): answers by cache status, API requests by status and their
 * 429s, the budget's decisions and told waits, its queue, merged reads, lock timeouts and
 * whether the coordinator is up; and prom-client's default process metrics. Labels hold
 * states and statuses only: never a key, a path or a URL.
 */
export interface ProxyMetrics {
  observe(event: ProxyEvent): void;
  /** Reads the proxy's gauges from `proxy` once it exists. */
  watch(proxy: StorefrontProxy): void;
  registry: Registry;
}

export async function createProxyMetrics(): Promise<ProxyMetrics> {
  let client: typeof import('prom-client');
  try {
    client = await import('prom-client');
  } catch {
    throw new Error('storefront-widgets/edge: metrics need the prom-client package: npm install prom-client');
  }
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  let proxy: StorefrontProxy | undefined;
  const counter = (name: string, help: string, labelNames: string[] = []) => new client.Counter({ name, help, labelNames, registers: [registry] });
  const answers = counter('storefront_proxy_answers_total', 'Reads answered, by how: hit, stale, miss, stale-if-error, unavailable, invalid.', ['cache']);
  const upstream = counter('storefront_proxy_upstream_requests_total', 'Requests sent to the Storefront API, by its status (0: no answer).', ['status']);
  const rateLimited = counter('storefront_proxy_upstream_rate_limited_total', "The Storefront API's 429 answers.");
  const permits = counter('storefront_proxy_budget_decisions_total', "The budget's decisions: a permit granted or a wait told, from the shared bucket or this instance's own share; late: a permit granted but read too late to use (counted granted too).", ['source', 'decision']);
  const waits = new client.Histogram({ name: 'storefront_proxy_budget_wait_seconds', help: 'Waits the budget told a request before it may go.', buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5], registers: [registry] });
  const merged = counter('storefront_proxy_merged_reads_total', "Reads answered by another instance's fetch.");
  const lockTimeouts = counter('storefront_proxy_lock_timeouts_total', "Waits for another instance's fetch that ran out (then fetched alone).");
  const outages = counter('storefront_proxy_coordinator_outages_total', 'Times the shared store stopped answering (the instance then ran alone).');
  const duration = new client.Histogram({ name: 'storefront_proxy_upstream_duration_seconds', help: 'Time of each request to the Storefront API.', buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 8], registers: [registry] });
  new client.Gauge({ name: 'storefront_proxy_queue_depth', help: 'Reads waiting for the budget now.', registers: [registry], collect() { this.set(proxy?.cache.stats.waiting ?? 0); } });
  new client.Gauge({ name: 'storefront_proxy_coordinator_up', help: 'Whether the shared store (Redis) answers: 1, or 0 while this instance runs alone (always 1 without one).', registers: [registry], collect() { this.set(proxy?.coordinator.up === false ? 0 : 1); } });
  return {
    registry,
    watch(watched) {
      proxy = watched;
    },
    observe(event) {
      switch (event.type) {
        case 'answer':
          return void answers.inc({ cache: event.cache });
        case 'upstream':
          upstream.inc({ status: String(event.status) });
          if (event.status === 429) rateLimited.inc();
          return void duration.observe(event.ms / 1000);
        case 'permit':
          permits.inc({ source: event.shared ? 'shared' : 'local', decision: event.late ? 'late' : event.waitMs > 0 ? 'wait' : 'granted' });
          if (event.waitMs > 0) waits.observe(event.waitMs / 1000);
          return;
        case 'merged':
          return void merged.inc();
        case 'lock-timeout':
          return void lockTimeouts.inc();
        case 'circuit':
          if (!event.up) outages.inc();
          return;
      }
    },
  };
}

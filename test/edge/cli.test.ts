/**
 * `storefront-widgets proxy` (the package's bin, src/edge/cli.ts, run from its source
 * here; test/consumer runs the built one from the packed package): prints its URL,
 * answers, refuses a secret key, stops on SIGTERM.
 */
import { describe, expect, it } from 'vitest';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { cli } from './cli-support.ts';
import { apiBase } from './support.ts';

describe('storefront-widgets proxy', () => {
  it('prints the URL it listens on, answers the reads, and stops cleanly on SIGTERM', async () => {
    const key = await testKey(apiBase, 'cli');
    const run = cli(['proxy', '--publishable-key', key, '--api-base', apiBase, '--port', '0', '--host', '127.0.0.1', '--allow-origin', 'https://shop.example']);
    await expect.poll(run.output, { timeout: 15_000 }).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(run.output())![0];
    const answer = await fetch(`${url}/v1/company/review-summary?market=us`, { headers: { Origin: 'https://shop.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(await requestLog(apiBase, key)).toHaveLength(1);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expect(fetch(`${url}/v1/company/review-summary?market=us`)).rejects.toThrow();
  });

  it('refuses a secret key and a missing API base, and says why', async () => {
    const secret = cli(['proxy', '--publishable-key', 'svc_sk_live_0123456789', '--api-base', apiBase, '--port', '0']);
    expect(await secret.exited).toBe(2);
    expect(secret.output()).toMatch(/refused the secret key/);
    const missing = cli(['proxy', '--publishable-key', 'svc_pk_demo', '--port', '0']);
    expect(await missing.exited).toBe(2);
    expect(missing.output()).toMatch(/--api-base is required/);
  });
});

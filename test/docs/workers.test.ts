/**
 * docs/proxy/workers.md: the worker as written (its `storefront-widgets/edge` import
 * resolved to this checkout), bundled as wrangler would and run in workerd (Miniflare)
 * with the `[vars]` of the page's wrangler.toml (the key and the API filled in). The
 * route, the base path and the widgets' api-base of docs/proxy/overview.md agree.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { rolldown } from 'rolldown';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../support/emulator-control.ts';
import { apiBase, recipe, root } from './recipes.ts';

const SECRET = `whsec_${Buffer.from('the docs recipe test secret, 32 bytes').toString('base64')}`;
let mf: Miniflare;
let proxyBase: string;

/** `KEY = "value"` lines of a TOML block (the page's block is that simple). */
function tomlValues(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/^([A-Za-z_]+) = "([^"]*)"$/gm)].map((match) => [match[1], match[2]]));
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-docs-worker-'));
  const entry = join(dir, 'worker.ts');
  writeFileSync(entry, recipe('proxy/workers.md', 'worker'));
  const bundle = await rolldown({ input: entry, platform: 'browser', logLevel: 'silent', resolve: { alias: { 'storefront-widgets/edge': resolve(root, 'src/edge/index.ts') } } });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  rmSync(dir, { recursive: true, force: true });

  const toml = recipe('proxy/workers.md', 'wrangler');
  const values = tomlValues(toml);
  const vars = tomlValues(toml.slice(toml.indexOf('[vars]')));
  const route = /pattern = "([^"]+)\/\*"/.exec(toml)![1]!;
  proxyBase = `https://${route}`;
  const key = await testKey(apiBase, 'docs-worker');
  mf = new Miniflare({
    modules: true,
    script: output[0].code,
    compatibilityDate: values['compatibility_date']!,
    bindings: { ...vars, STOREFRONT_PUBLISHABLE_KEY: key, STOREFRONT_API_BASE: apiBase, STOREFRONT_WEBHOOK_SECRETS: SECRET },
  });
  await mf.ready;
}, 60_000);
afterAll(() => mf?.dispose());

describe('docs/proxy/workers.md', () => {
  it('serves the reads below the route the widgets read, and nothing at the root', async () => {
    expect(recipe('proxy/overview.md', 'widgets-through-proxy')).toContain(`api-base="${proxyBase}"`);
    const read = await mf.dispatchFetch(`${proxyBase}/v1/company/review-summary?market=us`);
    expect(read.status).toBe(200);
    expect(await read.json()).toHaveProperty('count');
    const root = await mf.dispatchFetch(`${new URL(proxyBase).origin}/v1/company/review-summary?market=us`);
    expect(root.status).toBe(404);
    await root.arrayBuffer();
  });

  it('takes a signed webhook at the base path, as the page says, and refuses a forged one', async () => {
    expect(recipe('proxy/workers.md', 'wrangler')).toContain('STOREFRONT_BASE_PATH');
    const body = JSON.stringify({ version: '1', id: 'msg_docs', type: 'company-review.submitted', created_at: new Date().toISOString(), data: {}, origin: { flow: 'f' } });
    const now = new Date();
    const headers = (secret: string) => ({ 'content-type': 'application/json', 'webhook-id': `msg_${secret.length}`, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(`msg_${secret.length}`, now, body) });
    const forged = await mf.dispatchFetch(`${proxyBase}/webhooks`, { method: 'POST', headers: headers(`whsec_${Buffer.from('another secret of enough length').toString('base64')}`), body });
    expect(forged.status).toBe(401);
    await forged.arrayBuffer();
    const signed = await mf.dispatchFetch(`${proxyBase}/webhooks`, { method: 'POST', headers: headers(SECRET), body });
    expect(signed.status).toBe(200);
    await signed.arrayBuffer();
  });
});

/**
 * Webhooks end to end: the emulator (the service) adds a review and delivers its signed
 * webhook to the proxy, which fetches the reads it concerns again, and bans them in
 * Varnish in front; forged, stale and replayed deliveries refresh nothing.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { varnishBan } from '../../src/edge/changes.ts';
import { createStorefrontProxy } from '../../src/edge/proxy.ts';
import { requestLog, setFaults } from '../support/emulator-control.ts';
import { apiBase, control, startProxy } from './support.ts';
import { startVarnish } from './varnish-support.ts';

const PRODUCT = 'fjord-merino-sweater';
const SUMMARY = `/v1/products/${PRODUCT}/review-summary?market=us`;

const count = async (url: string) => ((await (await fetch(`${url}${SUMMARY}`)).json()) as { count: number }).count;

/** A proxy (long freshness: only a webhook can show a new review) whose key's webhooks the emulator sends to it. */
async function setup(name: string, purge?: (pattern: string) => Promise<void>) {
  const secret = `whsec_${Buffer.from(`secret-of-${name}-0123456789`).toString('base64')}`;
  const running = await startProxy(name, { freshness: { reviewSummary: 3600, ratings: 3600, reviews: 3600, richSnippet: 3600 }, webhookSecrets: ['whsec_' + Buffer.from('an-older-secret-0123456789').toString('base64'), secret], ...(purge ? { purge } : {}) });
  await control('webhooks', { key: running.key, url: `${running.url}/webhooks`, secret });
  return { ...running, secret };
}

describe('webhooks on the proxy', () => {
  it('shows a new review on the next read after its webhook, through the proxy', async () => {
    const { url, key } = await setup('hook');
    const before = await count(url);
    expect(await count(url)).toBe(before);
    const added = await control('reviews', { key, product_ref: PRODUCT, rating: 1 });
    expect(added.delivery).toMatchObject({ status: 200 });
    await expect.poll(() => count(url), { timeout: 1000, interval: 50 }).toBe(before + 1);
  });

  it('shows the change after a webhook that came while a refresh was under way, with one request more', async () => {
    const { url, key } = await setup('straddle');
    // Read twice: a read shoppers repeat, which webhooks refresh at once.
    await count(url);
    const before = await count(url);
    const log = () => requestLog(apiBase, key);
    const baseline = (await log()).length;
    // A refresh (a reply's webhook) whose answer the API has made, and holds, when a review is added.
    await setFaults(apiBase, key, { holdMs: 2000, pathIncludes: '/review-summary' });
    expect((await control('webhooks/send', { key, type: 'product-review.replied', data: { product: { handle: PRODUCT } } })).delivery).toMatchObject({ status: 200 });
    await expect.poll(async () => (await log()).length).toBe(baseline + 1);
    await setFaults(apiBase, key, {});
    expect((await control('reviews', { key, product_ref: PRODUCT, rating: 4 })).delivery).toMatchObject({ status: 200 });
    await expect.poll(() => count(url), { timeout: 1000, interval: 50 }).toBe(before + 1);
    // The held, older answer lands last and is not kept over the newer one.
    await expect.poll(async () => (await log()).every((entry) => entry.status !== 0), { timeout: 5000 }).toBe(true);
    expect(await count(url)).toBe(before + 1);
    expect(await log()).toHaveLength(baseline + 2);
  });

  it('refreshes nothing for forged, stale or replayed deliveries, and once for a retry', async () => {
    const { url, key, secret } = await setup('forged');
    await count(url);
    await count(url);
    const reads = async () => (await requestLog(apiBase, key)).length;
    const baseline = await reads();
    const event = JSON.stringify({ version: '1', id: 'msg_x', type: 'product-review.submitted', created_at: new Date().toISOString(), data: { product: { handle: PRODUCT } }, origin: { flow: 'f' } });
    const now = new Date();
    const signed = (id: string, at: Date, key = secret) => new Webhook(key).sign(id, at, event);
    const post = (headers: Record<string, string>, body = event) => fetch(`${url}/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
    const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
    const wrongKey = `whsec_${Buffer.from('not-the-secret-0123456789').toString('base64')}`;
    // Each is refused before any work starts: its answer comes after nothing was set going.
    expect((await post({})).status).toBe(400);
    expect((await post({ 'webhook-id': 'msg_1', 'webhook-timestamp': seconds(now), 'webhook-signature': signed('msg_1', now, wrongKey) })).status).toBe(401);
    expect((await post({ 'webhook-id': 'msg_2', 'webhook-timestamp': seconds(now), 'webhook-signature': signed('msg_2', now) }, event.replace('review', 'reviewX'))).status).toBe(401);
    const old = new Date(Date.now() - 10 * 60_000);
    expect((await post({ 'webhook-id': 'msg_3', 'webhook-timestamp': seconds(old), 'webhook-signature': signed('msg_3', old) })).status).toBe(401);
    expect((await post({ 'webhook-id': 'msg_4', 'webhook-timestamp': seconds(now), 'webhook-signature': signed('msg_4', now) }, event + ' '.repeat(300_000))).status).toBe(413);
    expect((await fetch(`${url}/webhooks`)).status).toBe(405);
    // An old timestamp from the service itself: refused too.
    const stale = await control('webhooks/send', { key, type: 'product-review.submitted', timestamp: Math.floor(Date.now() / 1000) - 3600, data: { product: { handle: PRODUCT } } });
    expect(stale.delivery).toMatchObject({ status: 401 });
    // A genuine delivery, then its retries (same webhook-id) through the emulator, and a replay of it as captured: one refresh.
    const first = await control('webhooks/send', { key, type: 'product-review.submitted', id: 'msg_once', data: { product: { handle: PRODUCT } } });
    expect(first.delivery).toMatchObject({ status: 200 });
    await expect.poll(reads).toBe(baseline + 1);
    for (let i = 0; i < 3; i++) expect((await control('webhooks/send', { key, type: 'product-review.submitted', id: 'msg_once', data: { product: { handle: PRODUCT } } })).delivery).toMatchObject({ status: 200 });
    const captured = { 'webhook-id': 'msg_seen', 'webhook-timestamp': seconds(now), 'webhook-signature': signed('msg_seen', now) };
    expect(await (await post(captured)).json()).toEqual({ received: true, duplicate: false });
    await expect.poll(reads).toBe(baseline + 2);
    for (let i = 0; i < 3; i++) expect(await (await post(captured)).json()).toEqual({ received: true, duplicate: true });
    // A last, new delivery: had any refused, retried or replayed one refreshed, there would be a request more than this one.
    expect((await control('webhooks/send', { key, type: 'product-review.submitted', data: { product: { handle: PRODUCT } } })).delivery).toMatchObject({ status: 200 });
    await expect.poll(reads).toBeGreaterThanOrEqual(baseline + 3);
    await count(url);
    expect(await reads()).toBe(baseline + 3);
  });

  it('has no webhook path without a secret: 404 as any other path, with or without a base path', async () => {
    const { url, key } = await startProxy('no-hook');
    for (const init of [{ method: 'POST', body: '{}' }, {}]) expect((await fetch(`${url}/webhooks`, init)).status).toBe(404);
    const mounted = createStorefrontProxy({ publishableKey: key, apiBase, basePath: '/storefront-api' });
    for (const init of [{ method: 'POST', body: '{}' }, {}]) expect((await mounted(new Request('http://shop.example/storefront-api/webhooks', init))).status).toBe(404);
    expect(await requestLog(apiBase, key)).toEqual([]);
  });

  it('bans the changed reads in Varnish in front, once they are fresh at the proxy', async () => {
    let varnishUrl = '';
    const { url, key } = await setup('hook-varnish', (pattern) => varnishBan(`${varnishUrl}/`)(pattern));
    const varnish = await startVarnish(Number(new URL(url).port));
    varnishUrl = varnish.url;
    onTestFinished(() => varnish.stop());
    const before = await count(url);
    expect(await count(varnish.url)).toBe(before);
    const other = `/v1/company/review-summary?market=us`;
    await fetch(`${varnish.url}${other}`);
    await control('reviews', { key, product_ref: PRODUCT, rating: 2 });
    await expect.poll(() => count(varnish.url), { timeout: 1000, interval: 50 }).toBe(before + 1);
    // The company's summary was not banned: still Varnish's copy (a hit names two requests in X-Varnish).
    expect((await fetch(`${varnish.url}${other}`)).headers.get('x-varnish')).toMatch(/^\d+ \d+$/);
    expect(varnish.counters()['MAIN.bans_added']).toBeGreaterThanOrEqual(1);
  });
});

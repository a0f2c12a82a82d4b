import { describe, expect, inject, it, vi } from 'vitest';
import { renderWidgets } from '../../src/ssr/index.ts';
import { ON_ITS_WAY_MS } from '../../src/ssr/server-reads.ts';
import { createStorefrontProxy, noStore } from '../../src/edge/index.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';

/**
 * `renderWidgets` with `proxy`: a render and the browsers' reads through a read proxy in
 * the same process share one API request and one entry of the proxy's cache (Node,
 * against the emulator over HTTP; workerd: test/runtimes/server-entries.test.ts).
 */
const apiBase = inject('apiBase');
const PRODUCT = 'aster-linen-shirt';
const OTHER = 'fjord-merino-sweater';
/** Where the shop mounts the proxy, and the API base its pages give the elements. */
const SHOP = 'https://shop.example/storefront-api';
const SUMMARY = `/v1/products/${PRODUCT}/review-summary?market=us`;
const REVIEWS = `/v1/products/${PRODUCT}/reviews?market=us&limit=3&sort=newest&include=localization`;
const FRAGMENT = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`;

const setup = async (name: string) => {
  const key = await testKey(apiBase, name);
  const proxy = createStorefrontProxy({ publishableKey: key, apiBase, basePath: '/storefront-api' });
  // A deadline far above the default: these tests count requests, on a machine that may be busy.
  const options = { publishableKey: key, market: 'us', apiBase: SHOP, deadlineMs: 10_000, proxy };
  /** A shopper's browser reading `path` through the proxy, as the elements do. */
  const browser = async (path: string) => {
    const response = await proxy(new Request(`${SHOP}${path}`));
    expect(response.status).toBe(200);
    return response.json() as Promise<unknown>;
  };
  const paths = async () => (await requestLog(apiBase, key)).map((entry) => entry.path).sort();
  return { key, proxy, options, browser, paths };
};

describe('renderWidgets through a read proxy in the same process (`proxy`)', () => {
  it('serves a render, then the browsers, from one API read each', async () => {
    const { proxy, options, browser, paths } = await setup('ssr_proxy_first');
    const html = await renderWidgets(FRAGMENT, options);
    expect(html.match(/shadowrootmode="open"/g)).toHaveLength(2);
    expect(html.match(/<li class="review"/g)).toHaveLength(3);
    await browser(SUMMARY);
    await browser(REVIEWS);
    expect(await paths()).toEqual([`/v1/products/${PRODUCT}/review-summary`, `/v1/products/${PRODUCT}/reviews`]);
    // One entry per read, the API's body under the proxy's key: nothing kept apart for renders.
    expect(proxy.cache.stats).toMatchObject({ fetches: 2, hits: 2 });
  });

  it('serves the browsers, then a render, from one API read each', async () => {
    const { proxy, options, browser, paths } = await setup('ssr_proxy_after');
    await browser(SUMMARY);
    await browser(REVIEWS);
    const html = await renderWidgets(FRAGMENT, options);
    expect(html.match(/<li class="review"/g)).toHaveLength(3);
    expect(html).toMatch(/\d+ reviews/);
    expect(await paths()).toHaveLength(2);
    expect(proxy.cache.stats.fetches).toBe(2);
  });

  it('makes concurrent renders and browser reads of one product one request each, badges batched with the browsers\' ratings', async () => {
    const { options, browser, paths } = await setup('ssr_proxy_concurrent');
    const badges = `<svc-review-summary variant="badge" product-ref="${PRODUCT}"></svc-review-summary><svc-review-summary variant="badge" product-ref="${OTHER}"></svc-review-summary>`;
    const ratings = `/v1/products/ratings?market=us&product_ref=${PRODUCT}&product_ref=${OTHER}`;
    const [pages] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => renderWidgets(FRAGMENT + badges, options))),
      Promise.all(Array.from({ length: 5 }, () => Promise.all([browser(SUMMARY), browser(REVIEWS), browser(ratings)]))),
    ]);
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]!.match(/shadowrootmode="open"/g)).toHaveLength(4);
    expect(await paths()).toEqual([`/v1/products/${PRODUCT}/review-summary`, `/v1/products/${PRODUCT}/reviews`, '/v1/products/ratings']);
  });

  it('writes the same HTML as a render without the proxy', async () => {
    const key = await testKey(apiBase, 'ssr_proxy_same');
    const proxy = createStorefrontProxy({ publishableKey: key, apiBase });
    const fragment = `<div class="card">${FRAGMENT}<svc-review-summary variant="badge" product-ref="${OTHER}"></svc-review-summary>
<svc-rich-snippet product-ref="${PRODUCT}"></svc-rich-snippet><svc-post-gallery product-ref="${PRODUCT}" page-size="4"></svc-post-gallery></div>`;
    const settings = { publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000 };
    const through = await renderWidgets(fragment, { ...settings, proxy });
    const apart = await renderWidgets(fragment, { ...settings, cache: noStore() });
    // When each read was made differs (the data's `at`), nothing else.
    const timeless = (html: string) => html.replace(/"at":\d+/g, '"at":0');
    expect(through.match(/shadowrootmode="open"/g)).toHaveLength(5);
    // Read through the proxy: summary, list, ratings, rich snippet, posts.
    expect(proxy.cache.stats.fetches).toBe(5);
    expect(timeless(through)).toBe(timeless(apart));
    // The data keeps when the proxy read it from the API, as a render with a cache of its own does.
    const at = [...through.matchAll(/"at":(\d+)/g)].map((match) => Number(match[1]));
    expect(at.length).toBeGreaterThan(0);
    for (const value of at) expect(Date.now() - value).toBeLessThan(60_000);
  });

  it('normalizes each render\'s data with the browser\'s reader: an item that breaks the contract is left out, said once', async () => {
    const key = await testKey(apiBase, 'ssr_proxy_malformed');
    const real = (await (await fetch(`${apiBase}${REVIEWS}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as { data: unknown[] };
    await fetch(`${apiBase}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, faults: { replaceBody: { byPath: { '/reviews': { ...real, data: [...real.data.slice(0, 2), { id: 42 }] } } } } }),
    });
    const proxy = createStorefrontProxy({ publishableKey: key, apiBase, basePath: '/storefront-api' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const options = { publishableKey: key, market: 'us', apiBase: SHOP, deadlineMs: 10_000, proxy };
      const pages = [await renderWidgets(FRAGMENT, options), await renderWidgets(FRAGMENT, options)];
      for (const page of pages) expect(page.match(/<li class="review"/g)).toHaveLength(2);
      expect(proxy.cache.stats).toMatchObject({ fetches: 2, hits: 3 });
      expect(warn.mock.calls.filter(([message]) => /left out 1 item/.test(String(message)))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('waits past the default deadline for a read on its way through the proxy, and gives up at once one its budget cannot send', async () => {
    const key = await testKey(apiBase, 'ssr_proxy_deadline', { faults: { latencyMs: 300 } });
    // One request a second: the render's two reads cannot both be sent by the deadline.
    const proxy = createStorefrontProxy({ publishableKey: key, apiBase, requestsPerSecond: 1 });
    const started = performance.now();
    const html = await renderWidgets(FRAGMENT, { publishableKey: key, market: 'us', apiBase, proxy });
    // The first read (sent at once, answered in 300 ms) is waited for, past the 150 ms deadline; the second is left to the browser.
    expect(html.match(/shadowrootmode="open"/g)).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(150 + ON_ITS_WAY_MS);
    await expect(renderWidgets(FRAGMENT, { publishableKey: key, market: 'us', apiBase, proxy, cache: noStore() })).rejects.toThrow(/either cache or proxy/);
    await expect(renderWidgets(FRAGMENT, { publishableKey: key, market: 'us', apiBase, proxy: (() => {}) as never })).rejects.toThrow(/createStorefrontProxy/);
  });
});

/**
 * Every server-side entry (`/ssr`, `/react`, `/edge`, the main entry) bundled as each
 * server platform bundles it and run there (workerd through Miniflare, with and without
 * `nodejs_compat`), against the emulator over HTTP; the same module in a fresh Node
 * process gives the reference.
 */
import { describe, expect, it } from 'vitest';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { apiBase, bundleFor, inEdgeRuntime, inNode, inWorkerd, type Platform, type Server } from './support.ts';

const PRODUCT = 'aster-linen-shirt';

async function postWithProducts(key: string): Promise<string> {
  const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&limit=20`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { id: string; tagged_products: unknown[] }[] };
  return posts.data.find((post) => post.tagged_products.length >= 2)!.id;
}

/** A page's four kinds of element and its rich snippet. */
const fragment = (postId: string) =>
  `<main><svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>` +
  `<svc-shoppable-post post-id="${postId}"></svc-shoppable-post><svc-post-gallery product-ref="${PRODUCT}" page-size="4" columns="2"></svc-post-gallery>` +
  `<svc-rich-snippet product-ref="${PRODUCT}"></svc-rich-snippet></main>`;

/**
 * A render with the times its reads were made taken out, and each element's reads in one
 * order: they differ from one render to the next (the reads come in the order they land).
 */
const timeless = (html: string) =>
  html.replace(/(<script type="application\/json" data-svc-state>)([\s\S]*?)(<\/script>)/g, (_, open: string, json: string, close: string) => {
    const reads = (JSON.parse(json) as Record<string, unknown>[]).map((read) => JSON.stringify({ ...read, at: 0 })).sort();
    return `${open}${reads.join(',')}${close}`;
  });

/** Whether two renders are the same but for `timeless`; a short message where they part, not two pages of markup. */
function expectSameRender(actual: string, expected: string): void {
  const [a, b] = [timeless(actual), timeless(expected)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  expect(a === b ? 'same' : `they part at ${at}: …${a.slice(Math.max(0, at - 120), at + 80)}… and …${b.slice(Math.max(0, at - 120), at + 80)}…`).toBe('same');
}

const NONCE = 'r4nd0mN0nce0123';

/** Where each platform's bundle runs: workerd with and without `nodejs_compat`, or Vercel's edge runtime. */
const RUNS: [Platform, string][] = [
  ['wrangler (esbuild, workerd)', 'workerd'],
  ['wrangler (esbuild, workerd)', 'workerd with nodejs_compat'],
  ['Vite for Workers and Oxygen (Rolldown, workerd)', 'workerd'],
  ['Vite for Workers and Oxygen (Rolldown, workerd)', 'workerd with nodejs_compat'],
  ['Vercel edge (Rolldown, edge-light)', 'the edge runtime'],
  ['Vercel edge (Rolldown, edge-light)', 'workerd'],
];

async function serverIn(platform: Platform, runtime: string, key: string): Promise<Server> {
  if (runtime === 'the edge runtime') return inEdgeRuntime(await bundleFor(platform, { iife: true }), key);
  return inWorkerd(await bundleFor(platform), key, { nodejsCompat: runtime.endsWith('nodejs_compat') });
}

describe.each(RUNS)('server entries bundled by %s, run in %s', (platform, runtime) => {
  it('render as in Node: renderWidgets, the JSON-LD helpers, React, the main entry', async () => {
    const key = await testKey(apiBase, 'runtimes');
    const postId = await postWithProducts(key);
    const server = await serverIn(platform, runtime, key);

    const html = await server.post('/render', { fragment: fragment(postId), nonce: NONCE, deadlineMs: 5000 });
    // The four elements and the rich snippet.
    expect(html.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(5);
    expect(html).toMatch(/\d+ reviews/);
    expect(html).toContain(`<script type="application/ld+json" data-svc-rich-snippet="${PRODUCT}">`);
    expect(html.match(/<script type="application\/json" data-svc-state>/g)).toHaveLength(4);
    // The nonce on every style the render writes, and no style attribute (a strict CSP refuses them).
    expect(html.match(/<style(?! nonce="r4nd0mN0nce0123")/g)).toBeNull();
    expect(html).not.toMatch(/<[^>]+\sstyle="/);
    expectSameRender(html, await inNode(key, '/render', { fragment: fragment(postId), nonce: NONCE, deadlineMs: 5000 }));

    const snippet = JSON.parse(await server.post('/snippet', { product: PRODUCT })) as { json: string; script: string };
    expect(JSON.parse(snippet.json)).toMatchObject({ '@type': 'Product' });
    expect(snippet.script).toBe(`<script type="application/ld+json">${snippet.json}</script>`);

    const react = await server.post('/react', { product: PRODUCT });
    expect(react).toBe(`<main><svc-review-summary product-ref="${PRODUCT}" variant="badge"></svc-review-summary><svc-post-gallery product-ref="${PRODUCT}" layout="carousel" page-size="4"></svc-post-gallery></main>`);
    expect(react).toBe(await inNode(key, '/react', { product: PRODUCT }));

    expect(JSON.parse(await server.post('/main', { product: PRODUCT }))).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), element: 'function', type: 'Product' });
  });
});

describe('renderWidgets in workerd with the shared read cache in the Web Cache (caches.default)', () => {
  it('serves a second render from the cache, not from the API', async () => {
    const key = await testKey(apiBase, 'runtimes_cache');
    const server = await inWorkerd(await bundleFor('wrangler (esbuild, workerd)'), key);
    const page = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`;
    const first = await server.post('/render', { fragment: page, webCache: true, deadlineMs: 5000 });
    const reads = (await requestLog(apiBase, key)).length;
    expect(reads).toBeGreaterThan(0);
    const second = await server.post('/render', { fragment: page, webCache: true, deadlineMs: 5000 });
    expectSameRender(second, first);
    expect(await requestLog(apiBase, key)).toHaveLength(reads);
  });
});

describe('renderWidgets in workerd with the read proxy mounted in the same worker (`proxy`)', () => {
  it('serves a render and the browsers\' reads through the proxy from one API read each', async () => {
    const key = await testKey(apiBase, 'runtimes_proxy');
    const server = await inWorkerd(await bundleFor('Vite for Workers and Oxygen (Rolldown, workerd)'), key);
    const page = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`;
    const [first] = await Promise.all([server.post('/render', { fragment: page, proxy: true, deadlineMs: 5000 }), server.get(`/proxy/v1/products/${PRODUCT}/review-summary?market=us`)]);
    expect(first.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(2);
    // The elements' API base is the proxy's, as the shop's pages give it.
    expect(first).toContain('"apiBase":"http://shop.example/proxy"');
    const browser = await server.get(`/proxy/v1/products/${PRODUCT}/reviews?market=us&limit=3&sort=newest&include=localization`);
    expect(browser.status).toBe(200);
    expect(browser.headers.get('cache-status')).toMatch(/; hit/);
    expectSameRender(await server.post('/render', { fragment: page, proxy: true, deadlineMs: 5000 }), first);
    expect((await requestLog(apiBase, key)).map((entry) => entry.path).sort()).toEqual([`/v1/products/${PRODUCT}/review-summary`, `/v1/products/${PRODUCT}/reviews`]);
  });
});

describe('a lone render in a fresh Node process', () => {
  it('renders all four elements and the rich snippet with the default deadline: their first reads are on their way', async () => {
    const key = await testKey(apiBase, 'runtimes_lone');
    const html = await inNode(key, '/render', { fragment: fragment(await postWithProducts(key)) });
    expect(html.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(5);
    // The test's own read of the posts, then one read for each element's data.
    expect(await requestLog(apiBase, key)).toHaveLength(6);
  });
});

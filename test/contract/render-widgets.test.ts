import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, inject, it } from 'vitest';
import { renderWidgets } from '../../src/ssr/index.ts';
import { ON_ITS_WAY_MS } from '../../src/ssr/server-reads.ts';
import { sharedRateLimiter } from '../../src/api/rate-limit.ts';
import { StorefrontClient } from '../../src/api/client.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { createStorefrontProxy, memoryStore, noStore } from '../../src/edge/index.ts';

/**
 * `renderWidgets` in Node against the emulator (HTTP): what the server writes for each
 * element, what it reads, and what it leaves alone. The browser's side (hydration) is
 * test/e2e/server-rendered.spec.ts.
 */
const apiBase = inject('apiBase');
/** The API base as a client writes it (the key of its token bucket). */
const normalizedBase = new StorefrontClient({ publishableKey: 'svc_pk_x', apiBase }).apiBase;
const PRODUCT = 'aster-linen-shirt';
const HOSTILE = '</script><script>window.__pwned=1</script><img src=x onerror="__pwned(2)">"\u2028';

// A deadline far above the default: these tests are about what a render writes, on a machine that may be busy (the deadline's own test sets its own).
const options = (key: string) => ({ publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000 });

/** The JSON of every `<script type="application/json" data-svc-state>` in `html`, parsed. */
function states(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/json" data-svc-state>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);
}

/** Every `<script>` of an HTML fragment as an HTML parser sees it: its attributes. */
function scripts(html: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const visit = (nodes: DefaultTreeAdapterMap['childNode'][]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      if (node.tagName === 'script') found.push(Object.fromEntries(node.attrs.map((attribute) => [attribute.name, attribute.value])));
      // A <template>'s content (a declarative shadow root) is a fragment of its own.
      visit(node.tagName === 'template' ? (node as DefaultTreeAdapterMap['template']).content.childNodes : node.childNodes);
    }
  };
  visit(parseFragment(html).childNodes);
  return found;
}

/**
 * The declarations the server wrote for each part whose start tag begins with `start`:
 * its rule in its shadow root's styles (a `data-svc-style` attribute names it), since it
 * writes no `style` attribute (a strict CSP refuses them).
 */
function partStyles(html: string, start: string): string[] {
  const ids = [...html.matchAll(new RegExp(`${start}[^>]*?\\sdata-svc-style="(\\d+)"`, 'g'))].map((match) => match[1]!);
  return ids.map((id) => new RegExp(`\\[data-svc-style="${id}"\\]:not\\(#_\\)\\{([^}]*)\\}`).exec(html)?.[1] ?? 'no rule');
}

describe('renderWidgets', () => {
  it('renders summaries (badge and full) and the rich snippet, with their data; leaves the rest of the fragment as written', async () => {
    const key = await testKey(apiBase, 'ssr_render');
    const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
    const other = info.products.find((product) => product.handle !== PRODUCT && product.review_count > 0)!.handle;
    const fragment = `<div class="card"><svc-review-summary product-ref="${PRODUCT}" variant="badge"></svc-review-summary></div>
<svc-review-summary variant="badge" product-ref="${other}"></svc-review-summary>
<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>
<svc-rich-snippet product-ref="${PRODUCT}"></svc-rich-snippet>
<svc-shoppable-post></svc-shoppable-post>`;
    const html = await renderWidgets(fragment, options(key));

    expect(html.match(/<template shadowroot="open" shadowrootmode="open">/g)).toHaveLength(4);
    // Each shadow root hidden until the browser has parsed all of it (no part of an element shows, then moves).
    expect(html.match(/shadowrootmode="open"><style>:host\{visibility:hidden\}<\/style>[\s\S]*?<style>:host\{visibility:inherit\}<\/style><\/template>/g)).toHaveLength(4);
    expect(html).toMatch(/\(\d+\)/);
    expect(html).toMatch(/\d+ reviews/);
    expect(html).toContain(`<script type="application/ld+json" data-svc-rich-snippet="${PRODUCT}">`);
    // Everything else byte for byte: with the server's markup taken out, the fragment is the one given.
    expect(html.replace(/<template shadowroot[\s\S]*?<\/template>(?=<script type="application\/(json|ld\+json)")/g, '').replace(/<script type="application\/(json|ld\+json)"[^>]*>[\s\S]*?<\/script>/g, '')).toBe(fragment);
    // A post without its id: nothing to read, so the browser says what is wrong.
    expect(html).toContain('<svc-shoppable-post></svc-shoppable-post>');
    // What the browser takes over: one read per element, fresh; none for the rich snippet, whose work is done (its code never loads).
    const reads = states(html) as { kind: string; at: number }[][];
    expect(reads.map((entry) => entry.map((read) => read.kind))).toEqual([['rating'], ['rating'], ['query']]);
    for (const [read] of reads) expect(Date.now() - read!.at).toBeLessThan(60_000);
    // Two badges, one ratings read.
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => entry.path).sort()).toEqual(['/v1/products/aster-linen-shirt/review-summary', '/v1/products/aster-linen-shirt/rich-snippet', '/v1/products/ratings']);
  });

  it('renders a review list with its first page, sharing the summary read with a full summary', async () => {
    const key = await testKey(apiBase, 'ssr_list');
    const html = await renderWidgets(`<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="4" sort="highest"></svc-reviews>`, options(key));
    expect(html.match(/<li class="review"/g)).toHaveLength(4);
    expect(html).toMatch(/<option value="highest" selected/);
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => entry.path).sort()).toEqual(['/v1/products/aster-linen-shirt/review-summary', '/v1/products/aster-linen-shirt/reviews']);
    expect(log.find((entry) => entry.path.endsWith('/reviews'))!.query).toMatchObject({ sort: 'highest', limit: '4' });
    expect((states(html) as { queryKey: string[] }[][]).map((reads) => reads.map((read) => read.queryKey[1]).sort())).toEqual([['review-summary'], ['review-summary', 'reviews']]);
  });

  it("renders a review list's photos without their URL, which their links keep (the browser writes it as the list hydrates, once near)", async () => {
    const key = await testKey(apiBase, 'ssr_list_photos');
    const html = await renderWidgets(`<svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`, options(key));
    const photos = [...html.matchAll(/<a class="thumb" part="media-link" href="([^"]*)"[^>]*>(?:<!--[^>]*-->|\s)*<img\b([^>]*)>/g)];
    expect(photos.length).toBeGreaterThan(0);
    for (const [, href, image] of photos) {
      expect(href).toMatch(/^http:\/\/[^/]+\/media\/reviews\//);
      expect(image).toMatch(/\spart="media-thumbnail"/);
      expect(image).not.toMatch(/\ssrc=/);
    }
  });

  it('renders a shoppable post: its media, a hotspot on each tagged product and the product list, from one read', async () => {
    const key = await testKey(apiBase, 'ssr_post');
    const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&limit=20`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { id: string; tagged_products: { product: { title: string } }[] }[] };
    const post = posts.data.find((candidate) => candidate.tagged_products.length >= 2)!;
    const html = await renderWidgets(`<svc-shoppable-post post-id="${post.id}"></svc-shoppable-post>`, options(key));
    expect(html.match(/<button\s+part="hotspot"/g)).toHaveLength(post.tagged_products.length);
    expect(html.match(/<li part="product"/g)).toHaveLength(post.tagged_products.length);
    for (const { product } of post.tagged_products) expect(html).toContain(product.title);
    // Its pictures are the browser's to load, once the element has hydrated: none competes with the page's own while it loads.
    expect(html).toMatch(/<img[^>]*class="picture/);
    expect(html).not.toMatch(/<(img|video)\b[^>]*\ssrc=/);
    expect((await requestLog(apiBase, key)).filter((entry) => entry.path.startsWith('/v1/posts/')).map((entry) => entry.path)).toEqual([`/v1/posts/${post.id}`]);
    expect((states(html) as { queryKey: string[] }[][]).map((reads) => reads.map((read) => read.queryKey[1]))).toEqual([['post']]);
  });

  it('renders a gallery\'s grid with its first page (its filters and page size)', async () => {
    const key = await testKey(apiBase, 'ssr_gallery');
    const html = await renderWidgets(`<svc-post-gallery product-ref="${PRODUCT}" page-size="3" columns="3"></svc-post-gallery>`, options(key));
    expect(html.match(/<button\s+part="tile"/g)).toHaveLength(3);
    expect(html.match(/<img\s+part="media"/g)).toHaveLength(3);
    expect(html).not.toMatch(/<img\b[^>]*\ssrc=/);
    // Its most columns, from the attribute; the CSS fits fewer on a narrow screen.
    expect(partStyles(html, '<ul class="grid"')).toEqual(['--_cols: 3']);
    const log = await requestLog(apiBase, key);
    expect(log.map((entry) => [entry.path, entry.query['product_ref'] ?? entry.query['product'], entry.query['limit']])).toEqual([['/v1/posts', PRODUCT, '3']]);
    expect((states(html) as { queryKey: string[] }[][]).map((reads) => reads.map((read) => read.queryKey[1]))).toEqual([['posts']]);
  });

  it('renders a gallery in the first viewport (`first-viewport`) with its first row\'s pictures in the HTML, shown at once, the first with high priority and the rest of the row with low; the others without a URL', async () => {
    const key = await testKey(apiBase, 'ssr_gallery_first');
    const html = await renderWidgets(`<svc-post-gallery product-ref="${PRODUCT}" page-size="4" columns="2" first-viewport></svc-post-gallery>`, options(key));
    const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${PRODUCT}&limit=4`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { type: string; media: { location: string; poster?: string } }[] };
    const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const images = (html.match(/<img\b[^>]*>/g) ?? []).map((tag) => ({ src: attribute(tag, 'src'), loading: attribute(tag, 'loading'), priority: attribute(tag, 'fetchpriority'), class: attribute(tag, 'class') }));
    const url = (post: (typeof posts.data)[number]) => (post.type === 'VIDEO' ? post.media.poster : post.media.location)?.replace(/&/g, '&amp;');
    // The first row (two columns): URL, loaded at once, shown without waiting for its load event; the first photo with high priority, the rest of the row after it.
    expect(images.slice(0, 2)).toEqual([
      { src: url(posts.data[0]!), loading: 'eager', priority: 'high', class: 'media loaded' },
      { src: url(posts.data[1]!), loading: 'eager', priority: 'low', class: 'media loaded' },
    ]);
    expect(images.slice(2)).toEqual(images.slice(2).map(() => ({ src: undefined, loading: 'lazy', priority: 'low', class: 'media' })));
    // No blurhash under a picture shown at once: its placeholder is out of the rendering.
    expect(html.match(/<canvas class="placeholder covered"/g)).toHaveLength(2);
    // Without the attribute, nothing changes: no URL in the HTML.
    const plain = await renderWidgets(`<svc-post-gallery product-ref="${PRODUCT}" page-size="4" columns="2"></svc-post-gallery>`, options(key));
    expect(plain).not.toMatch(/<img\b[^>]*\ssrc=/);
    expect(plain).not.toContain('class="placeholder covered"');
  });

  it('renders a gallery\'s carousel with its first page, its styles, and the slides in view left to its CSS', async () => {
    const key = await testKey(apiBase, 'ssr_carousel');
    const html = await renderWidgets(`<svc-post-gallery product-ref="${PRODUCT}" layout="carousel" page-size="4" columns="3"></svc-post-gallery>`, options(key));
    expect(html.match(/<div\s+class="slide"/g)).toHaveLength(4);
    expect(html.match(/<button\s+part="tile"/g)).toHaveLength(4);
    expect(html).not.toMatch(/<img\b[^>]*\ssrc=/);
    expect(html).toMatch(/<button\s+part="button prev"/);
    expect(html).toMatch(/<button\s+part="button next"/);
    // Not measured on the server: the most the attribute allows, and the carousel's styles (loaded with its code), which fit the slides.
    expect(partStyles(html, '<div class="carousel"')).toEqual(['--_most: 3']);
    expect(html).toMatch(/<style>[^<]*\.carousel-track\s*\{\s*--_fit:\s*1;?\s*\}\s*@container/);
    expect((states(html) as { queryKey: string[] }[][]).map((reads) => reads.map((read) => read.queryKey[1]))).toEqual([['posts']]);
    expect((await requestLog(apiBase, key)).map((entry) => entry.query['limit'])).toEqual(['4']);
  });

  it('renders a gallery\'s masonry with its first page, its styles, and each tile placed for every column count its CSS may pick', async () => {
    const key = await testKey(apiBase, 'ssr_masonry');
    const html = await renderWidgets(`<svc-post-gallery product-ref="${PRODUCT}" layout="masonry" page-size="5" columns="3"></svc-post-gallery>`, options(key));
    expect(html.match(/<li\s+class="cell"/g)).toHaveLength(5);
    expect(html.match(/<button\s+part="tile"/g)).toHaveLength(5);
    expect(html).not.toMatch(/<img\b[^>]*\ssrc=/);
    // Not measured on the server: at most the attribute's three columns, a height for each count, and the masonry's styles, which pick the count.
    const list = partStyles(html, '<ul class="masonry"')[0] ?? '';
    expect(list).toMatch(/^--_most: 3;/);
    expect(list).toMatch(/--_h1: [\d.]+; --_e1: 4; --_h2: [\d.]+; --_e2: \d; --_h3: [\d.]+; --_e3: 1;$/);
    // Each tile's column and top for one, two and three columns; the first two tiles side by side from two columns on.
    const cells = partStyles(html, '<li\\s+class="cell"');
    expect(cells).toHaveLength(5);
    expect(cells[0]).toMatch(/^aspect-ratio: 1 \/ [\d.]+; --_c1: 0; --_t1: 0\.0000; --_g1: 0; --_c2: 0; --_t2: 0\.0000; --_g2: 0; --_c3: 0; --_t3: 0\.0000; --_g3: 0;$/);
    expect(cells[1]).toMatch(/--_c1: 0;.*--_g1: 1;.*--_c2: 1; --_t2: 0\.0000;.*--_c3: 1; --_t3: 0\.0000;/);
    expect(cells.every((cell) => !cell.includes('--_c4'))).toBe(true);
    expect(html).toMatch(/<style>[^<]*\.masonry\s*\{\s*--_fit:\s*1;?\s*\}\s*@container/);
    expect((states(html) as { queryKey: string[] }[][]).map((reads) => reads.map((read) => read.queryKey[1]))).toEqual([['posts']]);
    expect((await requestLog(apiBase, key)).map((entry) => entry.query['limit'])).toEqual(['5']);
  });

  it('reads with the nearest <svc-storefront> around an element, its own attributes first, the options last', async () => {
    const [outer, own] = await Promise.all([testKey(apiBase, 'ssr_outer'), testKey(apiBase, 'ssr_own')]);
    const html = await renderWidgets(
      `<svc-storefront publishable-key="${outer}" market="de"><svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>
<svc-review-summary product-ref="${PRODUCT}" publishable-key="${own}" market="se"></svc-review-summary></svc-storefront>`,
      options(await testKey(apiBase, 'ssr_unused')),
    );
    expect(html).toMatch(/Bewertungen/);
    expect(html).toMatch(/recensioner/);
    expect((await requestLog(apiBase, outer)).map((entry) => entry.query['market'])).toEqual(['de']);
    expect((await requestLog(apiBase, own)).map((entry) => entry.query['market'])).toEqual(['se']);
  });

  it('keeps hostile text as text, and its embedded data inside its own script', async () => {
    const summary = { average: 4.5, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 }, summary: { text: HOSTILE, language: 'en' } };
    const key = await testKey(apiBase, 'ssr_hostile', { faults: { replaceBody: { byPath: { '/review-summary': summary } } } });
    const html = await renderWidgets(`<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>`, options(key));
    // The only scripts: the element's data, which an HTML parser reads whole.
    expect(scripts(html)).toEqual([{ type: 'application/json', 'data-svc-state': '' }]);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(states(html)).toMatchObject([[{ data: { summary: { text: HOSTILE } } }]]);
  });

  it('leaves an element whose read fails as written, and renders the others', async () => {
    const key = await testKey(apiBase, 'ssr_failing', { faults: { replaceBody: { byPath: { '/rich-snippet': 'not an object' } } } });
    const fragment = `<svc-rich-snippet product-ref="${PRODUCT}"></svc-rich-snippet><svc-review-summary product-ref="no-such-product" variant="badge"></svc-review-summary><svc-shoppable-post post-id="pst_no_such_post"></svc-shoppable-post><svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>`;
    const html = await renderWidgets(fragment, options(key));
    expect(html.startsWith(`<svc-rich-snippet product-ref="${PRODUCT}"></svc-rich-snippet><svc-review-summary product-ref="no-such-product" variant="badge"></svc-review-summary><svc-shoppable-post post-id="pst_no_such_post"></svc-shoppable-post><svc-review-summary product-ref="${PRODUCT}"><template`)).toBe(true);
    expect(states(html)).toHaveLength(1);
  });

  it('with a nonce: every <style> it writes carries it, and no style attribute is written (a strict CSP refuses those)', async () => {
    const key = await testKey(apiBase, 'ssr_nonce');
    const fragment = `<div style="margin: 0"><svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-review-summary product-ref="${PRODUCT}" variant="badge"></svc-review-summary><svc-post-gallery product-ref="${PRODUCT}" layout="masonry" page-size="4"></svc-post-gallery></div>`;
    const html = await renderWidgets(fragment, { ...options(key), nonce: 'r4nd0m+N0nce/=' });
    const styles = html.match(/<style\b[^>]*>/g) ?? [];
    expect(styles.length).toBeGreaterThan(6);
    expect(new Set(styles)).toEqual(new Set(['<style nonce="r4nd0m+N0nce/=">']));
    // The page's own attribute stays; the server writes none.
    expect(html.match(/\sstyle="/g)).toEqual([' style="']);
    // The stars' fill and the bars' widths, as rules of their shadow root.
    expect(partStyles(html, '<span class="stars-row stars-filled"')).toEqual(expect.arrayContaining([expect.stringMatching(/^width: [\d.]+%$/)]));
    expect(partStyles(html, '<span class="bar-fill"')).toHaveLength(5);
    expect(partStyles(html, '<li\\s+class="cell"')).toHaveLength(4);
    // Without a nonce, the same markup with bare <style>s.
    const plain = await renderWidgets(fragment, options(key));
    expect(plain).toBe(html.replaceAll(' nonce="r4nd0m+N0nce/="', ''));
    await expect(renderWidgets(fragment, { ...options(key), nonce: '"><script>' })).rejects.toThrow(/nonce/);
  });

  it('leaves an element whose read is not there by the deadline as written, and serves the read, once made, to the renders after it', async () => {
    // The deadline leaves the snippet's read a second (a busy CI machine runs the browser tests beside these); the summary's takes
    // longer than the deadline and the wait for a read on its way after it together.
    const key = await testKey(apiBase, 'ssr_deadline', { faults: { latencyMs: 1_000 + ON_ITS_WAY_MS + 1_000, pathIncludes: '/review-summary' } });
    const fragment = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-rich-snippet product-ref="${PRODUCT}"></svc-rich-snippet>`;
    const first = await renderWidgets(fragment, { ...options(key), deadlineMs: 1_000 });
    // The summary waits on a slow read: left to the browser. The snippet's read came in time.
    expect(first).toContain(`<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>`);
    expect(first).toContain('data-svc-rich-snippet=');
    // Its read went on: a render a moment later takes it (and the snippet's) without asking again.
    await expect.poll(async () => (await requestLog(apiBase, key)).filter((entry) => entry.status === 200).length, { timeout: 5_000 }).toBe(2);
    const second = await renderWidgets(fragment, { ...options(key), deadlineMs: 1_000 });
    expect(second).toMatch(/\d+ reviews/);
    expect((await requestLog(apiBase, key)).length).toBe(2);
  });

  it('waits past the default deadline for reads on their way: a page with nothing cached gets its review text', async () => {
    // Every read takes twice the default 150 ms deadline: sent at once, each is waited for.
    const key = await testKey(apiBase, 'ssr_on_its_way', { faults: { latencyMs: 300 } });
    const fragment = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews><svc-post-gallery product-ref="${PRODUCT}" page-size="4"></svc-post-gallery>`;
    const html = await renderWidgets(fragment, { publishableKey: key, market: 'us', apiBase });
    expect(html.match(/shadowrootmode="open"/g)).toHaveLength(3);
    expect(html).toMatch(/<p class="review-body" part="review-body"><!--lit-part-->[^<]+/);
  });

  it("passes one limit, the read cache's budget: a key whose token bucket holds the page's reads does not hold the server's", async () => {
    const key = await testKey(apiBase, 'ssr_one_limit');
    // The key's bucket after a 429 (shared by every client of the key in this process): the browser's client would wait 10 s.
    sharedRateLimiter(normalizedBase, key).pauseFor(10_000);
    const started = performance.now();
    const html = await renderWidgets(`<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>`, { publishableKey: key, market: 'us', apiBase });
    expect(html).toMatch(/\d+ reviews/);
    expect(performance.now() - started).toBeLessThan(ON_ITS_WAY_MS);
  });

  it('gives up at the deadline the reads the request budget cannot send in time, and renders the others', async () => {
    // 24 galleries, each its own read: more than the budget's 18 requests a second sends within the deadline.
    const key = await testKey(apiBase, 'ssr_budget');
    const fragment = Array.from({ length: 24 }, (_, i) => `<svc-post-gallery product-ref="${PRODUCT}" page-size="${i + 1}"></svc-post-gallery>`).join('');
    const started = performance.now();
    const html = await renderWidgets(fragment, { publishableKey: key, market: 'us', apiBase });
    const rendered = html.match(/shadowrootmode="open"/g)?.length ?? 0;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(24);
    // Its reads end by the deadline and the wait for those on their way; then the markup of up to 23 galleries (a second, on a busy machine).
    expect(performance.now() - started).toBeLessThan(150 + ON_ITS_WAY_MS + 1_000);
  });

  it('renders concurrent pages of one product with one read each, and an element with the same reads once', async () => {
    const key = await testKey(apiBase, 'ssr_shared');
    const fragment = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary><svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`;
    const pages = await Promise.all(Array.from({ length: 5 }, () => renderWidgets(fragment, options(key))));
    // Each with the summary's data (not its loading state: another render's end clears the elements' caches, never between a render's seeding and its rendering).
    expect(new Set(pages).size).toBe(1);
    expect(partStyles(pages[0]!, '<span class="bar-fill"')).toContainEqual(expect.stringMatching(/^width: [1-9][\d.]*%$/));
    expect(pages[0]!.match(/<li class="review"/g)).toHaveLength(3);
    expect((await requestLog(apiBase, key)).map((entry) => entry.path).sort()).toEqual(['/v1/products/aster-linen-shirt/review-summary', '/v1/products/aster-linen-shirt/reviews']);
    // The same elements with the same reads: their markup as kept, not rendered again.
    const { keptMarkup } = await import('../../src/ssr/markup-cache.ts');
    const kept = [...keptMarkup.keys()].filter((id) => id.includes(key));
    expect(kept).toHaveLength(2);
    const again = await renderWidgets(fragment, options(key));
    expect(again).toBe(pages[0]);
    expect([...keptMarkup.keys()].filter((id) => id.includes(key))).toEqual(expect.arrayContaining(kept));
  });

  it('reads through the store given as `cache`, which a read proxy may share (each keeps its own entries), and reads every time with noStore()', async () => {
    const key = await testKey(apiBase, 'ssr_cache_option');
    const store = memoryStore();
    const proxy = createStorefrontProxy({ publishableKey: key, apiBase, store });
    const fragment = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>`;
    const first = await renderWidgets(fragment, { ...options(key), cache: store });
    expect(first).toMatch(/\d+ reviews/);
    const proxied = await proxy(new Request(`https://shop.example/v1/products/${PRODUCT}/review-summary?market=us`));
    expect(proxied.status).toBe(200);
    // One entry each, apart: the render's (its data, under its own prefix) and the proxy's (the API's body).
    expect(store.size).toBe(2);
    const again = await renderWidgets(fragment, { ...options(key), cache: store });
    expect(again).toBe(first);
    expect((await requestLog(apiBase, key)).length).toBe(2);
    // Caching off: each render asks the API.
    await renderWidgets(fragment, { ...options(key), cache: noStore() });
    await renderWidgets(fragment, { ...options(key), cache: noStore() });
    expect((await requestLog(apiBase, key)).length).toBe(4);
    await expect(renderWidgets(fragment, { ...options(key), cache: {} as never })).rejects.toThrow(/ReadStore/);
  });

  it('refuses a secret key and a bad API base before any request', async () => {
    await expect(renderWidgets('<svc-review-summary product-ref="a"></svc-review-summary>', { publishableKey: 'svc_sk_live_secret', market: 'us', apiBase })).rejects.toThrow(/publishable/);
    await expect(renderWidgets('<svc-review-summary product-ref="a"></svc-review-summary>', { publishableKey: 'svc_pk_demo', market: 'us', apiBase: 'javascript:alert(1)' })).rejects.toThrow(/http/);
  });
});

import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { renderWidgets } from '../../src/ssr/index.ts';
import { StorefrontClient } from '../../src/api/client.ts';
import type { ServerRead } from '../../src/page/server-state.ts';
import { stateData } from '../../src/ssr/state-fields.ts';
import { createStorefrontProxy } from '../../src/edge/index.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * The data a server render writes into the page for hydration, against the emulator
 * (HTTP): the Hydrogen page's elements (a summary, a first-viewport gallery of 4, a
 * shoppable post) and a review list carry their reads without the fields no browser
 * code reads (src/ssr/state-fields.ts), and nothing else is missing. That the browser
 * hydrates them without a read and renders the same: test/e2e/server-rendered.spec.ts and
 * test/e2e/parity.spec.ts.
 */
const apiBase = inject('apiBase');
const PRODUCT = 'aster-linen-shirt';
const POST = 'pst_wvolv0tvux3d';
const FRAGMENT = `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>
<svc-post-gallery product-ref="${PRODUCT}" page-size="4" first-viewport></svc-post-gallery>
<svc-shoppable-post post-id="${POST}"></svc-shoppable-post>
<svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`;
/** Names no state may carry (they are dropped wherever they occur in these reads); `hash`, `width`, `height` stay where read. */
const NEVER_WRITTEN = ['filename', 'fromSocial', 'addedByCompany'];

const STATE = /<script type="application\/json" data-svc-state>([\s\S]*?)<\/script>/g;
const stateTexts = (html: string) => [...html.matchAll(STATE)].map((match) => match[1]!);
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

/** Every key of every object in `value`, at any depth. */
const keysOf = (value: unknown): string[] => (typeof value !== 'object' || value === null ? [] : Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]));

/** The same reads as the browser's client makes them, whole: what the states were before they were trimmed. */
async function fullData(key: string, queryKey: readonly unknown[]): Promise<unknown> {
  const client = new StorefrontClient({ publishableKey: key, apiBase });
  const page = <T>(items: { items: T[]; nextCursor: string | null }) => ({ pages: [items], pageParams: [null] });
  const [, kind, market] = queryKey as [string, string, string];
  if (kind === 'posts') return page(await client.listPosts(market, queryKey[3] as { productRef: string }, { limit: queryKey[4] as number, cursor: null }));
  if (kind === 'post') return client.getPost(market, queryKey[3] as string);
  if (kind === 'reviews') return page(await client.listReviews(market, { productRef: PRODUCT }, queryKey[4] as never, { limit: queryKey[5] as number, cursor: null }));
  if (kind === 'review-summary') return client.getReviewSummary(market, { productRef: PRODUCT });
  throw new Error(`unexpected read ${kind}`);
}

describe("a server render's state: what the page carries for hydration", () => {
  it('leaves out the fields no browser code reads, at any depth, keeps the rest as read, and is smaller', async () => {
    const key = await testKey(apiBase, 'ssr_state');
    const html = await renderWidgets(FRAGMENT, { publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000 });
    const texts = stateTexts(html);
    const reads = texts.flatMap((text) => JSON.parse(text) as ServerRead[]);
    expect(reads.map((read) => (read.kind === 'query' ? read.queryKey[1] : read.kind)).sort()).toEqual(['post', 'posts', 'review-summary', 'review-summary', 'reviews']);

    let fullText = '';
    for (const read of reads) {
      if (read.kind !== 'query') continue;
      const full = await fullData(key, read.queryKey);
      // Nothing missing but the unread fields: the state is the whole read, trimmed.
      expect(read.data, String(read.queryKey[1])).toEqual(stateData(read.queryKey, full));
      expect(keysOf(read.data).filter((name) => NEVER_WRITTEN.includes(name))).toEqual([]);
      fullText += JSON.stringify({ ...read, data: full });
    }
    // The emulator's data has these fields (the test would prove nothing otherwise), and the page no longer carries them.
    expect(fullText).toMatch(/"sku":.*"gtin":.*"filename":.*"fromSocial":/s);
    const stateText = texts.join('');
    expect(stateText.length).toBeLessThan(fullText.length * 0.9);
    expect(gzip(stateText)).toBeLessThan(gzip(fullText));
  });

  it('is trimmed the same when the render reads through a read proxy', async () => {
    const key = await testKey(apiBase, 'ssr_state_proxy');
    const proxy = createStorefrontProxy({ publishableKey: key, apiBase });
    const html = await renderWidgets(FRAGMENT, { publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000, proxy });
    const reads = stateTexts(html).flatMap((text) => JSON.parse(text) as ServerRead[]);
    expect(reads.filter((read) => read.kind === 'query')).toHaveLength(5);
    expect(keysOf(reads).filter((name) => NEVER_WRITTEN.includes(name))).toEqual([]);
    // What is read stays: a post's photo size and blurhash, a product's link.
    expect(keysOf(reads)).toEqual(expect.arrayContaining(['hash', 'width', 'height', 'developmentUrl', 'origin', 'handle']));
  });
});

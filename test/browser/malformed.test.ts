import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import { normalizePage, normalizeReviewSummary } from '../../src/api/normalize.ts';
import { normalizePost } from '../../src/api/normalize-post.ts';
import { normalizeReview } from '../../src/api/normalize-review.ts';
import { isProductJsonLd, sanitizeJsonLd } from '../../src/elements/rich-snippet/json-ld.ts';
import { testKey } from '../support/emulator-control.ts';
import { installTraps, jsonLdProblems, mount, rawGet, until, type Traps } from './hostile-support.ts';
import { entries, junk, mutated, pageBody, POST_PATHS, REVIEW_PATHS, SNIPPET_PATHS, SUMMARY_PATHS } from './malformed-support.ts';

/**
 * Property tests in a real browser: arbitrary JSON in place of each API answer (served
 * by the emulator's `replaceBody` fault, or given through `<svc-shoppable-post>`'s
 * `post` property) never throws past an element (no `error` or `unhandledrejection` on
 * the window), and the items the contract's reader accepts, among them every untouched
 * valid item, are all on screen; an answer that cannot be read at all shows the error
 * state. Run counts are in `RUNS`.
 */
export const RUNS = { gallery: 50, shoppableProperty: 100, shoppableById: 25, summary: 50, reviews: 40, richSnippet: 50 } as const;

const apiBase = inject('apiBase');
const uncaught: string[] = [];
const onError = (event: ErrorEvent) => void uncaught.push(`error: ${event.message}`);
const onRejection = (event: PromiseRejectionEvent) => void uncaught.push(`unhandledrejection: ${String(event.reason)}`);
let traps: Traps;
let posts: unknown[];
let reviews: unknown[];
let summary: unknown;
let snippet: unknown;
let productRef: string;

beforeAll(async () => {
  const clean = await testKey(apiBase, 'malformed_seed');
  posts = (await rawGet<{ data: unknown[] }>(apiBase, '/posts?market=us&limit=50', clean)).data;
  reviews = (await rawGet<{ data: unknown[] }>(apiBase, '/company/reviews?market=us&limit=50&include=localization', clean)).data;
  summary = await rawGet(apiBase, '/company/review-summary?market=us', clean);
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
  productRef = info.products.find((p) => p.review_count > 0)!.handle;
  snippet = await rawGet(apiBase, `/products/${productRef}/rich-snippet?market=us`, clean);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  // The elements warn about every item they leave out: keep the output readable.
  traps = installTraps({ quiet: true });
});

afterEach(() => {
  document.body.replaceChildren();
});

afterAll(() => {
  traps.restore();
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  for (const script of document.head.querySelectorAll('script[data-svc-rich-snippet]')) script.remove();
});

/** What the server sends: the body through JSON (undefined members gone, -0 as 0). */
const wire = (body: unknown): unknown => JSON.parse(JSON.stringify(body) ?? 'null');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fresh key (own cache, own faults) whose answers are replaced. */
const keyWith = (name: string, byPath: Record<string, unknown>) => testKey(apiBase, `malformed_${name}`, { faults: { replaceBody: { byPath } } });

const attrs = (key: string, extra: Record<string, string | true> = {}) => ({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...extra });

const alert = (element: Element) => element.shadowRoot!.querySelector('[role="alert"]');

function expectNoUncaught(): void {
  expect(uncaught, 'uncaught exceptions').toEqual([]);
}

describe('malformed answers (property tests)', () => {
  it(`gallery: ${RUNS.gallery} arbitrary pages; the readable posts all render, each opens`, async () => {
    await fc.assert(
      fc.asyncProperty(pageBody(entries(posts, POST_PATHS)), async ({ body, entries: items }) => {
        const sent = wire(body);
        const key = await keyWith('gallery', { '/posts': sent });
        const gallery = mount('svc-post-gallery', attrs(key, { 'page-size': '12', style: 'display:block;width:600px' }));
        const root = gallery.shadowRoot!;
        await until(() => alert(gallery) !== null || root.querySelector('slot[name="empty"]') !== null || root.querySelector('.base[aria-busy="false"]') !== null, 10_000, 'the gallery to settle');
        await gallery.updateComplete;
        const expected = await normalizePage(sent, normalizePost, apiBase);
        const tileIds = () => [...root.querySelectorAll<HTMLElement>('button.tile')].map((tile) => tile.dataset['postId']);
        // Tiles are rendered a chunk per task (paced-render.ts): wait for the last chunk.
        if (expected.ok) await until(() => tileIds().length >= new Set(expected.value.items.map((post) => post.id)).size, 10_000, 'every tile');
        const tiles = tileIds();
        if (!expected.ok) {
          expect(alert(gallery)).not.toBeNull();
        } else {
          expect(tiles).toEqual([...new Set(expected.value.items.map((post) => post.id))]);
          for (const entry of items) if (entry.kind === 'valid') expect(tiles).toContain((entry.value as { id: string }).id);
          if (tiles.length > 0) {
            root.querySelector<HTMLButtonElement>('button.tile')!.click();
            await until(() => root.querySelector('svc-post-lightbox')?.shadowRoot?.querySelector('dialog')?.open === true, 10_000, 'the lightbox');
          }
        }
        await settle();
        expectNoUncaught();
        gallery.remove();
      }),
      { numRuns: RUNS.gallery },
    );
  }, 240_000);

  it(`shoppable post, post property: ${RUNS.shoppableProperty} arbitrary posts; a readable one renders every hotspot and product`, async () => {
    const element = mount('svc-shoppable-post', attrs('svc_pk_demo', { style: 'display:block;width:480px' }));
    const post = fc.oneof(
      fc.constantFrom(...posts).map((value) => ({ kind: 'valid' as const, value })),
      mutated(posts, POST_PATHS),
      junk.map((value) => ({ kind: 'junk' as const, value })),
    );
    await fc.assert(
      fc.asyncProperty(post, async ({ kind, value }) => {
        element.post = value;
        await element.updateComplete;
        const expected = normalizePost(value, apiBase);
        const root = element.shadowRoot!;
        if (kind === 'valid') expect(expected.ok).toBe(true);
        if (!expected.ok) {
          expect(root.querySelector('.stage')).toBeNull();
        } else {
          const tagged = expected.value.taggedProducts.length;
          expect(root.querySelector('.stage')).not.toBeNull();
          // Hotspots mark points on the picture: a video without a (readable) poster has none; its products are still listed.
          const picture = expected.value.type === 'IMAGE' || expected.value.media.poster !== undefined;
          expect(root.querySelectorAll('button.hotspot')).toHaveLength(picture ? tagged : 0);
          expect(root.querySelectorAll('[part~="product"]')).toHaveLength(tagged);
          const hotspot = root.querySelector<HTMLButtonElement>('button.hotspot:not([hidden])');
          if (hotspot) {
            hotspot.click();
            await element.updateComplete;
          }
        }
        await settle();
        expectNoUncaught();
      }),
      { numRuns: RUNS.shoppableProperty },
    );
  }, 120_000);

  it(`shoppable post, post-id: ${RUNS.shoppableById} arbitrary answers; a readable post renders, anything else is an error state`, async () => {
    const body = fc.oneof(fc.constantFrom(...posts), mutated(posts, POST_PATHS).map((m) => m.value), junk);
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const sent = wire(raw);
        const key = await keyWith('shoppable', { '/posts/': sent });
        const element = mount('svc-shoppable-post', attrs(key, { 'post-id': 'pst_any', style: 'display:block;width:480px' }));
        await until(() => element.shadowRoot!.querySelector('.stage, [role="alert"]') !== null, 10_000, 'the post to settle');
        const expected = normalizePost(sent, apiBase);
        expect(element.shadowRoot!.querySelector(expected.ok ? '.stage' : '[role="alert"]')).not.toBeNull();
        await settle();
        expectNoUncaught();
        element.remove();
      }),
      { numRuns: RUNS.shoppableById },
    );
  }, 180_000);

  it(`review summary: ${RUNS.summary} arbitrary summaries; a readable one renders, anything else is an error state`, async () => {
    const body = fc.oneof(fc.constant(summary), mutated([summary], SUMMARY_PATHS).map((m) => m.value), junk);
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const sent = wire(raw);
        const key = await keyWith('summary', { '/review-summary': sent });
        const element = mount('svc-review-summary', attrs(key, { company: true, style: 'display:block;width:360px' }));
        const done = () => element.shadowRoot!.querySelector('.summary, .none, [role="alert"]');
        await until(() => done() !== null, 10_000, 'the summary to settle');
        const expected = normalizeReviewSummary(sent);
        const shown = done()!;
        if (!expected.ok) expect(shown.getAttribute('role')).toBe('alert');
        else expect(shown.classList.contains(expected.value.count === 0 ? 'none' : 'summary')).toBe(true);
        await settle();
        expectNoUncaught();
        element.remove();
      }),
      { numRuns: RUNS.summary },
    );
  }, 180_000);

  it(`reviews: ${RUNS.reviews} arbitrary pages and summaries; every readable review renders`, async () => {
    const summaryBody = fc.oneof(fc.constant(summary), mutated([summary], SUMMARY_PATHS).map((m) => m.value), junk);
    await fc.assert(
      fc.asyncProperty(pageBody(entries(reviews, REVIEW_PATHS)), summaryBody, async ({ body, entries: items }, rawSummary) => {
        const sent = wire(body);
        const key = await keyWith('reviews', { '/reviews': sent, '/review-summary': wire(rawSummary) });
        const element = mount('svc-reviews', attrs(key, { company: true, 'page-size': '10', style: 'display:block;width:480px' }));
        const root = element.shadowRoot!;
        // The list's own alert: a header whose summary failed says so quietly (class quiet) while the reviews may still come.
        const list = () => root.querySelector('.list, .empty, .reviews > [role="alert"]:not(.quiet)');
        await until(() => list() !== null, 10_000, 'the list to settle');
        await element.updateComplete;
        const expected = await normalizePage(sent, normalizeReview, apiBase);
        if (!expected.ok) {
          expect(list()!.getAttribute('role')).toBe('alert');
        } else {
          const ids = [...root.querySelectorAll('li.review')].length;
          expect(ids).toBe(expected.value.items.length);
          expect(ids).toBeGreaterThanOrEqual(items.filter((entry) => entry.kind === 'valid').length);
        }
        await settle();
        expectNoUncaught();
        element.remove();
      }),
      { numRuns: RUNS.reviews },
    );
  }, 180_000);

  it(`rich snippet: ${RUNS.richSnippet} arbitrary snippets; a Product is written inert, anything else is left out`, async () => {
    const body = fc.oneof(fc.constant(snippet), mutated([snippet], SNIPPET_PATHS).map((m) => m.value), junk);
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const sent = wire(raw);
        const key = await keyWith('snippet', { '/rich-snippet': sent });
        const element = mount('svc-rich-snippet', attrs(key, { 'product-ref': productRef }));
        const controller = (element as unknown as { snippet: { result?: { isPending: boolean } } }).snippet;
        await until(() => controller.result?.isPending === false, 10_000, 'the snippet to settle');
        await element.updateComplete;
        const script = document.head.querySelector<HTMLScriptElement>('script[data-svc-rich-snippet]');
        const record = typeof sent === 'object' && sent !== null && !Array.isArray(sent);
        const product = record && isProductJsonLd(sanitizeJsonLd(sent as Record<string, unknown>));
        expect(script !== null).toBe(product);
        if (script) expect(JSON.parse(script.text)).toEqual(sanitizeJsonLd(sent));
        expect(jsonLdProblems().problems).toEqual([]);
        await settle();
        expectNoUncaught();
        element.remove();
        expect(document.head.querySelector('script[data-svc-rich-snippet]')).toBeNull();
      }),
      { numRuns: RUNS.richSnippet },
    );
  }, 180_000);
});

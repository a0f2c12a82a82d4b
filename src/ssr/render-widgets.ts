import { LitElementRenderer, render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import { assertPublishableKey } from '../api/keys.js';
import { assertApiBase } from '../api/url.js';
import { SERVER_STATE_ATTRIBUTE } from '../page/server-state.js';
import { seedQueries } from '../queries/seed-queries.js';
import { ratingsBatch } from '../queries/ratings-batch.js';
import { clientFor } from '../api/client-registry.js';
import type { ServerRead } from '../page/server-state.js';
import { queryClientFor } from '../queries/query-client.js';
import { serializeJsonLd } from '../elements/rich-snippet/json-ld.js';
import '../elements/review-summary/svc-review-summary.js';
import '../elements/reviews/svc-reviews.js';
import '../elements/rich-snippet/svc-rich-snippet.js';
import '../elements/shoppable-post/svc-shoppable-post.js';
import '../elements/post-gallery/svc-post-gallery.js';
import { escapeAttribute, readFragment, type Settings } from './fragment.js';
import { readAll, type PlannedElement } from './server-reads.js';
import { inPlaceSnippet } from './snippet-in-place.js';
import { assertNonce, stylesToRules, withNonce } from './csp.js';
import { readsThrough } from './read-cache.js';
import { proxyReads } from './proxy-reads.js';
import type { ReadStore } from '../edge/stores.js';
import type { StorefrontProxy } from '../edge/proxy.js';
import { keptMarkup, markupKey } from './markup-cache.js';
// Read functions the elements' reads load on first use: loaded with the renderer, so that no render's deadline pays for them.
import '../api/lazy-reads.js';

/** `renderWidgets`' settings: those of a `<svc-storefront>` around the whole fragment, and how it renders. */
export interface RenderWidgetsOptions extends Settings {
  /**
   * The nonce of the page's Content-Security-Policy (`style-src 'nonce-…'`), new for each
   * response: every `<style>` the render writes carries it, and it writes no `style`
   * attribute, so that a page without `'unsafe-inline'` shows the elements styled.
   */
  nonce?: string | undefined;
  /**
   * How long the render waits for reads, in ms (default 150): an element whose reads are
   * not there by then stays as written and renders in the browser, as one whose read
   * failed. Its read goes on, for the renders after it.
   */
  deadlineMs?: number | undefined;
  /**
   * Where the reads of renders are kept (a `ReadStore` of storefront-widgets/edge:
   * `memoryStore`, `layeredStore`, a shared Redis or KV of your own). Default: one memory
   * store for the whole process (64 MiB). Renders given the same store share their
   * requests; `noStore()` keeps nothing (caching off). Keys are apart from the read
   * proxy's, so one store may serve both.
   */
  cache?: ReadStore | undefined;
  /**
   * A read proxy (`createStorefrontProxy` of storefront-widgets/edge) in the same process
   * or worker: the render's reads are then GETs of it, answered in process (no network
   * hop), so that a render and the browsers' reads through it share one API request and
   * one entry of its cache, within its one budget, refreshed by its webhooks. Its store
   * keeps the reads: give either this or `cache`.
   */
  proxy?: StorefrontProxy | undefined;
}

/** The default deadline: a page's server is not held up by an API (or a key's rate limit) that is slow to answer. */
const DEADLINE_MS = 150;

/** What a server render needs of an element beyond Lit's: what its content waits for, and the styles of its parts. */
interface ServerRendered extends HTMLElement {
  contentReady(): Promise<unknown> | undefined;
  readonly partStyles?: readonly { cssText: string }[];
  disconnectedCallback(): void;
}

/** The elements Lit's renderer creates while `rendering` is set; they connect (their controllers read the seeded caches). */
let rendering: ServerRendered[] | undefined;
LitElementRenderer.renderOptions.push((litElement) => {
  if (rendering === undefined) return undefined;
  const element = litElement as unknown as ServerRendered;
  rendering.push(element);
  // Asks for what the content needs before the element connects: parts already loaded join it at once, with their controllers.
  element.contentReady();
  return { connectedCallback: true };
});

const HIDDEN_WHILE_PARSED = ':host{visibility:hidden}';
const SHOWN = ':host{visibility:inherit}';

const ATTRIBUTE_NAME = /^[a-z_:][-a-z0-9_:.]*$/;

/** One element through Lit's renderer, its reads in the caches (`seedReads`): its declarative shadow root, and the element's instance. */
function renderOne(entry: PlannedElement): { markup: string; element: ServerRendered } {
  const { tag, attributes, settings } = entry.element;
  const written = [...attributes].filter(([name]) => ATTRIBUTE_NAME.test(name)).map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
  rendering = [];
  try {
    const out = collectResultSync(
      render(html`<${unsafeStatic(tag)} ${unsafeStatic(written.join(' '))} .publishableKey=${settings.publishableKey} .market=${settings.market} .apiBase=${settings.apiBase}></${unsafeStatic(tag)}>`),
    );
    const element = rendering[0]!;
    const start = out.indexOf('<template shadowroot');
    const end = out.lastIndexOf('</template>') + '</template>'.length;
    let markup = start < 0 ? '' : out.slice(start, end);
    // Styles the element adopts from a part it loaded (the full summary's) are not among Lit's static styles:
    // after them (Lit's `<style>`, the first), in the order the browser adopts them, so that the same rules win.
    const extra = (element.partStyles ?? []).map((style) => style.cssText).join('');
    if (extra) markup = markup.replace('</style>', `</style><style>${extra}</style>`);
    // Its own values as rules of its shadow root's styles, not `style` attributes, which a strict CSP refuses.
    markup = stylesToRules(markup);
    // The browser shows a declarative shadow root as it parses it: a page that arrives in
    // pieces would show a summary with two of its five bars, then move its overview as the
    // rest arrive (a layout shift). Hidden until its last node is parsed, it appears whole.
    const opened = markup.indexOf('>') + 1;
    if (opened > 0) markup = `${markup.slice(0, opened)}<style>${HIDDEN_WHILE_PARSED}</style>${markup.slice(opened, -'</template>'.length)}<style>${SHOWN}</style></template>`;
    return { markup, element };
  } finally {
    for (const element of rendering ?? []) element.disconnectedCallback();
    rendering = undefined;
  }
}

/**
 * Puts a render's reads in the elements' caches (as `seedReads` does, without its await):
 * the render that follows must be in the same task, or another render that ends between
 * the two clears the caches and this one renders its elements loading.
 */
function seedNow(reads: readonly ServerRead[]): void {
  for (const read of reads) if (read.kind === 'rating') ratingsBatch(clientFor(read.api), read.market).remember(read.data, read.at);
  seedQueries(reads.filter((read) => read.kind === 'query'));
}

/**
 * Renders the `svc-*` elements of an HTML fragment on the server (Lit's SSR): each
 * covered element (`<svc-review-summary>`, full or badge, `<svc-reviews>` with its first
 * page, `<svc-shoppable-post>` from its `post-id`, `<svc-post-gallery>` in any layout
 * with its first page, and `<svc-rich-snippet>`)
 * gets its shadow root as a declarative `<template shadowrootmode="open">` and its
 * data, read with the publishable key, as JSON in a `<script type="application/json"
 * data-svc-state>` child, which the browser hands to the element (no second read while
 * the data is fresh; Lit's hydration takes the markup over). A rich snippet's JSON-LD is
 * written in place. Every other element, and one whose read fails or is not there by
 * `deadlineMs`, stays as written and renders in the browser as usual. Settings: each
 * element's own attributes, then its nearest `<svc-storefront>`'s, then `options`. The
 * renders of a process share their reads (read-cache.ts: the read proxy's cache, in `cache`; or the read proxy itself, `proxy`) and an element's markup for the
 * same reads (markup-cache.ts); `nonce` goes on every `<style>` written, and no `style`
 * attribute is (csp.ts).
 *
 * Refuses a key that is not publishable, and an API base that is not an absolute http(s)
 * URL, before any request.
 */
export async function renderWidgets(fragment: string, options: RenderWidgetsOptions): Promise<string> {
  assertPublishableKey(options.publishableKey);
  if (options.apiBase !== undefined) assertApiBase(options.apiBase);
  if (options.nonce !== undefined) assertNonce(options.nonce);
  const deadlineMs = options.deadlineMs ?? DEADLINE_MS;
  if (!(deadlineMs >= 0)) throw new RangeError(`storefront-widgets: deadlineMs must be a number of milliseconds, not ${String(options.deadlineMs)}.`);
  if (options.cache !== undefined && !['get', 'set', 'delete'].every((method) => typeof (options.cache as unknown as Record<string, unknown> | null)?.[method] === 'function')) {
    throw new TypeError('storefront-widgets: cache must be a ReadStore (get, set and delete), such as memoryStore() or noStore() of storefront-widgets/edge.');
  }
  if (options.proxy !== undefined) {
    if (typeof options.proxy !== 'function' || typeof options.proxy.basePath !== 'string') throw new TypeError('storefront-widgets: proxy must be a read proxy made by createStorefrontProxy() of storefront-widgets/edge.');
    if (options.cache !== undefined) throw new TypeError("storefront-widgets: give renderWidgets either cache or proxy, not both: with proxy, the reads are kept in the proxy's store.");
  }
  const settings = { publishableKey: options.publishableKey, market: options.market, apiBase: options.apiBase };
  const { elements, jsonLd } = readFragment(fragment, settings);
  // Each element as soon as its reads are in, while the others' are on their way: an element
  // rendered before with the same settings and the same reads as it was; any other from
  // caches seeded with its reads just before, nothing awaited between.
  const done = new Map<PlannedElement, { markup: string; waits: Promise<unknown> | undefined; fresh: boolean }>();
  const renderNow = (entry: PlannedElement) => {
    const kept = keptMarkup.get(markupKey(entry));
    if (kept !== undefined) return void done.set(entry, { markup: kept, waits: undefined, fresh: false });
    seedNow(entry.reads);
    const { markup, element } = renderOne(entry);
    done.set(entry, { markup, waits: element.contentReady(), fresh: true });
  };
  const planned = await readAll(elements, { source: options.proxy ? proxyReads(options.proxy) : readsThrough(options.cache), deadlineMs, onReady: renderNow });
  if (planned.length === 0) return fragment;
  // (One whose render threw is left as written, as one whose read failed.)
  const rendered = planned.flatMap((entry) => {
    const one = done.get(entry);
    return one === undefined ? [] : [{ entry, ...one }];
  });
  if (rendered.length === 0) return fragment;
  const toRender = rendered.filter((one) => one.fresh).map((one) => one.entry);
  const allReads = toRender.flatMap((entry) => entry.reads);
  // What some content waited for (strings of another language, the full summary's part), now
  // asked for: those elements again, with it, from caches seeded anew (another render may have cleared them).
  const again = rendered.filter((one) => one.waits !== undefined);
  if (again.length > 0) {
    await Promise.all(again.map((one) => one.waits));
    seedNow(allReads);
    for (const one of again) one.markup = renderOne(one.entry).markup;
  }
  for (const one of rendered) if (one.fresh) keptMarkup.set(markupKey(one.entry), one.markup);
  const inserts = rendered.map(({ entry, markup }) => {
    // A rich snippet's work is done here, its JSON-LD in place. Hidden, it never comes near the
    // viewport, so the browser never loads its code (see the loader): no data to carry for it.
    const snippet = entry.element.tag === 'svc-rich-snippet';
    const state = snippet ? '' : `<script type="application/json" ${SERVER_STATE_ATTRIBUTE}>${serializeJsonLd(entry.reads)}</script>`;
    return { at: entry.element.insertAt, text: withNonce(markup, options.nonce) + state + (snippet ? inPlaceSnippet(entry, jsonLd) : '') };
  });
  // The elements' caches hold nothing past a render (a product's ratings stay in its batch, a few numbers each): the reads are kept in the read cache.
  for (const client of new Set(toRender.map((entry) => entry.client))) queryClientFor(client).clear();
  let out = '';
  let from = 0;
  for (const insert of inserts) {
    out += fragment.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return out + fragment.slice(from);
}

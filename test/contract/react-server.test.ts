import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElement, isValidElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { InvalidKeyError } from '../../src/api/errors.ts';
import { noStore } from '../../src/edge/index.ts';
import { PostGallery, renderWidget, ReviewSummary, RichSnippet, Storefront, WidgetHost, type WidgetData } from '../../src/react-server.ts';
import * as fallback from '../../src/react-server-fallback.ts';
import * as server from '../../src/react-server.ts';
import { ELEMENTS } from '../../src/elements/catalog.ts';
import { reserveCss } from '../../src/elements/reserve.ts';
import { hostAttributes } from '../../src/react/render-widget.ts';
import { ON_ITS_WAY_MS } from '../../src/ssr/server-reads.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';

/**
 * `storefront-widgets/react/server` in Node against the emulator (HTTP): the server
 * components and `renderWidget` render through `renderWidgets`, and `<WidgetHost>` writes
 * the host with the server's markup inside (React's own server renderer). In a page:
 * the Next.js recipe (test/frameworks/run.mjs).
 */
const apiBase = inject('apiBase');
const PRODUCT = 'aster-linen-shirt';
// A deadline far above the default: these tests are about what a render writes, on a busy machine.
const settings = (key: string) => ({ publishableKey: key, market: 'us', apiBase, deadlineMs: 10_000 });

/** Calls an async server component as React's server renderer would, and renders its result to HTML. */
async function serverHtml(component: unknown, props: Record<string, unknown>): Promise<{ element: ReactElement<{ widget: WidgetData }>; html: string }> {
  const element = await (component as (props: Record<string, unknown>) => Promise<ReactElement<{ widget: WidgetData }>>)(props);
  expect(isValidElement(element)).toBe(true);
  return { element, html: renderToString(element) };
}

describe('server components', () => {
  it('<ReviewSummary> returns its host with the shadow root and data inside, as a string React writes as is: the figures are in the HTML', async () => {
    const key = await testKey(apiBase, 'rsc_summary');
    const { element, html } = await serverHtml(ReviewSummary, { productRef: PRODUCT, ...settings(key) });
    // The declarative shadow root is the host's inner HTML, never a React element of its own.
    expect(element.type).toBe(WidgetHost);
    expect(element.props.widget.html).toMatch(/^<template shadowroot="open" shadowrootmode="open">/);
    expect(html).toMatch(new RegExp(`^<svc-review-summary product-ref="${PRODUCT}" publishable-key="${key}" market="us" api-base="[^"]+"><template shadowroot="open" shadowrootmode="open">`));
    expect(html).toMatch(/\d+ reviews/);
    expect(html).toContain('<script type="application/json" data-svc-state>');
    expect(html).not.toMatch(/suppressHydrationWarning|suppresshydrationwarning/);
    expect((await requestLog(apiBase, key)).map((entry) => entry.path)).toEqual([`/v1/products/${PRODUCT}/review-summary`]);
  });

  it('<RichSnippet> puts the product JSON-LD in the HTML, as a script of its own: no element, which would read it again in the browser', async () => {
    const key = await testKey(apiBase, 'rsc_snippet');
    const { html } = await serverHtml(RichSnippet, { productRef: PRODUCT, ...settings(key) });
    const jsonLd = /^<script type="application\/ld\+json" data-svc-rich-snippet="aster-linen-shirt">([\s\S]*?)<\/script>$/.exec(html)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'Product', aggregateRating: { '@type': 'AggregateRating' } });
    expect(html).not.toContain('svc-rich-snippet>');
  });

  it("<PostGallery firstViewport> renders <svc-post-gallery first-viewport> (its first row's pictures in the HTML) and preloads its first photo", async () => {
    const key = await testKey(apiBase, 'rsc_gallery');
    const { element } = await serverHtml(PostGallery, { productRef: PRODUCT, pageSize: 4, firstViewport: true, ...settings(key) });
    const posts = (await (await fetch(`${apiBase}/v1/posts?market=us&product_ref=${PRODUCT}&limit=4`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { type: string; media: { location: string; poster?: string } }[] };
    const first = posts.data[0]!;
    expect(element.props.widget.image).toEqual({ href: first.type === 'VIDEO' ? first.media.poster : first.media.location });
    expect(element.props.widget.attributes['first-viewport']).toBe('');
    expect(element.props.widget.html).toMatch(new RegExp(`<img\\b[^>]*\\sfetchpriority="high"[^>]*\\ssrc="${element.props.widget.image!.href.replace(/[.?*+^$()[\]\\]/g, '\\$&')}"`));
    // React's preload, as a server render writes it: a <link rel="preload"> with high priority.
    const html = renderToString(createElement(WidgetHost, { widget: element.props.widget, preload: true }));
    expect(html).toContain(`<link rel="preload" href="${element.props.widget.image!.href}" as="image" fetchPriority="high"/>`);
    expect(renderToString(createElement(WidgetHost, { widget: element.props.widget }))).not.toContain('rel="preload"');
  });

  it('refuses a secret key before any request, and before it reaches the page', async () => {
    // An API of its own, which counts what reaches it.
    let requests = 0;
    const api = createServer((_request, response) => void (requests++, response.writeHead(500).end()));
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
    onTestFinished(() => new Promise<void>((done) => api.close(() => done())));
    const own = { publishableKey: 'svc_sk_live_secret_1234567', market: 'us', apiBase: `http://127.0.0.1:${(api.address() as AddressInfo).port}` };
    await expect(serverHtml(ReviewSummary, { productRef: PRODUCT, ...own })).rejects.toThrow(InvalidKeyError);
    await expect(Storefront(own)).rejects.toThrow(InvalidKeyError);
    await expect(renderWidget('svc-reviews', { productRef: PRODUCT }, own)).rejects.toThrow(InvalidKeyError);
    expect(requests).toBe(0);
  });

  it('says what is missing: settings, or a tag it does not render', async () => {
    await expect(serverHtml(ReviewSummary, { productRef: PRODUCT })).rejects.toThrow(/inside <Storefront publishableKey/);
    await expect(renderWidget('svc-nope' as 'svc-reviews', {}, settings('svc_pk_demo'))).rejects.toThrow(/renders svc-post-gallery, .*not "svc-nope"/);
  });
});

describe('renderWidget and <WidgetHost> (React Router and Hydrogen loaders)', () => {
  it('gives plain data that survives JSON, which <WidgetHost> renders with the nonce on every style', async () => {
    const key = await testKey(apiBase, 'rsc_loader');
    const widget = await renderWidget('svc-reviews', { productRef: PRODUCT, pageSize: 3 }, settings(key));
    const crossed = JSON.parse(JSON.stringify(widget)) as WidgetData;
    expect(crossed).toEqual(widget);
    const html = renderToString(createElement(WidgetHost, { widget: crossed, nonce: 'bm9uY2U=' }));
    expect(html).toMatch(/^<svc-reviews [^>]*><template shadowroot="open" shadowrootmode="open"><style nonce="bm9uY2U=">/);
    expect(html).toMatch(/^<svc-reviews product-ref="aster-linen-shirt" page-size="3" publishable-key="[^"]+" market="us" api-base="[^"]+">/);
    expect(html).not.toMatch(/<style>/);
    expect(() => renderToString(createElement(WidgetHost, { widget: crossed, nonce: '"><script>' }))).toThrow(/nonce/);
  });

  it("for a page load (the loader's request says document), the markup is the server render's alone: the data serialized into the page leaves it out", async () => {
    const key = await testKey(apiBase, 'rsc_page_load');
    const pageLoad = new Request('https://shop.example/products/x', { headers: { 'sec-fetch-dest': 'document' } });
    const widget = await renderWidget('svc-reviews', { productRef: PRODUCT, pageSize: 3 }, { ...settings(key), request: pageLoad });
    // The server's render writes the whole host, as without a request.
    const html = renderToString(createElement(WidgetHost, { widget, nonce: 'bm9uY2U=' }));
    expect(html).toMatch(/^<svc-reviews [^>]*><template shadowroot="open" shadowrootmode="open"><style nonce="bm9uY2U=">/);
    expect(html).toContain('data-svc-state');
    // What crosses to the browser (a serializer that walks the keys, as React Router's does): no markup, and where it is.
    const crossed = JSON.parse(JSON.stringify(widget)) as Record<string, unknown>;
    expect(crossed).toEqual({ tag: 'svc-reviews', attributes: widget.attributes, inDocument: true });
    expect(JSON.stringify(widget)).not.toContain('shadowroot');
    // A soft navigation's data request (a fetch says empty), or no header: the data holds the markup.
    for (const headers of [{ 'sec-fetch-dest': 'empty' }, {}] as Record<string, string>[]) {
      const data = await renderWidget('svc-reviews', { productRef: PRODUCT, pageSize: 3 }, { ...settings(key), request: new Request('https://shop.example/products/x.data', { headers }) });
      expect(JSON.parse(JSON.stringify(data))).toEqual({ tag: 'svc-reviews', attributes: widget.attributes, html: data.html });
      expect(data.html).toContain('shadowrootmode');
    }
    // A render that gave nothing has nothing to leave out: the element renders in the browser.
    const empty = await renderWidget('svc-review-summary', { productRef: PRODUCT }, { ...settings(await testKey(apiBase, 'rsc_page_load_late', { faults: { latencyMs: ON_ITS_WAY_MS + 1_000 } })), cache: noStore(), deadlineMs: 50, request: pageLoad });
    expect(JSON.parse(JSON.stringify(empty))).toMatchObject({ html: '' });
  });

  it('a render that missed its deadline gives an empty host, which renders in the browser as without a server', async () => {
    // Slower than the deadline and the wait for a read on its way together.
    const key = await testKey(apiBase, 'rsc_deadline', { faults: { latencyMs: ON_ITS_WAY_MS + 1_000 } });
    // No store: nothing read before for another key answers it.
    const widget = await renderWidget('svc-review-summary', { productRef: PRODUCT }, { ...settings(key), cache: noStore(), deadlineMs: 50 });
    expect(widget.html).toBe('');
    // Its space held while the browser renders it: the summary's reservation rules, in a style before the host.
    expect(widget.reserve).toBe(reserveCss(['svc-review-summary']));
    expect(renderToString(createElement(WidgetHost, { widget, nonce: 'bm9uY2U=' }))).toBe(
      `<style nonce="bm9uY2U=">${widget.reserve}</style><svc-review-summary product-ref="${PRODUCT}" publishable-key="${key}" market="us" api-base="${apiBase}"></svc-review-summary>`,
    );
  });

  it('belowFold leaves the element to the browser on a page load: no read on the server, no markup, its space held by its own reservation rules alone', async () => {
    const key = await testKey(apiBase, 'rsc_below_fold');
    const pageLoad = new Request('https://shop.example/', { headers: { 'sec-fetch-dest': 'document' } });
    const widget = await renderWidget('svc-reviews', { productRef: PRODUCT, pageSize: 3 }, { ...settings(key), belowFold: true, request: pageLoad });
    expect(JSON.parse(JSON.stringify(widget))).toEqual({ tag: 'svc-reviews', attributes: { 'product-ref': PRODUCT, 'page-size': '3', 'publishable-key': key, market: 'us', 'api-base': apiBase }, html: '', reserve: reserveCss(['svc-reviews']) });
    // The list's rules only: a few hundred bytes, not the whole sheet's.
    expect(widget.reserve).toContain('svc-reviews');
    expect(widget.reserve).not.toMatch(/svc-(post-gallery|shoppable-post|review-summary)/);
    expect(widget.reserve!.length).toBeLessThan(reserveCss().length / 10);
    const html = renderToString(createElement(WidgetHost, { widget, nonce: 'bm9uY2U=' }));
    expect(html).toMatch(/^<style nonce="bm9uY2U=">:where\(svc-reviews:not\(:defined\)[^<]*<\/style><svc-reviews product-ref="aster-linen-shirt" page-size="3"[^>]*><\/svc-reviews>$/);
    expect(await requestLog(apiBase, key)).toEqual([]);
    // A bad value, a secret key: refused before any request.
    await expect(renderWidget('svc-reviews', { productRef: PRODUCT }, { ...settings(key), belowFold: 'yes' as unknown as boolean, request: pageLoad })).rejects.toThrow(/belowFold is true or false; not "yes"/);
    await expect(renderWidget('svc-reviews', { productRef: PRODUCT }, { ...settings('svc_sk_secret'), belowFold: true, request: pageLoad })).rejects.toThrow(InvalidKeyError);
    expect(await requestLog(apiBase, key)).toEqual([]);
    // A soft navigation's data request, or no request: the server renders it, and writes no reservation (the markup holds its size).
    for (const request of [new Request('https://shop.example/x.data', { headers: { 'sec-fetch-dest': 'empty' } }), undefined]) {
      const rendered = await renderWidget('svc-reviews', { productRef: PRODUCT, pageSize: 3 }, { ...settings(key), belowFold: true, request });
      expect(rendered.html).toContain('part="review-body"');
      expect(rendered.reserve).toBeUndefined();
    }
    // What would close the style element is never written.
    expect(renderToString(createElement(WidgetHost, { widget: { ...widget, reserve: 'a{}</style><script>alert(1)</script>' } }))).not.toContain('<script>');
  });

  it("the host's attributes: element properties by their attribute names, className as class; false and unknown names left out; a handler or an object refused", () => {
    expect(() => hostAttributes('svc-post-gallery', { productRef: 'linen', onProductSelect: () => undefined })).toThrow(/takes no onProductSelect: a handler cannot cross to the browser/);
    expect(() => hostAttributes('svc-post-gallery', { productRef: 'linen', strings: { retry: 'Again' } })).toThrow(/takes strings as an attribute only/);
    expect(hostAttributes('svc-post-gallery', { productRef: 'linen', pageSize: 8, autoplay: true, company: false, className: 'wide', 'data-x': 'y', 'bad name': 'x', publishableKey: 'svc_pk_x' })).toEqual({
      'product-ref': 'linen',
      'page-size': '8',
      autoplay: '',
      class: 'wide',
      'data-x': 'y',
    });
  });

  it('has a server component for every element of the catalog, under its client name, in both entries', () => {
    for (const { react } of ELEMENTS) {
      expect(typeof (server as Record<string, unknown>)[react], react).toBe('function');
      expect(typeof (fallback as Record<string, unknown>)[react], react).toBe('function');
    }
  });

  it('outside a server components render, the components say where they belong', () => {
    expect(() => (fallback.ReviewSummary as () => unknown)()).toThrow(/React Server Component: render it in a server component .* renderWidget\(\)/);
    expect(fallback.renderWidget).toBe(renderWidget);
  });
});

import { createElement, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WidgetHost } from '../../src/react/widget-host.ts';
import type { WidgetData } from '../../src/react/widget-data.ts';

/**
 * `<WidgetHost>` in Chromium with React 19: the server's markup hydrated as it is (its
 * declarative shadow root parsed by the browser, no hydration error), and in a client
 * render (a soft navigation) a new host for another element, the same host kept for the
 * same one, and the page's own nonce on the styles. An undefined tag stands for the
 * element: what is tested is React's side.
 */
const markup = (text: string, nonce = '') => `<template shadowrootmode="open"><style${nonce ? ` nonce="${nonce}"` : ''}>p{color:red}</style><p>${text}</p></template><script type="application/json" data-svc-state>[]</script>`;
const widget = (ref: string, html: string): WidgetData => ({ tag: 'x-widget-host', attributes: { 'product-ref': ref, market: 'us' }, html });

function container(): HTMLElement {
  const box = document.createElement('div');
  document.body.append(box);
  onTestFinished(() => box.remove());
  return box;
}

/**
 * Hydrates `box` with `element` as React would in a page, and gives what it reported: its
 * recoverable errors, and what its development build put on the console (a mismatch).
 */
async function hydrateReporting(box: HTMLElement, element: ReactElement): Promise<{ errors: unknown[]; logged: string[] }> {
  const errors: unknown[] = [];
  const logged = vi.spyOn(console, 'error');
  onTestFinished(() => logged.mockRestore());
  const root = hydrateRoot(box, element, { onRecoverableError: (error) => errors.push(error) });
  onTestFinished(() => root.unmount());
  await new Promise((done) => setTimeout(done, 50));
  return { errors, logged: logged.mock.calls.map((call) => String(call[0])) };
}

afterEach(() => document.querySelectorAll('script[data-test-nonce]').forEach((script) => script.remove()));

describe('<WidgetHost>', () => {
  it("hydrates the server's markup with no error: the browser made the shadow root, React left it alone", async () => {
    const box = container();
    const server = widget('linen', markup('Server text', 'c2VydmVy'));
    box.setHTMLUnsafe(renderToString(createElement(WidgetHost, { widget: server, nonce: 'c2VydmVy' })));
    const host = box.querySelector('x-widget-host')!;
    expect(host.shadowRoot?.textContent).toBe('p{color:red}Server text');
    // In the browser the nonce is hidden: the client's render has none, and differs from the server's markup.
    const { errors, logged } = await hydrateReporting(box, createElement(WidgetHost, { widget: server }));
    expect(errors).toEqual([]);
    // React's development build reports a mismatch on the console.
    expect(logged).toEqual([]);
    expect(box.querySelector('x-widget-host')).toBe(host);
    expect(host.querySelector('template')).toBeNull();
  });

  it("hydrates a page load's data, which holds no markup (inDocument), keeping the HTML's host, shadow root and state as they are", async () => {
    const box = container();
    const server = widget('linen', markup('Server text'));
    box.setHTMLUnsafe(renderToString(createElement(WidgetHost, { widget: server })));
    const host = box.querySelector('x-widget-host')!;
    const state = host.querySelector('script[data-svc-state]');
    expect(state).not.toBeNull();
    // The data as it crossed to the browser: no markup.
    const crossed = { tag: server.tag, attributes: server.attributes, inDocument: true } as WidgetData;
    const { errors, logged } = await hydrateReporting(box, createElement(WidgetHost, { widget: crossed }));
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(box.querySelector('x-widget-host')).toBe(host);
    expect(host.shadowRoot?.textContent).toBe('p{color:red}Server text');
    expect(host.querySelector('script[data-svc-state]')).toBe(state);
  });

  it("loads its element's code: at once for a host without server markup, once near the viewport for one with it", async () => {
    const box = container();
    const root = createRoot(box);
    onTestFinished(() => root.unmount());
    const settings = { market: 'us', 'publishable-key': 'svc_pk_demo' };
    // A host with the server's markup three screens down, and one without markup (its render missed its deadline).
    const far = { tag: 'svc-review-summary', attributes: { ...settings, 'product-ref': 'linen' }, html: markup('Far below') };
    const empty = { tag: 'svc-storefront', attributes: settings, html: '' };
    flushSync(() => root.render([createElement('div', { key: 'spacer', style: { height: '300vh' } }), createElement(WidgetHost, { key: 'far', widget: far }), createElement(WidgetHost, { key: 'empty', widget: empty })]));
    await expect.poll(() => customElements.get('svc-storefront')).toBeDefined();
    await new Promise((done) => setTimeout(done, 300));
    expect(customElements.get('svc-review-summary')).toBeUndefined();
    box.querySelector('svc-review-summary')!.scrollIntoView();
    await expect.poll(() => customElements.get('svc-review-summary')).toBeDefined();
    // What it did not show is not loaded.
    expect(customElements.get('svc-reviews')).toBeUndefined();
    // Its first update, over markup that is not Lit's (Lit logs an error and it renders anew), ends within this
    // test: in a CI run it came during the next one, whose watch of the console took it for React's.
    await expect.poll(() => (box.querySelector('svc-review-summary') as unknown as { hasUpdated: boolean }).hasUpdated).toBe(true);
  });

  it("holds the space of a host without the server's markup with its reservation rules, and hydrates them with no error", async () => {
    const box = container();
    const left = { ...widget('linen', ''), reserve: ':where(x-widget-host:not(:defined)){display:block}:where(x-widget-host:not(:defined))::before{content:"";display:block;height:123px}' };
    box.setHTMLUnsafe(renderToString(createElement(WidgetHost, { widget: left, nonce: 'c2VydmVy' })));
    const host = box.querySelector('x-widget-host')!;
    expect(host.previousElementSibling?.localName).toBe('style');
    expect(host.getBoundingClientRect().height).toBe(123);
    const { errors, logged } = await hydrateReporting(box, createElement(WidgetHost, { widget: left }));
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(box.querySelector('x-widget-host')).toBe(host);
    expect(host.getBoundingClientRect().height).toBe(123);
  });

  it('in a client render: another element gets a new host with its markup, the same one keeps its host and first markup', () => {
    const box = container();
    const root = createRoot(box);
    onTestFinished(() => root.unmount());
    flushSync(() => root.render(createElement(WidgetHost, { widget: widget('linen', markup('First')) })));
    const first = box.querySelector('x-widget-host')!;
    // The same element again, its markup different by its nonce only (a new response's): the host is not written again.
    flushSync(() => root.render(createElement(WidgetHost, { widget: widget('linen', markup('First', 'bmV3')) })));
    expect(box.querySelector('x-widget-host')).toBe(first);
    expect(first.querySelector('template')!.content.querySelector('style')!.hasAttribute('nonce')).toBe(false);
    // Another product: a new host, which the element takes over as it connects.
    flushSync(() => root.render(createElement(WidgetHost, { widget: widget('tote', markup('Second')) })));
    const second = box.querySelector('x-widget-host')!;
    expect(second).not.toBe(first);
    expect(second.getAttribute('product-ref')).toBe('tote');
    expect(second.querySelector('template')!.content.textContent).toContain('Second');
  });

  it("puts the page's own nonce on the styles of markup that came after the page", () => {
    const script = document.createElement('script');
    script.nonce = 'cGFnZQ==';
    script.dataset['testNonce'] = '';
    document.head.append(script);
    const box = container();
    const root = createRoot(box);
    onTestFinished(() => root.unmount());
    flushSync(() => root.render(createElement(WidgetHost, { widget: widget('linen', markup('Later', 'b3RoZXI=')) })));
    const style = box.querySelector<HTMLTemplateElement>('x-widget-host > template')!.content.querySelector('style')!;
    expect(style.getAttribute('nonce')).toBe('cGFnZQ==');
  });
});

'use client';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { assertNonce, withNonce } from '../ssr/csp.js';
import { loadElementNear } from './element-modules.js';
import type { ImagePreload, WidgetData } from './widget-data.js';

export interface WidgetHostProps {
  /** The element as the server rendered it (`renderWidget`, or a server component). */
  widget: WidgetData;
  /**
   * The page's Content-Security-Policy nonce, when the render had none (a Hydrogen
   * loader runs before the response's nonce is made: `nonce={useNonce()}`): every
   * `<style>` of the markup gets it.
   */
  nonce?: string | undefined;
  /** The gallery is in the first viewport: its first photo is preloaded with high priority (the page's LCP). */
  preload?: boolean | undefined;
  /** Inside a `<svc-storefront>` host: the elements it gives its settings to. */
  children?: React.ReactNode;
}

/** React 19's `preload`; React 17 and 18 have none (a `<link rel="preload">` is written instead). */
const preloadResource = (ReactDOM as { preload?: (href: string, options: { as: 'image'; fetchPriority?: 'high' }) => void }).preload;

/**
 * Renders an element the server rendered: its host with the declarative shadow root and
 * data as its inner HTML, which React neither writes again when it hydrates nor
 * compares (`suppressHydrationWarning`: the browser has already turned the template into
 * the shadow root, and the element may have hydrated first). It never writes `<template
 * shadowrootmode>` as JSX: React 19 does not know it and fails hydration. In the browser
 * it registers its element, whose code it fetches as a chunk of its own once the host is
 * near the viewport (see `loadElementNear`).
 */
export function WidgetHost({ widget, nonce, preload = false, children }: WidgetHostProps): React.ReactElement {
  if (nonce !== undefined) assertNonce(nonce);
  // Another element (another product, say) is a new host, which takes its server markup over as it connects; the same one keeps its own.
  // In the browser, a page load's data has no markup (`inDocument`): the host is hydrated as the HTML has it.
  const html = widget.inDocument === true && widget.html === undefined ? undefined : withNonce(widget.html, nonce);
  const hosted = React.createElement(Host, { key: `${widget.tag} ${JSON.stringify(widget.attributes)}`, widget, html }, children);
  // Without the server's markup, the rules that hold its space until the browser has rendered it (CSS: nothing in it may close the style element).
  // The browser hides a nonce once the page's policy has used it: its attribute no longer matches when React hydrates.
  const reserve = widget.reserve && !/<\/style/i.test(widget.reserve) ? React.createElement('style', { nonce, dangerouslySetInnerHTML: { __html: widget.reserve }, suppressHydrationWarning: true }) : undefined;
  const host = reserve === undefined ? hosted : React.createElement(React.Fragment, null, reserve, hosted);
  if (!preload || widget.image === undefined) return host;
  if (preloadResource !== undefined) {
    preloadResource(widget.image.href, { as: 'image', fetchPriority: 'high' });
    return host;
  }
  return React.createElement(React.Fragment, null, preloadLink(widget.image), host);
}

/**
 * The host with the first markup it was given: a later render with the same element (a
 * soft navigation to the same page, whose markup differs by its nonce alone) would set
 * its inner HTML again, under the shadow root the element already has, and the element
 * would not take it over. The element keeps its own data fresh.
 */
function Host({ widget, html, children }: { widget: WidgetData; html: string | undefined; children?: React.ReactNode }): React.ReactElement {
  const [first] = React.useState(() => (html === undefined ? undefined : withPageNonce(html)));
  const ref = React.useRef<HTMLElement>(null);
  React.useEffect(() => loadElementNear(widget.tag, ref.current!, first !== ''), [widget.tag, first]);
  const props: Record<string, unknown> = { ...widget.attributes, ref, suppressHydrationWarning: true };
  // The HTML's markup, which React neither compares nor writes when it hydrates: an empty string stands for it.
  if (first !== '') props['dangerouslySetInnerHTML'] = { __html: first ?? '' };
  return React.createElement(widget.tag, props, first === '' ? children : undefined);
}

/**
 * In the browser, the markup with the page's own nonce on its styles: markup that comes
 * after the page (a soft navigation's server render) carries the nonce of its own
 * response, which the page's Content-Security-Policy does not know. The page's nonce is
 * on its scripts (the browser hides the attribute's value, not the property's). The
 * markup is the library's own server render, whose only styles are `<style>` elements.
 */
function withPageNonce(html: string): string {
  const nonce = typeof document === 'undefined' ? undefined : [...document.scripts].find((script) => script.nonce)?.nonce;
  if (!nonce) return html;
  try {
    assertNonce(nonce);
  } catch {
    return html;
  }
  return withNonce(html.replace(/<style nonce="[^"]*">/g, '<style>'), nonce);
}

/** A `<link rel="preload">` beside the host, for React 17 and 18 (React 19 puts `preload`'s in `<head>`). */
function preloadLink(image: ImagePreload): React.ReactElement {
  return React.createElement('link', { rel: 'preload', as: 'image', href: image.href, fetchpriority: 'high' });
}

'use client';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { assertNonce, withNonce } from '../ssr/csp.js';
import type { ImagePreload, WidgetData } from './widget-data.js';
import '../register.js';

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
 * shadowrootmode>` as JSX: React 19 does not know it and fails hydration. Importing it
 * registers the elements in the browser.
 */
export function WidgetHost({ widget, nonce, preload = false, children }: WidgetHostProps): React.ReactElement {
  if (nonce !== undefined) assertNonce(nonce);
  const props: Record<string, unknown> = { ...widget.attributes, suppressHydrationWarning: true };
  if (widget.html !== '') props['dangerouslySetInnerHTML'] = { __html: withNonce(widget.html, nonce) };
  const host = React.createElement(widget.tag, props, widget.html === '' ? children : undefined);
  if (!preload || widget.image === undefined) return host;
  if (preloadResource !== undefined) {
    preloadResource(widget.image.href, { as: 'image', fetchPriority: 'high' });
    return host;
  }
  return React.createElement(React.Fragment, null, preloadLink(widget.image), host);
}

/** A `<link rel="preload">` beside the host, for React 17 and 18 (React 19 puts `preload`'s in `<head>`). */
function preloadLink(image: ImagePreload): React.ReactElement {
  return React.createElement('link', { rel: 'preload', as: 'image', href: image.href, fetchpriority: 'high' });
}

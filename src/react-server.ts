/**
 * React Server Components for the elements (`storefront-widgets/react/server`, under the
 * `react-server` condition: the Next.js App Router's server components). Each is an async
 * component that renders its element on the server through `renderWidgets` (its cache,
 * deadline and `proxy` option; the nonce on every style) and returns the host with its
 * declarative shadow root and data inside (`<WidgetHost>`), so that the page's HTML holds
 * the reviews, the posts and the JSON-LD, and the element hydrates without reading again:
 *
 * ```tsx
 * <Storefront publishableKey="svc_pk_…" market="us" nonce={nonce}>
 *   <ReviewSummary productRef="linen-shirt" />
 *   <PostGallery productRef="linen-shirt" pageSize={4} firstViewport />
 * </Storefront>
 * ```
 *
 * Event handlers cannot cross from a server component: for `onProductSelect` and the
 * like, listen in a client component around them (the events bubble), or use the client
 * wrappers of `storefront-widgets/react`. For React Router and Hydrogen loaders,
 * `renderWidget` gives the same render as data for `<WidgetHost>`.
 */
import { cache, createElement, type ReactElement, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { ConfigError } from './api/errors.js';
import type * as Client from './react.js';
import { renderWidget, settingsAttributes, type RenderWidgetOptions, type WidgetTag } from './react/render-widget.js';
import { WidgetHost } from './react/widget-host.js';

export { renderWidget, type LoaderRenderOptions, type RenderWidgetOptions, type WidgetTag } from './react/render-widget.js';
export { WidgetHost, type WidgetHostProps } from './react/widget-host.js';
export type { ImagePreload, WidgetData } from './react/widget-data.js';

/** How a server component renders: the settings, and `renderWidgets`' options. Given on `<Storefront>` for all, or on one component. */
export type ServerRenderOptions = Partial<RenderWidgetOptions>;

/** Of `P`, the props a server render writes as attributes: strings, numbers and booleans. */
type AttributeProps<P> = { [K in keyof P as NonNullable<P[K]> extends string | number | boolean ? K : never]: P[K] };

/** A client wrapper's props that are attributes, without its events (a server has none). */
type ServerProps<C> = Omit<AttributeProps<C extends (props: infer P) => unknown ? P : never>, `on${string}`> & ServerRenderOptions;

/** The request's `<Storefront>` settings (React's `cache`: one object per server request). */
const requestSettings = cache((): { settings?: ServerRenderOptions; conflict?: boolean } => ({}));

const OPTION_NAMES = ['publishableKey', 'market', 'apiBase', 'nonce', 'deadlineMs', 'cache', 'proxy'] as const;

/** `props`' own options (the settings and `renderWidgets`' options), and the rest: the element's. */
function split(props: Record<string, unknown>): { own: ServerRenderOptions; rest: Record<string, unknown> } {
  const own: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if ((OPTION_NAMES as readonly string[]).includes(name)) {
      if (value !== undefined) own[name] = value;
    } else rest[name] = value;
  }
  return { own, rest };
}

/**
 * `<svc-storefront>` with its settings, and those settings (and `renderWidgets`' options:
 * `nonce`, `deadlineMs`, `cache` or `proxy`) for the server components rendered in the
 * same request. A request's `<Storefront>`s must agree: for settings of its own, give
 * them to the component itself.
 */
export async function Storefront(props: ServerRenderOptions & Pick<RenderWidgetOptions, 'publishableKey' | 'market'> & { children?: ReactNode }): Promise<ReactElement> {
  const { own } = split(props);
  // A secret key is refused before it reaches the page, or any request.
  const attributes = settingsAttributes(own as RenderWidgetOptions);
  const scope = requestSettings();
  if (scope.settings !== undefined && OPTION_NAMES.some((name) => scope.settings![name] !== own[name])) scope.conflict = true;
  scope.settings = own;
  return createElement(WidgetHost, { widget: { tag: 'svc-storefront', attributes, html: '' } }, props.children);
}

/** The options a component renders with: its own, over its request's `<Storefront>`'s. */
function optionsFor(tag: WidgetTag, own: ServerRenderOptions): RenderWidgetOptions {
  const scope = requestSettings();
  const missing = OPTION_NAMES.filter((name) => name === 'publishableKey' || name === 'market').filter((name) => own[name] === undefined);
  if (missing.length > 0 && scope.conflict) {
    throw new ConfigError(`storefront-widgets: <${tag}> takes its settings from <Storefront>, and this request rendered several with different settings: give the component its own ${missing.join(' and ')}.`);
  }
  const options = { ...scope.settings, ...own };
  if (options.publishableKey === undefined || options.market === undefined) {
    throw new ConfigError(`storefront-widgets: <${tag}> needs a publishable key and a market: render it inside <Storefront publishableKey="svc_pk_…" market="…">, or give it its own.`);
  }
  return options as RenderWidgetOptions;
}

/** A server component for `tag`. */
function serverComponent<P extends ServerRenderOptions>(tag: WidgetTag, displayName: string): ((props: P) => Promise<ReactElement>) & { displayName: string } {
  const component = async (props: P): Promise<ReactElement> => {
    const { own, rest } = split(props as Record<string, unknown>);
    const { firstViewport } = rest;
    // `<svc-post-gallery first-viewport>`: its first row's pictures in the HTML, shown before any script.
    const widget = await renderWidget(tag, rest, optionsFor(tag, own));
    // In the first viewport, the gallery's first photo is the page's largest: asked for from `<head>`, before any script.
    // Twice: `<WidgetHost>` writes it in the server's HTML (a hint of this render reached Next's HTML too late, or not at
    // all), and this hint in the payload of a soft navigation has the browser fetch it before the page's code runs.
    const preloadImage = firstViewport === true && widget.image !== undefined;
    if (preloadImage) preload(widget.image!.href, { as: 'image', fetchPriority: 'high' });
    return createElement(WidgetHost, { widget, preload: preloadImage });
  };
  return Object.assign(component, { displayName });
}

/** `<PostGallery>`'s props: `<svc-post-gallery>`'s attributes; `firstViewport`: in the first viewport, its first row's pictures are in the HTML and its first photo is preloaded (the page's LCP). */
export type PostGalleryProps = ServerProps<typeof Client.PostGallery> & { firstViewport?: boolean | undefined };
/** `<svc-post-gallery>` with its first page. `firstViewport`: its first row's pictures are in the HTML, and its first photo is preloaded (the page's LCP). */
export const PostGallery = serverComponent<PostGalleryProps>('svc-post-gallery', 'PostGallery');

/** `<svc-shoppable-post>` with its post. */
export const ShoppablePost = serverComponent<ShoppablePostProps>('svc-shoppable-post', 'ShoppablePost');
/** `<ShoppablePost>`'s props: `<svc-shoppable-post>`'s attributes, and the render's options. */
export type ShoppablePostProps = ServerProps<typeof Client.ShoppablePost>;

/** `<svc-review-summary>` with the product's (or `company`'s) summary. */
export const ReviewSummary = serverComponent<ReviewSummaryProps>('svc-review-summary', 'ReviewSummary');
/** `<ReviewSummary>`'s props: `<svc-review-summary>`'s attributes, and the render's options. */
export type ReviewSummaryProps = ServerProps<typeof Client.ReviewSummary>;

/** `<svc-reviews>` with its first page of reviews. */
export const Reviews = serverComponent<ReviewsProps>('svc-reviews', 'Reviews');
/** `<Reviews>`'s props: `<svc-reviews>`'s attributes, and the render's options. */
export type ReviewsProps = ServerProps<typeof Client.Reviews>;

/** `<svc-rich-snippet>`'s work done on the server: the product's JSON-LD as a script in the HTML as served (no element in the browser, which would read it again). */
export const RichSnippet = serverComponent<RichSnippetProps>('svc-rich-snippet', 'RichSnippet');
/** `<RichSnippet>`'s props: `<svc-rich-snippet>`'s attributes, and the render's options. */
export type RichSnippetProps = ServerProps<typeof Client.RichSnippet>;

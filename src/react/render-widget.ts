import type { ReactiveElement } from 'lit';
import { assertPublishableKey } from '../api/keys.js';
import { ConfigError } from '../api/errors.js';
import { ELEMENTS, type ElementTag } from '../elements/catalog.js';
import { RESERVED_TAGS, reserveCss, type ReservedTag } from '../elements/reserve.js';
import { escapeAttribute } from '../ssr/fragment.js';
import { renderWidgets, type RenderWidgetsOptions } from '../ssr/index.js';
import { firstPhoto, type WidgetData } from './widget-data.js';
import '../register.js';

/** The elements a server component or `renderWidget` renders (`<svc-storefront>` draws nothing: its settings are the options). */
export type WidgetTag = Exclude<ElementTag, 'svc-storefront'>;
const WIDGET_TAGS: readonly string[] = ELEMENTS.map((entry) => entry.tag).filter((tag) => tag !== 'svc-storefront');

/** `renderWidget`'s options: `renderWidgets`' (settings, nonce, deadline, cache or proxy). */
export type RenderWidgetOptions = RenderWidgetsOptions;

/** Names that are the tag's own in React, or settings (written from the options). */
const PASSED_AS_IS = new Set(['id', 'slot', 'hidden', 'lang', 'dir', 'title']);
const SETTINGS = new Set(['publishableKey', 'market', 'apiBase']);
const ATTRIBUTE_NAME = /^[a-z][-a-z0-9_.]*$/;

/**
 * The host's attributes for `props`, as the browser's wrappers set them: each element
 * property given as a string, a number or `true` becomes its attribute (`productRef` →
 * `product-ref`, `company` → `company=""`); `className` becomes `class`, `data-*` and
 * `aria-*` stay; `false` and `undefined` are left out. An event handler, or an object for
 * an element property, is refused: it cannot cross from a server render to the browser.
 */
export function hostAttributes(tag: ElementTag, props: Record<string, unknown>): Record<string, string> {
  // Registered by register.js (on a server too: Lit's DOM stand-in).
  const elementClass = customElements.get(tag) as unknown as typeof ReactiveElement;
  // Reading `observedAttributes` finalizes the class, which fills `elementProperties`.
  void elementClass.observedAttributes;
  const out: Record<string, string> = {};
  const plain = (value: unknown) => typeof value === 'string' || typeof value === 'number' || value === true;
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function' && /^on[A-Z]/.test(name)) {
      throw new ConfigError(`storefront-widgets: <${tag}> rendered on the server takes no ${name}: a handler cannot cross to the browser. The events bubble: listen in a client component around it, or use storefront-widgets/react.`);
    }
    if (!plain(value) || SETTINGS.has(name) || elementClass.elementProperties.has(name)) continue;
    if (name === 'className') out['class'] = String(value);
    else if (PASSED_AS_IS.has(name) || /^(data|aria)-[a-z0-9-]+$/.test(name)) out[name] = value === true ? '' : String(value);
  }
  for (const [name, options] of elementClass.elementProperties) {
    const value = props[name as string];
    if (typeof value === 'object' && value !== null) {
      throw new ConfigError(`storefront-widgets: <${tag}> rendered on the server takes ${String(name)} as an attribute only (a string, a number or true), not an object; set it in the browser with storefront-widgets/react.`);
    }
    if (options.attribute === false || SETTINGS.has(name as string) || !plain(value)) continue;
    const attribute = typeof options.attribute === 'string' ? options.attribute : String(name).toLowerCase();
    if (ATTRIBUTE_NAME.test(attribute)) out[attribute] = value === true ? '' : String(value);
  }
  return out;
}

/** The settings as the host's attributes: the element in the browser reads with what the server read with. */
export function settingsAttributes(options: Pick<RenderWidgetOptions, 'publishableKey' | 'market' | 'apiBase'>): Record<string, string> {
  assertPublishableKey(options.publishableKey);
  return { 'publishable-key': options.publishableKey, market: options.market, ...(options.apiBase === undefined ? {} : { 'api-base': options.apiBase }) };
}

/**
 * Renders one element on the server (`renderWidgets`, with its cache, deadline, `proxy`
 * and `nonce`) as plain data for `<WidgetHost>`: for a React Router or Hydrogen loader,
 * whose data crosses to the browser as JSON.
 *
 * ```ts
 * export async function loader({ context, request }) {
 *   const gallery = await renderWidget('svc-post-gallery', { productRef: 'linen-shirt', pageSize: 4 }, { ...settings, proxy, request });
 *   return { gallery };
 * }
 * // in the route's component: <WidgetHost widget={gallery} preload />
 * ```
 *
 * Give it the loader's `request`: on a page load, the markup is then in the page once (see
 * {@link LoaderRenderOptions.request}). Refuses a key that is not publishable, before any request.
 */
export async function renderWidget(tag: WidgetTag, props: Record<string, unknown>, options: LoaderRenderOptions): Promise<WidgetData> {
  if (!WIDGET_TAGS.includes(tag)) {
    throw new ConfigError(`storefront-widgets: renderWidget renders ${WIDGET_TAGS.join(', ')}; not "${String(tag).slice(0, 40)}".`);
  }
  const { request, belowFold = false, ...renderOptions } = options;
  if (typeof belowFold !== 'boolean') throw new ConfigError(`storefront-widgets: renderWidget's belowFold is true or false; not ${JSON.stringify(belowFold).slice(0, 40)}.`);
  const attributes = { ...hostAttributes(tag, props), ...settingsAttributes(renderOptions) };
  const pageLoad = request !== undefined && isPageLoad(request);
  if (belowFold && pageLoad) return withReserve({ tag, attributes, html: '' });
  const start = `<${tag}${Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`;
  const out = await renderWidgets(`${start}</${tag}>`, renderOptions);
  const html = out.slice(start.length, out.length - `</${tag}>`.length);
  const widget = tag === 'svc-rich-snippet' ? jsonLdOnly({ tag, attributes, html }) : withReserve({ tag, attributes, html, image: tag === 'svc-post-gallery' ? firstPhoto(html) : undefined });
  return pageLoad ? markupInPageOnly(widget) : widget;
}

/** `renderWidget`'s options: `renderWidgets`', and the request its loader answers. */
export interface LoaderRenderOptions extends RenderWidgetOptions {
  /**
   * The request the loader answers. On a page load (the browser's `Sec-Fetch-Dest:
   * document`), the markup is for the server's render alone: the HTML as served holds it
   * once, and the loader data that React Router writes into the same page (for
   * hydration) leaves it out, instead of holding every element's markup a second time.
   * On a soft navigation (a data request) the data holds it, as without a request.
   */
  request?: Request | undefined;
  /**
   * The element is far below the fold. On a page load (`request` says so) it is left to the
   * browser: the server reads nothing for it and writes no markup, its space is held
   * (`reserve`), and the browser reads and renders it as a shopper comes near. The page's
   * HTML stays short: Lighthouse's simulation downloads all of it before anything it names,
   * and a connection's first round trip brings about 14 kB. On a soft navigation (no first paint to wait for) its
   * markup comes with the data, as without this option. Default `false`.
   */
  belowFold?: boolean | undefined;
}

/** Without the server's markup, the element's reservation rules (the badge variant reserves its own line). */
function withReserve(widget: WidgetData): WidgetData {
  if (widget.html !== '' || !(RESERVED_TAGS as readonly string[]).includes(widget.tag)) return widget;
  return { ...widget, reserve: reserveCss([widget.tag as ReservedTag]) };
}

/** A page load, as the browser says (fetches by script, a soft navigation's among them, say `empty`); without the header, not known to be one. */
const isPageLoad = (request: Request): boolean => request.headers.get('sec-fetch-dest') === 'document';

/**
 * The widget with its markup as a property that is not enumerable: `<WidgetHost>`'s
 * server render reads it, a serializer that walks the keys (React Router's turbo-stream,
 * JSON) leaves it out, and in the browser `inDocument` says where it is.
 */
function markupInPageOnly(widget: WidgetData): WidgetData {
  if (widget.html === '') return widget;
  const { html, ...rest } = widget;
  return Object.defineProperty({ ...rest, inDocument: true }, 'html', { value: html, enumerable: false }) as WidgetData;
}

const IN_PLACE = /<script type="application\/ld\+json" data-svc-rich-snippet="([^"]*)">([\s\S]*?)<\/script>/;

/**
 * A rich snippet as its JSON-LD script alone, which React writes and replaces (another
 * product's on a soft navigation): the element has nothing to show, and in the browser it
 * would read the snippet again. Without one (the read failed, or missed the deadline), the
 * element, which renders in the browser as without a server.
 */
function jsonLdOnly(widget: WidgetData): WidgetData {
  const found = IN_PLACE.exec(widget.html);
  if (found === null) return { ...widget, html: '' };
  const productRef = found[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return { tag: 'script', attributes: { type: 'application/ld+json', 'data-svc-rich-snippet': productRef }, html: found[2]! };
}

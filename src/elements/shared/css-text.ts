import { isServer, noChange, nothing } from 'lit';
import { Directive, directive, PartType, type AttributePart, type PartInfo } from 'lit/directive.js';

/**
 * An attribute the browser writes through the DOM rather than through Lit's binding: a
 * `style` through the CSSOM (`cssText`), a picture's or video's URL with `setAttribute`
 * (`browserUrl`). A server render writes the style, and leaves the URL out. Hydration
 * keeps the server's attributes as they are, so `update` writes them in the browser's
 * first render, and whenever the value changes. Use it as the whole value of an attribute.
 */
class BrowserAttributeDirective extends Directive {
  private applied: string | undefined;

  constructor(part: PartInfo) {
    super(part);
    // The library's own templates only: a short message, in every page's shared chunk.
    if (part.type !== PartType.ATTRIBUTE || (part.strings?.length ?? 0) > 2) throw new Error('cssText/browserUrl: not a whole attribute');
  }

  render(value: string | undefined, onServer: boolean) {
    // Only a server render (Lit's SSR) calls this.
    return isServer && onServer ? (value ?? '') : isServer ? nothing : noChange;
  }

  override update(part: AttributePart, [value]: [string | undefined, boolean]) {
    if (value === this.applied) return noChange;
    this.applied = value;
    const element = part.element as HTMLElement;
    if (part.name === 'style') element.style.cssText = value ?? '';
    // A URL the server wrote already (`browserUrl(url, true)`): set again, a loaded picture would load again.
    else if (element.getAttribute(part.name) === (value ?? null)) return noChange;
    else if (value === undefined) element.removeAttribute(part.name);
    else element.setAttribute(part.name, value);
    return noChange;
  }
}

const browserAttribute = directive(BrowserAttributeDirective);

/**
 * Sets an element's inline style through the CSSOM (`element.style.cssText`) instead of
 * its `style` attribute: a shop page whose Content-Security-Policy has no
 * `'unsafe-inline'` for styles (`style-src 'self'`, or `style-src-attr 'none'`) refuses
 * every `style` attribute, but not the CSSOM. `<div style=${cssText(`--_cols: ${columns}`)}>`;
 * `undefined` clears the style. A server render writes the attribute, which a page whose
 * CSP forbids style attributes ignores until the element hydrates.
 */
export const cssText = (css: string | undefined) => browserAttribute(css, true);

/**
 * A picture's or a video's URL (`src`, `poster`) that only the browser writes: a server
 * render leaves it out, so that a server-rendered element's pictures do not compete with
 * the page's own (its hero image) while the page loads, and do not load before the
 * element has hydrated and listens for their `load` (which shows them). `inHtml`: the
 * server writes it too (a gallery's first photo in the first viewport, the page's LCP),
 * for a picture shown without waiting for its `load`.
 */
export const browserUrl = (url: string | undefined, inHtml = false) => browserAttribute(url, inHtml);

import { isServer, noChange } from 'lit';
import { Directive, directive, PartType, type AttributePart, type PartInfo } from 'lit/directive.js';

/**
 * Sets an element's inline style through the CSSOM (`element.style.cssText`) instead of
 * its `style` attribute: a shop page whose Content-Security-Policy has no
 * `'unsafe-inline'` for styles (`style-src 'self'`, or `style-src-attr 'none'`) refuses
 * every `style` attribute, but not the CSSOM. Use it as the whole value of `style`:
 * `<div style=${cssText(`--_cols: ${columns}`)}>`; `undefined` clears the style.
 */
class CssTextDirective extends Directive {
  private applied: string | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ATTRIBUTE || part.name !== 'style' || (part.strings?.length ?? 0) > 2) {
      throw new Error('cssText() must be the whole value of a style attribute: style=${cssText(…)}');
    }
  }

  render(css: string | undefined) {
    // Only a server render (Lit's SSR) calls this: it writes the attribute, which a page whose CSP forbids style attributes ignores until the element hydrates.
    return isServer ? (css ?? '') : noChange;
  }

  override update(part: AttributePart, [css]: [string | undefined]) {
    const text = css ?? '';
    if (text !== this.applied) {
      this.applied = text;
      (part.element as HTMLElement).style.cssText = text;
    }
    return noChange;
  }
}

export const cssText = directive(CssTextDirective);

import { css, html, LitElement, type PropertyValues } from 'lit';
import { refreshElements } from '../../shared/refresh-elements.js';

/**
 * Carries the settings for the elements inside it, so that a page names its key,
 * market and API base once. Children read its attributes (even before this element
 * is upgraded); their own attributes win.
 *
 * @summary Names the publishable key, market and API base once for the elements inside.
 *
 * @slot - The storefront elements (and any other content) it applies to.
 */
export class SvcStorefront extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;
  static override properties = {
    publishableKey: { attribute: 'publishable-key' },
    market: {},
    apiBase: { attribute: 'api-base' },
  };

  /** Publishable key (`svc_pk_…`) for the elements inside. */
  publishableKey?: string;

  /** Market id or shortId for the elements inside. */
  market?: string;

  /** Storefront API origin for the elements inside. */
  apiBase?: string;

  protected override render() {
    return html`<slot></slot>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.size === 0) return;
    // Children resolve settings on update: ask the storefront elements inside to update.
    refreshElements(this);
  }
}

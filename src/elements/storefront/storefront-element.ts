import { ReactiveElement, type PropertyValues } from 'lit';
import { refreshElements } from '../../shared/refresh-elements.js';

/**
 * Carries the settings for the elements inside it, so that a page names its key,
 * market and API base once. Children read its attributes (even before this element
 * is upgraded); their own attributes win.
 *
 * It renders nothing and has no shadow root: attaching one to an element that wraps
 * most of a page made the browser style the whole page again when the code arrived (10
 * to 100 ms at a phone's speed). Like any element the browser does not know, it is
 * inline, the same before and after its code arrives; a theme that puts it between a
 * grid or flex container and its items gives it `display: contents` in its own CSS.
 *
 * @summary Names the publishable key, market and API base once for the elements inside.
 */
export class SvcStorefront extends ReactiveElement {
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

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private settled = false;

  protected override updated(changed: PropertyValues<this>): void {
    // Children resolve settings on update: ask the storefront elements inside to update.
    // Not after the first update, which changes nothing they saw (they read the same
    // attributes and properties before it): a walk through the whole page, for nothing.
    if (this.settled && changed.size > 0) refreshElements(this);
    this.settled = true;
  }
}

import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import { connectStorefront, resolveSettings, type ResolvedStorefront } from './settings.js';
import { Localizer, resolveLocale } from '../../i18n/localize.js';
import type { StringOverrides } from '../../page/strings.js';
import { tableLoading } from '../../i18n/tables.js';
import { preconnect } from './preconnect.js';
import { RenderPacing } from './render-pacing.js';

const reported = new Set<string>();

/**
 * The one base of every element: the shared settings (`publishable-key`, `market`,
 * `api-base`, resolved against `<svc-storefront>` and page defaults), the localizer,
 * and a typed `emit`. Elements only render; reading goes through controllers.
 */
export class StorefrontElement extends LitElement {
  /*
   * Reactive properties are declared here and in each element's `static properties`
   * (no decorators: their helpers cost the script tag 0.4 KB); the fields below carry
   * the types and the docs. Internal state says `attribute: false` besides
   * `state: true`, which the manifest's analyzer would otherwise list as an attribute.
   */
  static override properties: PropertyDeclarations = {
    publishableKey: { attribute: 'publishable-key' },
    market: {},
    apiBase: { attribute: 'api-base' },
    strings: { attribute: false },
    lang: { reflect: true },
  };

  /** Publishable key (`svc_pk_…`); beats the nearest `<svc-storefront>`. */
  publishableKey?: string;

  /** Market id or shortId (`us`, `de`, `se`); picks currency and language. */
  market?: string;

  /** Storefront API origin; beats the nearest `<svc-storefront>`. */
  apiBase?: string;

  /** Replaces any UI string for this element only (see the README's strings table). */
  strings?: StringOverrides;

  /** The element's language; defaults to its market's, then the page's. */
  override lang!: string;

  /** The first render in a task of its own; content only near the viewport; whether above the fold (render-pacing.ts). */
  protected readonly pacing = new RenderPacing(this);

  private resolvedKey = '';
  private resolved: ResolvedStorefront | undefined;
  private localizerLocale = '';
  private localizerStrings: StringOverrides | undefined;
  private cachedLocalizer: Localizer | undefined;

  /** The client, QueryClient and market this element reads with, or the setup error to show. */
  protected get storefront(): ResolvedStorefront {
    const settings = resolveSettings(this, { publishableKey: this.publishableKey, market: this.market, apiBase: this.apiBase });
    const key = `${settings.publishableKey}|${settings.market}|${settings.apiBase}`;
    if (this.resolved === undefined || key !== this.resolvedKey) {
      this.resolvedKey = key;
      this.resolved = connectStorefront(settings);
      // A detached element (a closing lightbox's content, say) has no context to read: no report then.
      if (!this.resolved.ok && this.isConnected) this.report(this.resolved.error);
    }
    return this.resolved;
  }

  override connectedCallback(): void {
    const storefront = this.storefront;
    if (storefront.ok) preconnect(storefront.client.apiBase);
    super.connectedCallback();
  }

  /** Strings and `Intl` formatting in the element's locale. */
  protected get localizer(): Localizer {
    const resolved = this.storefront;
    const locale = resolveLocale(this, resolved.ok ? resolved.market : (this.market ?? undefined));
    // A new `strings` object is a new set of overrides (a Lit property changes by assignment).
    if (this.cachedLocalizer === undefined || locale !== this.localizerLocale || this.strings !== this.localizerStrings) {
      this.localizerLocale = locale;
      this.localizerStrings = this.strings;
      this.cachedLocalizer = new Localizer(locale, this.strings ?? {});
    }
    return this.cachedLocalizer;
  }

  /**
   * Waits for the strings of the element's language before rendering, where a build
   * loads them on demand (every language but English): no English for a moment; and
   * before the first render, for a task of its own.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const waits = [tableLoading(this.localizer.language), this.pacing.firstRender()].filter((wait) => wait !== undefined);
    return waits.length === 0 ? super.scheduleUpdate() : Promise.all(waits).then(() => super.scheduleUpdate());
  }

  /**
   * Marks what the element rendered with the language it speaks (`lang` on the shadow
   * root's top-level elements), so that screen readers pronounce a German market's
   * element in German on an English page (WCAG 3.1.2). The host's own `lang` stays the
   * author's.
   */
  protected override update(changed: PropertyValues): void {
    super.update(changed);
    const locale = this.localizer.locale;
    for (const child of this.renderRoot.children) {
      if (child.localName !== 'style' && child.getAttribute('lang') !== locale) child.setAttribute('lang', locale);
    }
  }

  /**
   * Dispatches a bubbling, composed event. Returns `false` when a listener called
   * `preventDefault()` on a cancelable event.
   */
  protected emit<T>(name: `svc-${string}`, detail: T, options: { cancelable?: boolean } = {}): boolean {
    return this.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
  }

  /** Logs a failure for the developer once per message, so that many elements do not flood the console. */
  protected report(error: StorefrontError): void {
    if (reported.has(error.message)) return;
    reported.add(error.message);
    if (error.code !== 'invalid_key') console.error(error.message);
  }
}

/**
 * Registers an element unless the tag is taken (by another copy or version of the
 * library, loaded by another script). Returns whether this copy registered it.
 */
export function defineElement(tag: string, constructor: CustomElementConstructor): boolean {
  if (customElements.get(tag) !== undefined) return false;
  customElements.define(tag, constructor);
  return true;
}

import { isServer, LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import { connectStorefront, resolveSettings, settingsComplete, syncStretch, type ResolvedStorefront } from './settings.js';
import { Localizer, resolveLocale } from '../../i18n/localize.js';
import type { StringOverrides } from '../../page/strings.js';
import { followLanguageDirection } from './direction.js';
import { tableLoading } from '../../i18n/tables.js';
import { whenAnalyticsConfigured } from '../../page/analytics-settings.js';
import { ViewTracker } from '../../controllers/view-tracker.js';
import { preconnect } from './preconnect.js';
import { upgradingPage } from '../../shared/upgrading.js';
import { RenderPacing } from './render-pacing.js';
import { nextTask } from '../../shared/time-slice.js';
import { intlWarm, pluralsWarm, warmIntl, warmPlurals } from '../../i18n/formatters.js';

const reported = new Set<string>();

const pluralsStarting = new Map<string, Promise<void>>();
/**
 * ICU's plural rules for `locale`, started once for every element that asks, in a task of
 * their own (their first use on a page is a long task on a phone); `undefined` once warm.
 */
function pluralsStarted(locale: string): Promise<void> | undefined {
  if (pluralsWarm(locale)) return undefined;
  let starting = pluralsStarting.get(locale);
  if (!starting) pluralsStarting.set(locale, (starting = nextTask().then(() => warmPlurals(locale))));
  return starting;
}

let bridgeAsked = false;
/**
 * The analytics bridge is a chunk of its own, loaded once the page turns analytics on.
 * Asked for once an element connects, in a microtask of its own (`queueMicrotask`): called
 * from `connectedCallback` directly, the minifier inlined this there, and the wait's
 * closures kept that first element, and the whole tree around it, for the page's life.
 */
function bridgeWhenConfigured(): void {
  whenAnalyticsConfigured((seen) =>
    import('../../analytics/bridge.js').then(
      (bridge) => bridge.startAnalyticsBridge(seen),
      (error: unknown) => console.error('storefront-widgets: could not load the analytics bridge.', error),
    ),
  );
}

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

  /** The first render in a task of its own; content only near the viewport (render-pacing.ts). */
  protected readonly pacing = new RenderPacing(this);

  private resolvedKey = '';
  private resolved: ResolvedStorefront | undefined;
  /** When `resolved` and `cachedLocalizer` were last checked (see `syncStretch`). */
  private resolvedStretch = -1;
  private localizerStretch = -1;
  private reportedSetup: ResolvedStorefront | undefined;
  private waitedForSettings = false;
  private localizerLocale = '';
  private localizerStrings: StringOverrides | undefined;
  private cachedLocalizer: Localizer | undefined;

  /** `svc-widget-view` the first time the element is at least half visible (never for one without a box: the context and the rich snippet). */
  protected readonly widgetView = new ViewTracker(this, {
    targets: () => [this],
    key: () => 'widget',
    dwell: 0,
    onView: () => this.emit('svc-widget-view', { kind: this.localName.replace(/^svc-/, '') }),
  });

  /** The settings from the element, its `<svc-storefront>` and the page's defaults. */
  private get settings() {
    return resolveSettings(this, { publishableKey: this.publishableKey, market: this.market, apiBase: this.apiBase });
  }

  /**
   * The client, QueryClient and market this element reads with, or the setup error to
   * show. The error is reported (console) when the element updates, not here: a
   * framework may still be setting properties when the element connects.
   */
  protected get storefront(): ResolvedStorefront {
    const now = syncStretch();
    if (this.resolved !== undefined && this.resolvedStretch === now) return this.resolved;
    this.resolvedStretch = now;
    const settings = this.settings;
    const key = `${settings.publishableKey}|${settings.market}|${settings.apiBase}`;
    if (this.resolved === undefined || key !== this.resolvedKey) {
      this.resolvedKey = key;
      this.resolved = connectStorefront(settings);
    }
    return this.resolved;
  }

  override connectedCallback(): void {
    const storefront = this.storefront;
    if (storefront.ok) preconnect(storefront.client.apiBase);
    // Server markup that came late (inserted by innerHTML: a client render, a soft navigation) connects once its reads are offered, and hydrates.
    if (adoptLateShadowRoot(this)) void import('./hydrate.js').then((hydrate) => hydrate.adoptLate(this)).then(() => this.isConnected && super.connectedCallback());
    else super.connectedCallback();
    if (!bridgeAsked) {
      bridgeAsked = true;
      queueMicrotask(bridgeWhenConfigured);
    }
  }

  /**
   * What an element written in the page needs for its first render and has to fetch: the
   * strings of its language (every language but English is a chunk of its own), and, in
   * a subclass, a chunk its content needs. `defineElement` has these before it defines
   * the tag (see there). The element is not upgraded yet: its attributes say what it is.
   * @internal
   */
  static firstRenderNeeds(element: Element): Promise<unknown> | undefined {
    const { locale, table } = new Localizer(resolveLocale(element, resolveSettings(element, { market: element.getAttribute('market') ?? undefined }).market));
    const plurals = pluralsStarted(locale);
    return plurals ? Promise.all([tableLoading(table), plurals]) : tableLoading(table);
  }

  /** Strings and `Intl` formatting in the element's locale. */
  protected get localizer(): Localizer {
    const now = syncStretch();
    if (this.cachedLocalizer !== undefined && this.localizerStretch === now && this.strings === this.localizerStrings) return this.cachedLocalizer;
    this.localizerStretch = now;
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
   * Holds the first update back for one task while the key or market is missing:
   * frameworks (React, Vue, Svelte) set properties just after creating or connecting
   * an element, so a setting that arrives that late is not an error. Then waits for
   * the strings of the element's language, where a build loads them on demand (every
   * language but English): no English for a moment; for its turn (the first render
   * in a task of its own, later ones within the page's time slice); for ICU's plural
   * rules and, where it formats prices or dates, its number and date data
   * (`intlReady`); and for the chunks it loads on demand that its render needs
   * (`partsLoading`).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (!this.hasUpdated && !this.waitedForSettings && !settingsComplete(this.settings)) {
      this.waitedForSettings = true;
      return new Promise((resolve) => setTimeout(resolve)).then(() => this.scheduleUpdate());
    }
    const waits = [this.contentReady(), this.pacing.turn(), this.intlReady()].filter((wait) => wait !== undefined);
    // Asked again once those are over: data that came meanwhile (a post's prices) may need ICU started first.
    return waits.length === 0 ? super.scheduleUpdate() : Promise.all(waits).then(() => this.intlReady()).then(() => super.scheduleUpdate());
  }

  /** Whether this render writes the server's markup, or is the browser's first render over it (hydration): both show all of the content at once. */
  protected get rendersServerMarkup(): boolean {
    return isServer || (!this.hasUpdated && this.renderRoot?.firstChild != null);
  }

  /**
   * What the element's content needs before it renders, wherever it renders (the server
   * waits for it too): the strings of its language and the chunks it loads on demand.
   */
  protected contentReady(): Promise<unknown> | undefined {
    const waits = [tableLoading(this.localizer.table), this.partsLoading()].filter((wait) => wait !== undefined);
    return waits.length === 0 ? undefined : Promise.all(waits);
  }

  /**
   * A promise while a chunk that the element's next render needs (one loaded on demand) is
   * on its way, so that the element renders once, with it, rather than twice.
   */
  protected partsLoading(): Promise<unknown> | undefined {
    return undefined;
  }

  /** Whether the element's next render formats with `Intl` (prices or dates the plain formats do not cover), so that ICU's data is started before it. */
  protected formatsWithIntl(): boolean {
    return false;
  }

  /**
   * ICU's data that the element's render needs started in a task of its own (nothing
   * else in it), once per page and locale, when the element may render its content
   * (near the viewport): plural rules for every element, number and date data for one
   * that formats with `Intl`. A review list far down the page starts nothing until a
   * shopper comes near it.
   */
  private intlReady(): Promise<void> | undefined {
    const locale = this.localizer.locale;
    if (!this.pacing.near) return undefined;
    if (this.formatsWithIntl() && !intlWarm(locale)) return nextTask().then(() => warmIntl(locale)).then(nextTask);
    return pluralsStarted(locale)?.then(nextTask);
  }

  /**
   * Marks what the element rendered with the language it speaks (`lang` on the shadow
   * root's top-level elements), so that screen readers pronounce a German market's
   * element in German on an English page (WCAG 3.1.2). The host's own `lang` stays the
   * author's. A right-to-left language lays the element out right to left. Reports a
   * setup error (no key, no market, a bad `api-base`) once it is rendered.
   */
  protected override update(changed: PropertyValues): void {
    followLanguageDirection(this, this.localizer.direction);
    const storefront = this.storefront;
    // A detached element (a closing lightbox's content, say) has no context to read: no report then.
    if (!storefront.ok && storefront !== this.reportedSetup && this.isConnected) this.report(storefront.error);
    this.reportedSetup = storefront;
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
    return emitFrom(this, name, detail, options);
  }

  /** Logs a failure for the developer once per message, so that many elements do not flood the console. */
  protected report(error: StorefrontError): void {
    if (reported.has(error.message)) return;
    reported.add(error.message);
    if (error.code !== 'invalid_key') console.error(error.message);
  }
}

/** {@link StorefrontElement.emit} for the internal elements that do not extend it (the gallery's lightbox). */
export function emitFrom<T>(target: EventTarget, name: `svc-${string}`, detail: T, options: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}

/**
 * A declarative shadow root that arrived inert: a `<template shadowrootmode>` inserted by
 * `innerHTML` (a client render, a soft navigation), which the parser attaches only while
 * it parses the page. Attached here as the parser would have, its nodes moved (no HTML
 * parsed again: nothing for Trusted Types or a CSP to refuse; the styles keep their nonce).
 * Returns whether it did.
 */
function adoptLateShadowRoot(host: HTMLElement): boolean {
  const template = !isServer && !host.shadowRoot && host.querySelector<HTMLTemplateElement>(':scope>template[shadowrootmode]');
  if (!template) return false;
  host.attachShadow({ mode: 'open' }).append(template.content);
  template.remove();
  return true;
}

// The same for such markup under a tag whose code is still on its way: attached before the next paint (no empty box meanwhile); `defineElement` hydrates it.
if (!isServer) {
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element) for (const template of node.querySelectorAll('template[shadowrootmode]')) if (template.parentElement!.localName.startsWith('svc-')) adoptLateShadowRoot(template.parentElement!);
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Registers an element unless the tag is taken (by another copy or version of the
 * library, loaded by another script). Returns whether this copy registered it.
 *
 * Elements already in the page get what their first render fetches (`firstRenderNeeds`:
 * another language's strings, the full review summary's part) before the tag is defined:
 * once defined, an element is no longer held by the page's own `:not(:defined)` rule and,
 * until its first render, it would be empty, so the page below would move up and back.
 *
 * `hydrates: false` for a tag the server never renders with state: its definition then
 * never loads the hydration module.
 */
export function defineElement(
  tag: string,
  constructor: CustomElementConstructor & { firstRenderNeeds?(element: Element): Promise<unknown> | undefined },
  options: { hydrates?: boolean } = {},
): boolean {
  if (customElements.get(tag) !== undefined) return false;
  const define = () => customElements.get(tag) ?? upgradingPage(() => customElements.define(tag, constructor));
  const waits: Promise<unknown>[] = [];
  if (!isServer) {
    const present = [...document.getElementsByTagName(tag)];
    for (const element of present) {
      adoptLateShadowRoot(element as HTMLElement);
      const needs = constructor.firstRenderNeeds?.(element);
      if (needs) waits.push(needs);
    }
    // Upgrading them (their reads start, their first render is scheduled) in a task of its
    // own, not in the one that evaluated the module and its chunks: together, on a phone, over 50 ms.
    if (present.length > 0) waits.push(nextTask());
    // Rendered on the server, or beside elements that were: Lit's hydration, and the server's reads offered, first (a list the
    // browser renders takes the summary the server read). Every element the server renders carries its reads (`data-svc-state`).
    // Not from a tag the server never writes with state (`hydrates: false`): its code lacks modules hydration needs (Lit's
    // directives), which a bundler may leave out of the hydration chunk as already loaded (Turbopack did: the Next.js
    // app failed to hydrate when such a tag was defined first).
    if (options.hydrates !== false && document.querySelector('[data-svc-state]')) {
      waits.push(
        import('./hydrate.js')
          .then((hydrate) => hydrate.adoptServerRendered())
          .catch((error: unknown) => console.error('storefront-widgets: could not load hydration; the elements render anew.', error)),
      );
    }
  }
  if (waits.length === 0) define();
  else void Promise.allSettled(waits).then(define);
  return true;
}

import { sharedSingleton } from './shared-state.js';

/** Names the analytics bridge gives events, in `window.dataLayer` and to `onEvent`. */
export type AnalyticsEventName = 'svc_post_view' | 'svc_widget_view' | 'svc_product_view' | 'svc_video_play' | 'svc_product_select';

/**
 * What the bridge reports of an event: ids, the product's title and price, the element's
 * kind; never the uploader, the caption or anything else about a person.
 */
export interface AnalyticsData {
  /** The element the event came from: `post-gallery`, `shoppable-post`, `review-summary` or `reviews`. */
  svc_widget: string;
  svc_post_id?: string;
  /** `image` or `video`. */
  svc_post_type?: string;
  /** The post's place in a gallery's loaded list (0-based). */
  svc_post_index?: number;
  svc_product_id?: string;
  svc_product_title?: string;
  /** The price the shopper pays now (the sale price during a sale). */
  svc_price?: number;
  /** ISO 4217. */
  svc_currency?: string;
}

/** `configure({ analytics })`: the opt-in bridge to the page's analytics (off by default). */
export interface AnalyticsSettings {
  /** Pushes each event into `window.dataLayer` (Google Tag Manager, gtag.js). */
  dataLayer?: boolean;
  /** Called with each event, for any other tool. */
  onEvent?: (name: AnalyticsEventName, data: AnalyticsData) => void;
  /**
   * Keeps events from before consent in memory and reports them once consent is given
   * (`true`: up to 100; a number: up to that many, at most 1000). Off by default: events
   * from before consent are dropped.
   */
  queueUntilConsent?: boolean | number;
}

/** `configure({ consent })`: the page's own answer, which beats every other source. */
export interface ConsentSettings {
  /** `true` or `false`; `undefined` leaves it to Google Consent Mode or Shopify's Customer Privacy API. */
  analytics?: boolean | undefined;
}

/** What `configure()` was given of analytics and consent, as given (unchecked). */
export interface AnalyticsInput {
  analytics?: unknown;
  consent?: unknown;
}

export interface AnalyticsState {
  analytics: AnalyticsSettings | undefined;
  consent: ConsentSettings | undefined;
  /**
   * Checks and applies a `configure()`'s analytics and consent (`analytics/settings.ts`),
   * once a copy of the library has installed it; until then they wait in `queued`.
   * Optional: the state may have been made by a copy that predates them.
   */
  apply?: (input: AnalyticsInput) => void;
  queued?: AnalyticsInput[];
  /** Called after each change (the bridge re-reads consent: flushes or drops its queue). */
  readonly listeners: Set<() => void>;
  /** Set by the first copy of the library that listens for events, so that a second copy does not report them twice. */
  bridge: boolean;
}

/** Analytics settings, shared by every copy of the library on the page (a stable protocol: the name carries its version). */
export const pageAnalytics = () =>
  sharedSingleton('page-analytics.v1', (): AnalyticsState => ({ analytics: undefined, consent: undefined, listeners: new Set(), bridge: false }));

/**
 * Hands the `analytics` and `consent` parts of `configure()`, when given, to the code that
 * checks and applies them (`analytics/settings.ts`), or queues them until a copy of the
 * library installs it: the package's `configure` installs it first; the script tag's
 * loader imports it once something waits, so that its checks and messages stay out of the
 * loader.
 */
export function configureAnalytics(input: AnalyticsInput): void {
  if (!('analytics' in input) && !('consent' in input)) return;
  const state = pageAnalytics();
  if (state.apply) state.apply(input);
  else (state.queued ??= []).push(input);
}

/** The DOM events the bridge reports, and the name it gives each. */
export const REPORTED_EVENTS = {
  'svc-post-view': 'svc_post_view',
  'svc-widget-view': 'svc_widget_view',
  'svc-product-view': 'svc_product_view',
  'svc-video-play': 'svc_video_play',
  'svc-product-select': 'svc_product_select',
} as const satisfies Record<string, AnalyticsEventName>;

export type ReportedEvent = keyof typeof REPORTED_EVENTS;

/** The engagement events the bridge reports (the DOM events' names). */
export const REPORTED_TYPES = Object.keys(REPORTED_EVENTS) as ReportedEvent[];

/** An engagement event as the bridge reads it: its name, detail and the element it came from (`shoppable-post`). */
export interface SeenEvent {
  type: string;
  detail: unknown;
  widget: string;
}

/** Reads an event while it is dispatched (its composed path is gone afterwards). */
export function seenEvent(event: Event): SeenEvent {
  const path = event.composedPath();
  let widget = '';
  for (let i = path.length - 1; i >= 0 && !widget; i--) {
    const name = (path[i] as Element).localName;
    if (typeof name === 'string' && name.startsWith('svc-') && name !== 'svc-storefront') widget = name.slice(4);
  }
  return { type: event.type, detail: (event as CustomEvent).detail, widget };
}

/**
 * Runs `start` once the page turns analytics on (now, or at a later `configure()`), with
 * the engagement events seen since then: the element code loads the bridge at that
 * moment, so a page without analytics never downloads it, and nothing is lost while it
 * loads. "Since then" is since the `configure()` call: the script tag fetches the checks
 * of its settings first (`queued` meanwhile), and an event of that wait counts too.
 */
export function whenAnalyticsConfigured(start: (seen: SeenEvent[]) => Promise<void>): void {
  // A server render (no document) has no events to report.
  if (typeof document === 'undefined') return;
  const state = pageAnalytics();
  const seen: SeenEvent[] = [];
  // Listening from the start, recording from the `configure()` call on: no event before it counts.
  const record = (event: Event) => void ((state.analytics || state.queued?.length) && seen.push(seenEvent(event)));
  for (const type of REPORTED_TYPES) document.addEventListener(type, record);
  const listener = () => {
    if (!state.analytics) return;
    state.listeners.delete(listener);
    void start(seen).finally(() => {
      for (const type of REPORTED_TYPES) document.removeEventListener(type, record);
    });
  };
  state.listeners.add(listener);
  listener();
}

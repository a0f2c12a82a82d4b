/**
 * The opt-in analytics bridge: reports the elements' engagement events to the page's
 * analytics (`window.dataLayer`, or an `onEvent` callback) while analytics consent is
 * granted, and nothing otherwise. The widgets themselves send no request for analytics,
 * set no cookie and store nothing: what leaves the page is up to the page's own tools.
 *
 * Where it lives: `configure()` hands the settings to their checks (`settings.ts`), which
 * store them in page-shared state and call the listeners registered there (the script
 * tag's small loader fetches those checks when it is given some). This module is a chunk of the element code loaded once
 * the page turns analytics on (see the base element), so a page without analytics never
 * downloads it. It listens once at the
 * document for the bubbling, composed `svc-*` events, reading the settings at each
 * event, so that `configure()` may come before or after the elements. The first copy of
 * the library on the page to start it marks that in the shared state; a second copy
 * does not listen again, so nothing is reported twice.
 *
 * Consent is read at each event (first answer wins: `configure({ consent })`, Google
 * Consent Mode's `analytics_storage` in the dataLayer, Shopify's
 * `customerPrivacy.analyticsProcessingAllowed()`): a withdrawal stops reports at once.
 * Events from before consent are dropped, unless the page asks for a queue
 * (`queueUntilConsent`), which holds them in memory until consent is first given
 * (after `configure()`, Shopify's `visitorConsentCollected`, or at the next event for
 * Consent Mode, whose updates send no event).
 */
import type { Product } from '../api/types.js';
import { pageAnalytics, REPORTED_EVENTS, REPORTED_TYPES, seenEvent, type AnalyticsData, type AnalyticsEventName, type ReportedEvent, type SeenEvent } from '../page/analytics-settings.js';
import { analyticsConsent } from './consent.js';
import { analyticsData, dataLayerEntries } from './payload.js';

interface Report {
  name: AnalyticsEventName;
  data: AnalyticsData;
  product: Product | undefined;
}

const DEFAULT_QUEUE = 100;

/** Reports waiting for consent (only with `queueUntilConsent`), and whether consent was ever given in this page view. */
let queue: Report[] = [];
let consentGiven = false;

interface PageGlobals {
  dataLayer?: unknown;
  Shopify?: unknown;
}

function granted(): boolean {
  const page = globalThis as PageGlobals;
  return analyticsConsent({ page: pageAnalytics().consent, dataLayer: page.dataLayer, shopify: page.Shopify });
}

/** Hands one report to the page's dataLayer and its `onEvent`, as the settings ask. */
function send(report: Report): void {
  const settings = pageAnalytics().analytics;
  if (!settings) return;
  if (settings.dataLayer) {
    const page = globalThis as PageGlobals;
    // Created as gtag.js and Tag Manager do, when the page has none yet.
    if (!Array.isArray(page.dataLayer)) page.dataLayer = [];
    (page.dataLayer as unknown[]).push(...dataLayerEntries(report.name, report.data, report.product));
  }
  if (settings.onEvent) {
    try {
      settings.onEvent(report.name, { ...report.data });
    } catch (error) {
      console.error('storefront-widgets: the analytics onEvent callback threw.', error);
    }
  }
}

/** Sends what waited for consent once it is granted. */
function flush(): void {
  if (pageAnalytics().analytics && granted()) sendQueued();
}

/** Consent is granted: the queue goes out, and from now on nothing is queued. */
function sendQueued(): void {
  consentGiven = true;
  const waiting = queue;
  queue = [];
  for (const report of waiting) send(report);
}

const onEvent = (event: Event) => reportEvent(seenEvent(event));

function reportEvent({ type, detail, widget }: SeenEvent): void {
  const settings = pageAnalytics().analytics;
  if (!settings || (!settings.dataLayer && !settings.onEvent)) return;
  const name = REPORTED_EVENTS[type as ReportedEvent];
  const product = (detail as { product?: Product } | undefined)?.product;
  const report: Report = { name, data: analyticsData(widget, detail), product };
  if (granted()) {
    sendQueued();
    return send(report);
  }
  // Queued only until consent is first given: after a withdrawal, events are dropped.
  const limit = settings.queueUntilConsent === true ? DEFAULT_QUEUE : settings.queueUntilConsent || 0;
  if (!consentGiven && queue.length < limit) queue.push(report);
}

/**
 * Starts the bridge for the page, once for every copy of the library (a later call does
 * nothing), reporting first the events `seen` while it loaded.
 */
export function startAnalyticsBridge(seen: readonly SeenEvent[] = []): void {
  const state = pageAnalytics();
  if (state.bridge || typeof document === 'undefined') return;
  state.bridge = true;
  // What the elements reported while this module loaded, then every event as it comes.
  for (const event of seen) reportEvent(event);
  for (const type of REPORTED_TYPES) document.addEventListener(type, onEvent);
  state.listeners.add(() => {
    // Turned off (or the queue is): nothing waits any more, and a new configuration starts afresh.
    if (!state.analytics?.queueUntilConsent) queue = [];
    if (!state.analytics) consentGiven = false;
    flush();
  });
  document.addEventListener('visitorConsentCollected', flush);
}

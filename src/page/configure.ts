import { refreshElements } from '../shared/refresh-elements.js';
import { configureAnalytics, type AnalyticsSettings, type ConsentSettings } from './analytics-settings.js';
import { sharedSingleton } from './shared-state.js';

/** What an element needs to read the Storefront API. */
export interface StorefrontSettings {
  publishableKey?: string | undefined;
  market?: string | undefined;
  apiBase?: string | undefined;
}

/** Everything `configure()` takes: the elements' defaults, and the opt-in analytics bridge with the page's consent. */
export interface PageSettings extends StorefrontSettings {
  /** Reports engagement events to the page's analytics (off by default); see the README. */
  analytics?: AnalyticsSettings | undefined;
  /** The page's own consent answer; beats Google Consent Mode and Shopify's Customer Privacy API. */
  consent?: ConsentSettings | undefined;
}

/** The page-wide defaults `configure()` sets, shared by every copy of the library on the page. */
export const pageDefaults = () => sharedSingleton('page-defaults.v1', (): StorefrontSettings => ({}));

/**
 * Sets page-wide defaults for every element (in every copy of the library on the page).
 * An element's own attributes, then the nearest `<svc-storefront>`, beat these.
 * `analytics` and `consent` go to the analytics bridge's settings, checked there (see
 * `configureAnalytics`): the package's `configure` (src/configure.ts) checks them at once,
 * the script tag's loader once it has fetched the checks.
 */
export function configure(settings: PageSettings): void {
  const { analytics: _analytics, consent: _consent, ...storefront } = settings;
  configureAnalytics(settings);
  // Analytics and consent change nothing the elements show.
  if (Object.keys(storefront).length === 0) return;
  Object.assign(pageDefaults(), storefront);
  refreshElements();
}

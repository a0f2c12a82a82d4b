import type { ConsentSettings } from '../page/analytics-settings.js';

/** What the page offers that says whether analytics may run: the globals the bridge reads. */
export interface ConsentSources {
  /** `configure({ consent })`. */
  page: ConsentSettings | undefined;
  /** `window.dataLayer`, where gtag.js and Google Tag Manager keep Consent Mode's commands. */
  dataLayer: unknown;
  /** `window.Shopify`, whose `customerPrivacy` is Shopify's Customer Privacy API. */
  shopify: unknown;
}

/**
 * Google Consent Mode's latest `analytics_storage`: the last `['consent', 'default' |
 * 'update', { analytics_storage }]` command in the dataLayer (gtag pushes its
 * `arguments` object; an array counts too). `undefined` when no command sets it.
 * A `region`-limited default is taken as it is: the page cannot tell the shopper's region.
 */
export function consentModeAnalytics(dataLayer: unknown): boolean | undefined {
  if (!Array.isArray(dataLayer)) return undefined;
  for (let i = dataLayer.length - 1; i >= 0; i--) {
    const command: unknown = dataLayer[i];
    if (typeof command !== 'object' || command === null || !('length' in command)) continue;
    const args = command as ArrayLike<unknown>;
    if (args[0] !== 'consent' || (args[1] !== 'default' && args[1] !== 'update')) continue;
    const state = args[2] as { analytics_storage?: unknown } | null | undefined;
    if (state?.analytics_storage === 'granted') return true;
    if (state?.analytics_storage === 'denied') return false;
  }
  return undefined;
}

/** Shopify's Customer Privacy API, when loaded: `analyticsProcessingAllowed()`. */
export function shopifyAnalytics(shopify: unknown): boolean | undefined {
  const privacy = (shopify as { customerPrivacy?: { analyticsProcessingAllowed?: unknown } } | null | undefined)?.customerPrivacy;
  if (typeof privacy?.analyticsProcessingAllowed !== 'function') return undefined;
  try {
    return Boolean((privacy.analyticsProcessingAllowed as () => unknown).call(privacy));
  } catch {
    return undefined;
  }
}

/**
 * Whether analytics consent is granted, from the first source that answers: the page's
 * own `configure({ consent })`, then Google Consent Mode, then Shopify. No answer: not granted.
 */
export function analyticsConsent(sources: ConsentSources): boolean {
  return sources.page?.analytics ?? consentModeAnalytics(sources.dataLayer) ?? shopifyAnalytics(sources.shopify) ?? false;
}

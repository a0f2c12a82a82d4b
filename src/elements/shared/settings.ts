import { ConfigError, StorefrontError } from '../../api/errors.js';
import { pageDefaults, type StorefrontSettings } from '../../page/configure.js';
import { storefrontFor, type Storefront } from '../../queries/query-client.js';
import { closestComposed } from '../../shared/closest-composed.js';

export const STOREFRONT_TAG = 'svc-storefront';

/** The nearest `<svc-storefront>` around an element, across shadow-root boundaries. */
export function closestStorefront(element: Element): Element | null {
  return closestComposed(element, STOREFRONT_TAG);
}

/**
 * Resolves an element's settings: its own attributes beat the nearest
 * `<svc-storefront>` (read from its attributes, so it works before that element is
 * upgraded), which beats `configure()`'s page-wide defaults.
 */
export function resolveSettings(element: Element, own: StorefrontSettings): StorefrontSettings {
  const context = closestStorefront(element);
  const defaults = pageDefaults();
  const pick = (name: keyof StorefrontSettings, attribute: string) => own[name] || context?.getAttribute(attribute) || defaults[name] || undefined;
  return {
    publishableKey: pick('publishableKey', 'publishable-key'),
    market: pick('market', 'market'),
    apiBase: pick('apiBase', 'api-base'),
  };
}

export type ResolvedStorefront = ({ ok: true; market: string } & Storefront) | { ok: false; error: StorefrontError };

/** The client and QueryClient for resolved settings, or the configuration error to show. */
export function connectStorefront(settings: StorefrontSettings): ResolvedStorefront {
  if (!settings.publishableKey) {
    return { ok: false, error: new ConfigError('storefront-widgets: no publishable key is set. Give the element (or a <svc-storefront> around it) a publishable-key attribute.') };
  }
  if (!settings.market) {
    return { ok: false, error: new ConfigError('storefront-widgets: no market is set. Give the element (or a <svc-storefront> around it) a market attribute, such as market="us".') };
  }
  try {
    const storefront = storefrontFor({ publishableKey: settings.publishableKey, ...(settings.apiBase ? { apiBase: settings.apiBase } : {}) });
    return { ok: true, market: settings.market, ...storefront };
  } catch (error) {
    if (error instanceof StorefrontError) return { ok: false, error };
    throw error;
  }
}

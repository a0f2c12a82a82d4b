import { ConfigError, StorefrontError } from '../../api/errors.js';
import { pageDefaults, type StorefrontSettings } from '../../page/configure.js';
import { clientFor } from '../../api/client-registry.js';
import type { StorefrontClient } from '../../api/client.js';
import { closestComposed } from '../../shared/closest-composed.js';

export const STOREFRONT_TAG = 'svc-storefront';

/** The nearest `<svc-storefront>` around an element, across shadow-root boundaries. */
export function closestStorefront(element: Element): Element | null {
  return closestComposed(element, STOREFRONT_TAG);
}

/** Each setting's property and attribute name. */
const SETTINGS = [
  ['publishableKey', 'publishable-key'],
  ['market', 'market'],
  ['apiBase', 'api-base'],
] as const satisfies readonly (readonly [keyof StorefrontSettings, string])[];

/**
 * A `<svc-storefront>`'s setting: its property when it has one (an upgraded element
 * mirrors its attributes in its properties; a framework may set the property alone,
 * even before the element is defined), else its attribute.
 */
function contextSetting(context: Element, property: keyof StorefrontSettings, attribute: string): string | undefined {
  const value = (context as Element & StorefrontSettings)[property];
  return (typeof value === 'string' && value !== '' ? value : context.getAttribute(attribute)) || undefined;
}

/**
 * Resolves an element's settings: its own (attribute or property) beat the nearest
 * `<svc-storefront>`'s (property or attribute), which beat `configure()`'s page-wide
 * defaults.
 */
export function resolveSettings(element: Element, own: StorefrontSettings): StorefrontSettings {
  const context = closestStorefront(element);
  const defaults = pageDefaults();
  const resolved: StorefrontSettings = {};
  for (const [property, attribute] of SETTINGS) {
    resolved[property] = own[property] || (context && contextSetting(context, property, attribute)) || defaults[property] || undefined;
  }
  return resolved;
}

let stretch = 0;
let stretchEnding = false;

/**
 * A number that changes at the next microtask. What an element resolves under it (its
 * settings, its locale: each a walk up the DOM) holds for the rest of one stretch of
 * synchronous code, in which a render reads them many times; a change made in the page
 * is seen by the update it schedules, which runs in a later microtask.
 */
export function syncStretch(): number {
  if (!stretchEnding) {
    stretchEnding = true;
    queueMicrotask(() => {
      stretch++;
      stretchEnding = false;
    });
  }
  return stretch;
}

/** Whether the settings name what every read needs (a key and a market); the API base has a default. */
export const settingsComplete = (settings: StorefrontSettings): boolean => Boolean(settings.publishableKey && settings.market);

export type ResolvedStorefront = { ok: true; market: string; client: StorefrontClient } | { ok: false; error: StorefrontError };

/** The API client for resolved settings, or the configuration error to show. (An element that reads through query-core gets the client's QueryClient from `queryClientFor`.) */
export function connectStorefront(settings: StorefrontSettings): ResolvedStorefront {
  if (!settings.publishableKey) {
    return { ok: false, error: new ConfigError('storefront-widgets: no publishable key is set. Give the element (or a <svc-storefront> around it) a publishable-key attribute or a publishableKey property.') };
  }
  if (!settings.market) {
    return { ok: false, error: new ConfigError('storefront-widgets: no market is set. Give the element (or a <svc-storefront> around it) a market attribute or property, such as market="us".') };
  }
  try {
    const client = clientFor({ publishableKey: settings.publishableKey, ...(settings.apiBase ? { apiBase: settings.apiBase } : {}) });
    return { ok: true, market: settings.market, client };
  } catch (error) {
    if (error instanceof StorefrontError) return { ok: false, error };
    throw error;
  }
}

/**
 * The Shopify app embed's part of the extension's `assets/storefront-widgets.js`
 * (src/shopify/loader.ts; its Liquid is shopify/blocks/app-embed.liquid): runs right after
 * the loader, in the same script, and talks to nothing of the library but
 * `window.StorefrontWidgets`, so that it stays a few hundred bytes.
 *
 * Its settings are the script's own `data-*` attributes, written by the Liquid: the page
 * settings (`publishable-key`, `market`, `api-base`), `product` (a product page's handle,
 * for the rich snippet), `analytics` (`customer-events`, `data-layer` or nothing) and
 * `refused` (`secret-key`: the Liquid left a secret key out of the page). Without any (a
 * theme that loads the script by hand and calls `configure()` itself), it does nothing.
 */
import type { PageSettings } from '../page/configure.js';

interface ShopifyGlobal {
  loadFeatures?: (features: { name: string; version: string }[], done: (error?: unknown) => void) => void;
  analytics?: { publish?: (name: string, data: unknown) => void };
}

export function applyEmbed(data: DOMStringMap): void {
  if (data['refused'] === 'secret-key') {
    console.error("storefront-widgets (Shopify app embed): the key in the app embed's settings is a secret key (svc_sk_…). It was left out of the page: enter the publishable key (svc_pk_…) instead, and replace the secret key, which is no longer secret.");
  }
  const settings: PageSettings = {};
  if (data['publishableKey']) settings.publishableKey = data['publishableKey'];
  if (data['market']) settings.market = data['market'];
  if (data['apiBase']) settings.apiBase = data['apiBase'];
  const analytics = data['analytics'];
  if (analytics === 'customer-events' || analytics === 'data-layer') {
    const shopify = (globalThis as { Shopify?: ShopifyGlobal }).Shopify;
    // The library reads consent from Shopify's Customer Privacy API: make sure it is loaded (a theme's cookie banner often does).
    shopify?.loadFeatures?.([{ name: 'consent-tracking-api', version: '0.1' }], () => {});
    settings.analytics =
      analytics === 'data-layer'
        ? { dataLayer: true }
        : { onEvent: (name, event) => (globalThis as { Shopify?: ShopifyGlobal }).Shopify?.analytics?.publish?.(name, event) };
  }
  // The loader's global, or another copy's (the loader then left it alone); nothing set is nothing done.
  globalThis.StorefrontWidgets?.configure(settings);
  // The product's rich snippet: the element keeps its JSON-LD in <head> (an element cannot stand in <head> itself).
  if (data['product']) {
    const snippet = document.createElement('svc-rich-snippet');
    snippet.setAttribute('product-ref', data['product']);
    snippet.hidden = true;
    document.body.append(snippet);
  }
}

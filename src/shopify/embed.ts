/**
 * The Shopify app embed's script, `assets/storefront-widgets-embed.js` of the theme app
 * extension (build/shopify.ts; its Liquid is shopify/blocks/app-embed.liquid). A deferred
 * script after the loader's: it runs once the loader has offered `window.StorefrontWidgets`,
 * and talks to nothing else of the library, so that it stays a few hundred bytes.
 *
 * Its settings are its own `data-*` attributes, written by the Liquid: the page settings
 * (`publishable-key`, `market`, `api-base`), `product` (a product page's handle, for the
 * rich snippet), `analytics` (`customer-events`, `data-layer` or nothing) and `refused`
 * (`secret-key`: the Liquid left a secret key out of the page).
 */
import type { PageSettings } from '../page/configure.js';

interface ShopifyGlobal {
  loadFeatures?: (features: { name: string; version: string }[], done: (error?: unknown) => void) => void;
  analytics?: { publish?: (name: string, data: unknown) => void };
}

const PREFIX = 'storefront-widgets (Shopify app embed):';
const data = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {};
// The loader's global (src/loader/loader.ts), as far as this script uses it.
const widgets = (globalThis as { StorefrontWidgets?: { configure(settings: PageSettings): void } }).StorefrontWidgets;

if (data['refused'] === 'secret-key') {
  console.error(`${PREFIX} the key in the app embed's settings is a secret key (svc_sk_…). It was left out of the page: enter the publishable key (svc_pk_…) instead, and replace the secret key, which is no longer secret.`);
}
if (!widgets) {
  console.error(`${PREFIX} the widgets' script (storefront-widgets.js) did not run before this one.`);
} else {
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
  widgets.configure(settings);
  // The product's rich snippet: the element keeps its JSON-LD in <head> (an element cannot stand in <head> itself).
  if (data['product']) {
    const snippet = document.createElement('svc-rich-snippet');
    snippet.setAttribute('product-ref', data['product']);
    snippet.hidden = true;
    document.body.append(snippet);
  }
}

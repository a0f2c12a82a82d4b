/**
 * The Shopify extension's `assets/storefront-widgets.js` (build/shopify.ts): the script
 * tag's loader (src/loader/loader.ts, finding its modules beside itself) and the app
 * embed's settings (embed.ts) in one deferred script, one request and one file's
 * compression for both. The embed's settings are this script's own `data-*` attributes.
 */
import '../loader/loader.js';
import { applyEmbed } from './embed.js';

applyEmbed((document.currentScript as HTMLScriptElement | null)?.dataset ?? {});

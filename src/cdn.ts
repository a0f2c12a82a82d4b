/**
 * The script-tag bundle's entry, `dist/cdn/storefront-widgets.js`: a classic script
 * with every dependency inside that registers every element as soon as it runs, with
 * or without `defer`/`async` (elements already in the page upgrade then), and offers
 * `window.StorefrontWidgets.configure(…)` and `.setStrings(…)`:
 *
 * ```html
 * <script src="storefront-widgets.js" defer></script>
 * <svc-review-summary publishable-key="svc_pk_…" market="us" product-ref="linen-shirt"></svc-review-summary>
 * ```
 */
import { exposeGlobal } from './cdn-global.js';
import './register.js';

exposeGlobal();

/**
 * A CommonJS server's `require()` of the package (an ES module): Node 20.19 and 22.12 are
 * the first of their lines to load ES modules this way without a flag (the floors of
 * `engines`); Bun and Deno do too. A summary rendered with its data from what it required.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- require() is what this script tests */
const { renderWidgets } = require('storefront-widgets/ssr');
const { createStorefrontProxy } = require('storefront-widgets/edge');

const env = (name) => (globalThis.Deno ? globalThis.Deno.env.get(name) : process.env[name]);

async function main() {
  if (typeof createStorefrontProxy !== 'function') throw new Error('storefront-widgets/edge: no createStorefrontProxy');
  const html = await renderWidgets('<svc-review-summary product-ref="aster-linen-shirt"></svc-review-summary>', { publishableKey: env('SVC_KEY'), apiBase: env('SVC_API_BASE'), market: 'us', deadlineMs: 10_000 });
  if (!/<template shadowroot="open" shadowrootmode="open">/.test(html) || !/\d+ reviews/.test(html)) throw new Error(`the summary without its data: ${html.slice(0, 300)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * Every JavaScript entry of the package's `exports` loads in this runtime from a fresh
 * project (its own resolution: the `default` builds), with no DOM; the main entry's client
 * reads the API.
 */
import pkg from 'storefront-widgets/package.json' with { type: 'json' };
import { apiBase, check, key, main } from './shared.mjs';

/** Entries a runtime imports as JavaScript: not the types-only ones, the style sheet, the manifest or the script-tag files. */
const entries = Object.entries(pkg.exports)
  .filter(([path, target]) => !path.includes('*') && (typeof target === 'string' ? target.endsWith('.js') : 'default' in target))
  .map(([path]) => (path === '.' ? pkg.name : `${pkg.name}/${path.slice(2)}`));

main(async () => {
  check(entries.length >= 12, `the JavaScript entries (${entries.length})`);
  for (const entry of entries) {
    await import(entry).catch((error) => check(false, `${entry} does not load: ${error.message}`));
  }
  check(typeof globalThis.document === 'undefined', 'no DOM left behind');
  const { StorefrontClient, VERSION } = await import(pkg.name);
  check(VERSION === pkg.version, `VERSION ${VERSION}`);
  const snippet = await new StorefrontClient({ publishableKey: key, apiBase }).getRichSnippet('us', 'aster-linen-shirt');
  check(snippet['@type'] === 'Product', "the main entry's client reads the API");
});

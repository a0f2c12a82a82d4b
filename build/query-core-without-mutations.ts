/**
 * Why: the widgets only read, yet every `QueryClient` creates a `MutationCache`, which
 * brings all of query-core's mutation code into the browser bundles (about 1.5 KB
 * brotli). The browser builds resolve query-core's own `./mutationCache.js` to
 * `empty-mutation-cache.ts` beside this file, which holds no mutations and answers
 * the calls `QueryClient` makes. The npm build leaves query-core as it is.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const emptyCache = fileURLToPath(new URL('./empty-mutation-cache.ts', import.meta.url));

export function queryCoreWithoutMutations(): Plugin {
  return {
    name: 'storefront-widgets:query-core-without-mutations',
    enforce: 'pre',
    resolveId: (source, importer) => (source === './mutationCache.js' && importer?.includes('/@tanstack/query-core/') ? emptyCache : null),
  };
}

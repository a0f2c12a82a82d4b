/**
 * Why: left alone, Rolldown makes one shared chunk per set of elements that use a
 * module, a dozen small files for a product page. A few larger chunks compress better
 * and cost fewer requests:
 * - `core` (Lit, the API client, the base element, English, the formatters) for every
 *   element;
 * - `query` (query-core and what reads through it, with the normalizer of media) for
 *   every element but a product's badge, which reads without it, so that a collection
 *   page of badges never loads it;
 * - `reviews` (stars, notices) for the summary, the list and the snippet;
 * - `summary` (the full summary's part, loaded on demand, with the distribution and the
 *   English strings that the list shares), so that a page of badges loads none of it;
 * - `media` (blurhash, placeholders, tiles, video playback, the first viewport's test, Lit's `repeat` with the helpers
 *   only it uses, `ifDefined`, the reads of posts with their normalizer, and the posts'
 *   English strings) for the gallery, the shoppable post and the lightbox.
 * - `hydrate` (Lit's hydration support), loaded with `hydrate.ts` only where an element
 *   rendered on the server is in the page.
 * On-demand chunks (lightbox, layouts, languages, the page's retries of failed reads
 * `controllers/heal.ts`, which stays out of `core`) and each element's own code stay as
 * the bundler splits them.
 */
export const chunkGroups = {
  // Only what a test names: a group does not pull in the modules its members import.
  includeDependenciesRecursively: false,
  groups: [
    { name: 'media', priority: 2, test: /\/(node_modules\/(blurhash|lit(-html)?\/(directives\/(repeat|if-defined|keyed)|directive-helpers))|src\/elements\/shared\/(placeholder|video-play|fold)|src\/i18n\/en-posts|src\/elements\/post-gallery\/tile|src\/(api\/(post-reads|normalize-post)|queries\/post-options)\.)/ },
    { name: 'hydrate', priority: 3, test: /\/node_modules\/(@lit-labs\/ssr-client\/|lit-html\/private-ssr-support)/ },
    // Before `reviews`: the distribution goes with the full summary's part, which the list shares.
    { name: 'summary', priority: 3, test: /\/src\/(elements\/(shared\/reviews\/distribution|review-summary\/(full-summary|generated-summary|list-filter))|i18n\/en-reviews)\./ },
    { name: 'reviews', priority: 2, test: /\/src\/elements\/shared\/reviews\// },
    { name: 'query', priority: 2, test: /\/(node_modules\/@tanstack\/|build\/(empty-mutation-cache|query-core)|src\/(api\/normalize-media|controllers\/query-controller|queries\/(options|query-client)|elements\/review-summary\/summary-query)\.)/ },
    // Not the review list's read: only <svc-reviews> needs it, and the bundler puts it there.
    { name: 'core', priority: 1, test: /\/(node_modules|build|src\/(api|queries|controllers|page|shared|elements\/shared)\/(?!(heal|lazy-reads|review-reads|normalize-review|review-options|seed|seed-queries|hydrate)\.)|src\/i18n\/(en|localize|tables|formatters|plain-number)\.)/ },
  ],
};

/**
 * Chunk file names: six characters of hash tell versions apart as well as eight, in a
 * shorter loader manifest. A language's table (`src/i18n/de.ts` → `chunks/de.js`) has
 * none: it is data with one stable export, safe to mix across versions, and its 29 names
 * with hashes cost every page about 130 bytes of the shared chunk's loader table.
 */
export function chunkFileNames(chunk: { moduleIds: readonly string[] }): string {
  const language = chunk.moduleIds.length === 1 && /\/src\/i18n\/[a-z]{2}(-[A-Z]{2})?\.ts$/.test(chunk.moduleIds[0]!);
  return language ? 'chunks/[name].js' : 'chunks/[name]-[hash:6].js';
}


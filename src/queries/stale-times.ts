/** How long reads stay fresh within a page view: one place for the query options and the badges' ratings batch. */

/** Posts change slowly and the API lets them be cached for a minute. */
export const POSTS_STALE_TIME = 60_000;

/**
 * Review reads are "never cached": the API sends `no-store`, so nothing survives a
 * reload, and the query cache lives only as long as the page. Within one page view a
 * read stays fresh for a short while, so that elements that mount a moment apart (a
 * summary, then a lazily loaded review list for the same product) share one request
 * instead of asking twice; equal reads in flight are shared too.
 */
export const REVIEWS_STALE_TIME = 30_000;

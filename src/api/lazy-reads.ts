/**
 * The reads that `StorefrontClient`'s `listPosts`, `getPost` and `listReviews` load on
 * first use. A module of its own, so that the bundler gives the import a small file of
 * its own instead of a module-namespace helper that every chunk would then import. The
 * reads themselves are built on the transport (`transport.ts`), not on the client: only
 * the client reaches them, and only through this module.
 */
export { getPost, listPosts } from './post-reads.js';
export { listReviews } from './review-reads.js';

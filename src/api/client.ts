import { NotFoundError } from './errors.js';
import { normalizeJsonLd, normalizePage, normalizeRating, normalizeReviewSummary } from './normalize.js';
import { StorefrontTransport, type PageRequest, type PostFilters, type ReviewQuery, type ReviewTarget } from './transport.js';
import type { JsonLd, Page, Post, ProductRating, Review, ReviewSummary } from './types.js';
import { sharedSingleton } from '../page/shared-state.js';
import { params, paths, RATINGS_MAX_REFS } from './wire.js';

export type { ClientOptions, PageRequest, PostFilters, ReviewQuery, ReviewTarget } from './transport.js';

/** The post and review-list reads, loaded on first use (see lazy-reads.ts). */
const lazyReads = () => import('./lazy-reads.js');

/**
 * Reads the Storefront API: every read as a method, over the transport
 * (`transport.ts`: rate limit, retries, timeouts, typed errors). Every method takes an
 * `AbortSignal`; responses are normalized; failures are typed `StorefrontError`s.
 */
export class StorefrontClient extends StorefrontTransport {
  // Posts and review lists are read by functions of their own modules (post-reads.ts,
  // review-reads.ts), which the elements import directly: a page that shows neither never
  // loads their normalizers. These methods load them on first use.
  async listPosts(market: string, filters: PostFilters, page: PageRequest, signal?: AbortSignal): Promise<Page<Post>> {
    return (await lazyReads()).listPosts(this, market, filters, page, signal);
  }

  async getPost(market: string, postId: string, signal?: AbortSignal): Promise<Post> {
    return (await lazyReads()).getPost(this, market, postId, signal);
  }

  async listReviews(market: string, target: ReviewTarget, options: ReviewQuery, page: PageRequest, signal?: AbortSignal): Promise<Page<Review>> {
    return (await lazyReads()).listReviews(this, market, target, options, page, signal);
  }

  async getReviewSummary(market: string, target: ReviewTarget, signal?: AbortSignal): Promise<ReviewSummary> {
    const path = 'company' in target ? paths.companyReviewSummary() : paths.productReviewSummary(target.productRef);
    return this.read(path, this.query(market), signal, normalizeReviewSummary, 'no-store');
  }

  /**
   * The average and count of up to 50 products in one read (`GET /v1/products/ratings`):
   * one entry per known product, in the order asked; unknown products are left out.
   * Where the API answers that path with 404 (an API without it), this reads one review
   * summary per product instead, silently, and remembers it for the page per API base.
   */
  async getRatings(market: string, productRefs: readonly string[], signal?: AbortSignal): Promise<ProductRating[]> {
    const refs = [...new Set(productRefs)];
    if (refs.length === 0) return [];
    if (refs.length > RATINGS_MAX_REFS) throw new RangeError(`storefront-widgets: at most ${RATINGS_MAX_REFS} products per ratings read, not ${refs.length}.`);
    const unavailable = sharedSingleton('ratings-unavailable.v1', () => new Set<string>());
    if (!unavailable.has(this.apiBase)) {
      const query = this.query(market);
      for (const ref of refs) query.append(params.productRef, ref);
      try {
        return (await this.read(paths.ratings(), query, signal, (body) => normalizePage(body, normalizeRating), 'no-store')).items;
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        unavailable.add(this.apiBase);
      }
    }
    const each = await Promise.all(
      refs.map((productRef) =>
        this.getReviewSummary(market, { productRef }, signal).then(
          ({ average, count }): ProductRating[] => [{ productRef, average, count }],
          (error: unknown) => {
            if (error instanceof NotFoundError) return [];
            throw error;
          },
        ),
      ),
    );
    return each.flat();
  }

  async getRichSnippet(market: string, productRef: string, signal?: AbortSignal): Promise<JsonLd> {
    return this.read(paths.richSnippet(productRef), this.query(market), signal, normalizeJsonLd, 'no-store');
  }
}

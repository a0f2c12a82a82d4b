import type { PageRequest, ReviewQuery, ReviewTarget, StorefrontTransport } from './transport.js';
import { normalizePage } from './normalize.js';
import { normalizeReview } from './normalize-review.js';
import type { Page, Review } from './types.js';
import { INCLUDE_LOCALIZATION, params, paths } from './wire.js';

/** A page of a product's or the store's reviews, never cached by the browser (the API sends `no-store`). */
export function listReviews(client: StorefrontTransport, market: string, target: ReviewTarget, options: ReviewQuery, page: PageRequest, signal?: AbortSignal): Promise<Page<Review>> {
  const query = client.query(market, page);
  if (options.sort) query.set(params.sort, options.sort);
  if (options.rating) query.set(params.rating, String(options.rating));
  if (options.includeLocalization) query.set(params.include, INCLUDE_LOCALIZATION);
  const path = 'company' in target ? paths.companyReviews() : paths.productReviews(target.productRef);
  return client.read(path, query, signal, (body) => normalizePage(body, normalizeReview, client.apiBase), 'no-store');
}

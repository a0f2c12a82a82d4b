import type { QueryObserverResult } from '@tanstack/query-core';
import type { ReviewTarget, StorefrontClient } from '../../api/client.js';
import type { StorefrontError } from '../../api/errors.js';
import type { ReviewSummary } from '../../api/types.js';
import { queryController, type ObserverController } from '../../controllers/query-controller.js';
import { reviewSummaryQuery, type ReviewSummaryOptions } from '../../queries/options.js';
import { queryClientFor } from '../../queries/query-client.js';

export interface SummarySource {
  client: StorefrontClient;
  market: string;
  target: ReviewTarget;
}

export type SummaryController = ObserverController<QueryObserverResult<ReviewSummary, StorefrontError>, ReviewSummaryOptions>;

/**
 * The full summary's read (and the store's badge's), through query-core, shared with a
 * `<svc-reviews>` for the same product. A module of its own, loaded by the first summary
 * that needs it: a page of product badges never loads query-core.
 */
export function summaryQuery(host: Parameters<typeof queryController>[0], source: () => SummarySource | undefined): SummaryController {
  return queryController(host, () => {
    const current = source();
    return current && { queryClient: queryClientFor(current.client), options: reviewSummaryQuery(current.client, current.market, current.target) };
  });
}

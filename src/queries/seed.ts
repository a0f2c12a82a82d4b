import { clientFor } from '../api/client-registry.js';
import type { ServerRead } from '../page/server-state.js';
import { ratingsBatch } from './ratings-batch.js';

/**
 * Puts reads made on the server (see page/server-state.ts) in the caches an element's
 * controllers read from, as fresh as they were when the server made them: a rating in
 * its ratings batch, a query's data in the QueryClient of its API (seed-queries.ts,
 * which loads query-core, only for those). The browser does this before it defines a
 * server-rendered element's tag; the server before it renders the element.
 */
export async function seedReads(reads: readonly ServerRead[]): Promise<void> {
  for (const read of reads) if (read.kind === 'rating') ratingsBatch(clientFor(read.api), read.market).remember(read.data, read.at);
  const queries = reads.filter((read) => read.kind === 'query');
  if (queries.length > 0) (await import('./seed-queries.js')).seedQueries(queries);
}

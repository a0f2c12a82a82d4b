import { clientFor } from '../api/client-registry.js';
import type { ServerRead } from '../page/server-state.js';
import { queryClientFor } from './query-client.js';

/** The query-core half of `seedReads` (seed.ts): a module of its own, so that a page of badges seeds without query-core. */
export function seedQueries(reads: readonly Extract<ServerRead, { kind: 'query' }>[]): void {
  for (const read of reads) {
    const queryClient = queryClientFor(clientFor(read.api));
    if (queryClient.getQueryData(read.queryKey) === undefined) queryClient.setQueryData(read.queryKey, read.data, { updatedAt: read.at });
  }
}

import type { ProductRating } from '../api/types.js';

/**
 * Data read on the server (`renderWidgets` in `storefront-widgets/ssr`) for an element
 * it rendered, so that the element renders at once with it in the browser and reads
 * nothing again while it is fresh. The server writes each element's reads as JSON in a
 * `<script type="application/json" data-svc-state>` child (never executed, and not
 * shown: the shadow root has no slot for it); the browser puts them in the caches the
 * element's controllers read from before its tag is defined (see queries/seed.ts).
 */

/** The API a read came from, as an element's settings name it. */
export interface ReadApi {
  publishableKey: string;
  apiBase?: string | undefined;
}

/**
 * One read and when the server made it (ms since the epoch): a product's rating (a badge's)
 * or a query-core query's data, less the fields no browser code reads (ssr/state-fields.ts).
 */
export type ServerRead = { api: ReadApi; at: number } & ({ kind: 'rating'; market: string; data: ProductRating } | { kind: 'query'; queryKey: readonly unknown[]; data: unknown });

/** The attribute of the script element that carries an element's reads. */
export const SERVER_STATE_ATTRIBUTE = 'data-svc-state';

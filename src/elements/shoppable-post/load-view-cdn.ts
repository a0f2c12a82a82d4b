import { onDemand } from '../shared/on-demand.js';

/**
 * The script tag's shoppable post view (in place of `load-view.ts`): a sibling file
 * loaded when the first `<svc-shoppable-post>` connects, in parallel with its request,
 * so that the post shows as soon as both are there. A promise while loading, then the
 * module, or `null` when it could not load (the element then shows an error).
 */
export const shoppableView = onDemand(() => import('./shoppable-view.js'), 'could not load the shoppable post view.');

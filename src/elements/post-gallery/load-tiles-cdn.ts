import { onDemand } from '../shared/on-demand.js';

/**
 * The script tag's gallery tiles (in place of `load-tiles.ts`): a sibling file loaded
 * when the first `<svc-post-gallery>` connects, in parallel with its first request; the
 * skeletons hold the place until both are there. A promise while loading, then the
 * module, or `null` when it could not load (the gallery then shows an error).
 */
export const galleryTiles = onDemand(() => import('./grid.js'), 'could not load the gallery tiles.');

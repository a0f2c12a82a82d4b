import { onDemand } from '../shared/on-demand.js';

/**
 * The CDN builds' masonry and carousel layouts (in place of `extra-layouts.ts`): a
 * sibling file loaded when a gallery first asks for one, in parallel with its first
 * request. A promise while loading, then the module, or `null` when it could not load
 * (the gallery then shows a grid).
 */
export const extraLayouts = onDemand(() => import('./layout-extras.js'), 'could not load the masonry and carousel layouts; showing a grid.');

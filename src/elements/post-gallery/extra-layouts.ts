import { onDemand } from '../shared/on-demand.js';

/** The masonry and carousel layouts (`layout-extras.ts`). */
export type LayoutExtras = typeof import('./layout-extras.js');

/**
 * The masonry and carousel layouts, a chunk of their own loaded when a gallery first
 * asks for one, in parallel with its first request (a grid never loads them). A
 * promise while loading, then the module, or `null` when it could not load (the
 * gallery then shows a grid).
 */
export const extraLayouts = onDemand<LayoutExtras>(() => import('./layout-extras.js'), 'could not load the masonry and carousel layouts; showing a grid.');

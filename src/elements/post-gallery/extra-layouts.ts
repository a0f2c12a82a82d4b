import * as extras from './layout-extras.js';

/** The masonry and carousel layouts (`layout-extras.ts`). */
export type LayoutExtras = typeof extras;

/**
 * The masonry and carousel layouts: here at once. The CDN builds use
 * `extra-layouts-cdn.ts` instead, which loads them on first use (a promise meanwhile,
 * `null` when they could not load).
 */
export function extraLayouts(): LayoutExtras | Promise<LayoutExtras | null> | null {
  return extras;
}

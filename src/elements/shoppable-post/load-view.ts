import * as view from './shoppable-view.js';

/** The module that renders a shown post (`shoppable-view.ts`). */
export type ViewModule = typeof view;

/**
 * The shoppable post's view: here at once. The script tag uses `load-view-cdn.ts`
 * instead, which loads it when a post is first there to show (a promise meanwhile,
 * `null` when it could not load).
 */
export function shoppableView(): ViewModule | Promise<ViewModule | null> | null {
  return view;
}

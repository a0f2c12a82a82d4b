import * as grid from './grid.js';

/** The gallery's tiles and grid (`grid.ts`). */
export type TilesModule = typeof grid;

/**
 * The gallery's tiles: here at once. The script tag uses `load-tiles-cdn.ts` instead,
 * which loads them while the first page is read (a promise meanwhile, `null` when they
 * could not load).
 */
export function galleryTiles(): TilesModule | Promise<TilesModule | null> | null {
  return grid;
}

/**
 * The files each of the script tag's sibling parts imports, directly or not (their
 * shared chunks): `loadPart` (src/cdn-parts.ts) requests them beside the part instead
 * of after it, one round trip less before a gallery's tiles or a shoppable post show.
 * The parts build fails when this table and the built files disagree.
 */
export const PART_NEEDS: Record<string, readonly string[]> = {
  tiles: ['media', 'shared'],
  layouts: ['media', 'shared', 'tiles'],
  shoppable: ['media', 'shared'],
  lightbox: ['media', 'shared'],
  reviews: ['shared'],
  'rich-snippet': ['shared'],
  de: [],
  sv: [],
};

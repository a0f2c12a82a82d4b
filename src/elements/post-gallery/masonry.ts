/**
 * A masonry layout computed from the media's aspect ratios, so that the page can
 * reserve each tile's space before any image loads and the document order stays the
 * posts' order (each post goes to the shortest column, so reading and tab order run
 * roughly row by row, and appending a page never moves the tiles already placed).
 *
 * Positions are in "column widths" plus a count of gaps, and become CSS lengths with
 * container query units, so that resizing needs no re-layout unless the number of
 * columns changes.
 */
export interface MasonryPlacement {
  column: number;
  /** Sum of the height/width ratios of the tiles above, in column widths. */
  top: number;
  /** Number of gaps above. */
  gapsAbove: number;
  ratio: number;
}

export interface MasonryLayout {
  placements: MasonryPlacement[];
  /** Tallest column, in column widths. */
  height: number;
  /** Gaps in the tallest column. */
  gaps: number;
}

/** Roughly what one gap weighs next to a column width when picking the shortest column. */
const GAP_WEIGHT = 0.05;

export function layoutMasonry(ratios: readonly number[], columns: number): MasonryLayout {
  const count = Math.max(1, Math.floor(columns));
  const heights = new Array<number>(count).fill(0);
  const items = new Array<number>(count).fill(0);
  const placements = ratios.map((raw) => {
    const ratio = Number.isFinite(raw) && raw > 0 ? Math.min(Math.max(raw, 0.25), 4) : 1;
    let column = 0;
    for (let c = 1; c < count; c++) {
      if (heights[c]! + items[c]! * GAP_WEIGHT < heights[column]! + items[column]! * GAP_WEIGHT - 1e-9) column = c;
    }
    const placement = { column, top: heights[column]!, gapsAbove: items[column]!, ratio };
    heights[column]! += ratio;
    items[column]! += 1;
    return placement;
  });
  let tallest = 0;
  for (let c = 1; c < count; c++) if (heights[c]! + items[c]! * GAP_WEIGHT > heights[tallest]! + items[tallest]! * GAP_WEIGHT) tallest = c;
  return { placements, height: heights[tallest]!, gaps: Math.max(0, items[tallest]! - 1) };
}

/** Inline styles of a masonry's list and of each of its tiles: see {@link masonryStyles}. */
export interface MasonryStyles {
  list: string;
  cells: string[];
}

/**
 * The masonry's placements for each column count in `counts`, as custom properties
 * (with 3 columns: `--_c3`, `--_t3`, `--_g3`, a tile's column, top and gaps above;
 * `--_h3`, `--_e3`, the list's height and gaps); the stylesheet
 * (`layout-extras.styles.ts`) places the tiles with the count in use. One count, once
 * measured; before (a server render), every count the stylesheet's container queries
 * may pick, so that the tiles stand where the browser's measurement will put them.
 */
export function masonryStyles(ratios: readonly number[], counts: readonly number[]): MasonryStyles {
  let list = '';
  const cells: string[] = [];
  for (const n of counts) {
    const layout = layoutMasonry(ratios, n);
    layout.placements.forEach((p, i) => {
      cells[i] = `${cells[i] ?? `aspect-ratio: 1 / ${p.ratio.toFixed(4)};`} --_c${n}: ${p.column}; --_t${n}: ${p.top.toFixed(4)}; --_g${n}: ${p.gapsAbove};`;
    });
    list += ` --_h${n}: ${layout.height.toFixed(4)}; --_e${n}: ${layout.gaps};`;
  }
  return { list, cells };
}

/** Aspect ratios for the skeleton before the first page: varied, like real photos. */
export const SKELETON_RATIOS = [1.25, 1, 1.33, 0.75, 1.5, 1, 1.25, 0.8];

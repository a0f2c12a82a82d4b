import { describe, expect, it } from 'vitest';
import { layoutMasonry, masonryStyles } from '../../src/elements/post-gallery/masonry.ts';

/** The custom properties of one inline style, by name. */
const properties = (style: string): Map<string, string> =>
  new Map(
    style
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter(([name]) => name)
      .map(([name, value]) => [name!, value!]),
  );

describe('masonry placement', () => {
  it('puts each tile in the shortest column, so the first tiles start the columns in reading order', () => {
    const layout = layoutMasonry([1, 1.5, 1, 1], 3);
    expect(layout.placements.map((p) => p.column)).toEqual([0, 1, 2, 0]);
    expect(layout.placements[3]).toMatchObject({ top: 1, gapsAbove: 1 });
    // The tallest column: the first, two tiles of ratio 1 with a gap between.
    expect(layout).toMatchObject({ height: 2, gaps: 1 });
  });

  it('writes each tile\'s place for every column count asked, and the list\'s height for each', () => {
    const ratios = [1, 1.5, 0.75, 1.25, 1];
    const { list, cells } = masonryStyles(ratios, [1, 2, 3]);
    expect(cells).toHaveLength(ratios.length);
    for (const n of [1, 2, 3]) {
      const layout = layoutMasonry(ratios, n);
      for (const [i, cell] of cells.entries()) {
        const own = properties(cell);
        const p = layout.placements[i]!;
        expect([own.get(`--_c${n}`), own.get(`--_t${n}`), own.get(`--_g${n}`)]).toEqual([String(p.column), p.top.toFixed(4), String(p.gapsAbove)]);
      }
      expect(properties(list).get(`--_h${n}`)).toBe(layout.height.toFixed(4));
      expect(properties(list).get(`--_e${n}`)).toBe(String(layout.gaps));
    }
    // Nothing for a count not asked; each tile's aspect ratio once.
    expect(cells.some((cell) => cell.includes('--_c4'))).toBe(false);
    expect(cells.map((cell) => cell.match(/aspect-ratio/g)?.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('clamps a ratio the API got wrong, and writes one count alone once measured', () => {
    const { cells } = masonryStyles([Number.NaN, 40, -1], [2]);
    expect(cells.map((cell) => properties(cell).get('aspect-ratio'))).toEqual(['1 / 1.0000', '1 / 4.0000', '1 / 1.0000']);
    expect(cells.every((cell) => !/--_[ctg][13]:/.test(cell))).toBe(true);
  });
});

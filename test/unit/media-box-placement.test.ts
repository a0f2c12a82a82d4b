import { describe, expect, it } from 'vitest';
import { cardPlacement, intersect } from '../../src/elements/shoppable-post/placement.ts';

const bounds = { x: 0, y: 0, width: 800, height: 600 };
const card = { width: 280, height: 120 };
const inside = (p: { x: number; y: number }, b = bounds) =>
  p.x >= b.x - 1e-9 && p.y >= b.y - 1e-9 && p.x + card.width <= b.x + b.width + 1e-9 && p.y + card.height <= b.y + b.height + 1e-9;

describe('cardPlacement', () => {
  it('opens toward the reading direction’s end, vertically centred on the dot', () => {
    expect(cardPlacement({ x: 100, y: 300 }, card, bounds, 24)).toEqual({ x: 124, y: 240, side: 'right' });
  });

  it('flips to the left when the right has no room', () => {
    expect(cardPlacement({ x: 700, y: 300 }, card, bounds, 24)).toEqual({ x: 396, y: 240, side: 'left' });
  });

  it('prefers the left under RTL, and flips to the right when the left has no room', () => {
    expect(cardPlacement({ x: 500, y: 300 }, card, bounds, 24, true)).toEqual({ x: 196, y: 240, side: 'left' });
    expect(cardPlacement({ x: 100, y: 300 }, card, bounds, 24, true).side).toBe('right');
  });

  it('opens below, then above, in a narrow element where neither side has room', () => {
    const narrow = { x: 0, y: 0, width: 320, height: 500 };
    expect(cardPlacement({ x: 160, y: 100 }, card, narrow, 24)).toEqual({ x: 20, y: 124, side: 'bottom' });
    expect(cardPlacement({ x: 160, y: 450 }, card, narrow, 24)).toEqual({ x: 20, y: 306, side: 'top' });
  });

  it('slides along its side to stay inside near corners', () => {
    const placed = cardPlacement({ x: 10, y: 5 }, card, bounds, 24);
    expect(placed).toEqual({ x: 34, y: 0, side: 'right' });
    const corner = cardPlacement({ x: 800, y: 600 }, card, bounds, 24);
    expect(corner.side).toBe('left');
    expect(inside(corner)).toBe(true);
  });

  it('stays inside the bounds when no side has room, on the side with the most room', () => {
    const tiny = { x: 0, y: 0, width: 300, height: 200 };
    const placed = cardPlacement({ x: 150, y: 110 }, card, tiny, 24);
    expect(placed.side).toBe('top');
    expect(inside(placed, tiny)).toBe(true);
  });

  it('never leaves bounds that do not start at the origin, wherever the dot is', () => {
    const offset = { x: -40, y: 30, width: 500, height: 400 };
    for (let x = -40; x <= 460; x += 25) {
      for (let y = 30; y <= 430; y += 25) expect(inside(cardPlacement({ x, y }, card, offset, 22), offset)).toBe(true);
    }
  });

  it('does not cover the dot when a side has room', () => {
    for (const anchor of [{ x: 100, y: 100 }, { x: 700, y: 100 }, { x: 400, y: 50 }, { x: 400, y: 550 }]) {
      const p = cardPlacement(anchor, card, bounds, 24);
      const covers = anchor.x > p.x - 24 && anchor.x < p.x + card.width + 24 && anchor.y > p.y - 24 && anchor.y < p.y + card.height + 24;
      expect(covers).toBe(false);
    }
  });
});

describe('intersect', () => {
  it('cuts the element’s box to the viewport', () => {
    expect(intersect({ x: -50, y: 100, width: 400, height: 900 }, { x: 0, y: 0, width: 1000, height: 700 })).toEqual({ x: 0, y: 100, width: 350, height: 600 });
  });

  it('keeps the first box when the overlap is smaller than the minimum (an element scrolled out of view)', () => {
    const element = { x: 0, y: 900, width: 400, height: 400 };
    expect(intersect(element, { x: 0, y: 0, width: 1000, height: 950 }, { width: 100, height: 100 })).toEqual(element);
  });
});

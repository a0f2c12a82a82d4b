import type { Box, Point, Size } from './media-box.js';

/** The side of its hotspot a product card opens on. */
export type Side = 'right' | 'left' | 'bottom' | 'top';

export interface Placement {
  /** The card's top-left corner, in the same coordinates as the anchor and bounds. */
  x: number;
  y: number;
  side: Side;
}

const clamp = (value: number, min: number, max: number): number => (max < min ? min : Math.min(max, Math.max(min, value)));

/**
 * Where a product card opens next to its hotspot: on the first side with room for the
 * whole card (beside the dot toward the reading direction's end, then the other side,
 * then below, then above), centred on the dot along that side and slid along it to stay
 * inside `bounds` (the element's box cut to the viewport). When no side has room, the
 * side with the most room is taken and the card is kept inside `bounds` anyway.
 * `gap` is the distance from the dot's centre to the card's edge.
 */
export function cardPlacement(anchor: Point, card: Size, bounds: Box, gap: number, rtl = false): Placement {
  const right = bounds.x + bounds.width;
  const bottom = bounds.y + bounds.height;
  const room: Record<Side, number> = {
    right: right - (anchor.x + gap) - card.width,
    left: anchor.x - gap - bounds.x - card.width,
    bottom: bottom - (anchor.y + gap) - card.height,
    top: anchor.y - gap - bounds.y - card.height,
  };
  const order: Side[] = rtl ? ['left', 'right', 'bottom', 'top'] : ['right', 'left', 'bottom', 'top'];
  const side = order.find((candidate) => room[candidate] >= 0) ?? order.reduce((best, candidate) => (room[candidate] > room[best] ? candidate : best));
  const centredX = clamp(anchor.x - card.width / 2, bounds.x, right - card.width);
  const centredY = clamp(anchor.y - card.height / 2, bounds.y, bottom - card.height);
  const inX = (x: number) => clamp(x, bounds.x, right - card.width);
  const inY = (y: number) => clamp(y, bounds.y, bottom - card.height);
  switch (side) {
    case 'right':
      return { x: inX(anchor.x + gap), y: centredY, side };
    case 'left':
      return { x: inX(anchor.x - gap - card.width), y: centredY, side };
    case 'bottom':
      return { x: centredX, y: inY(anchor.y + gap), side };
    case 'top':
      return { x: centredX, y: inY(anchor.y - gap - card.height), side };
  }
}

/** The part of `a` that `b` also covers; `a` itself when they do not meet in a usable area. */
export function intersect(a: Box, b: Box, minimum: Size = { width: 0, height: 0 }): Box {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width >= minimum.width && height >= minimum.height ? { x, y, width, height } : a;
}

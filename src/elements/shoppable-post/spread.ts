import type { Point } from './media-box.js';

/**
 * Hotspots of products tagged close together spread apart, so that no target covers
 * another (a tap would open the wrong product). Pure (no DOM): computed from the data
 * alone (the points and the picture's aspect ratio), so the server writes the same
 * styles as the browser, and the styles do the rest with the sizes only they know (the
 * picture's drawn width, the target's size): each pair of targets closer than a target
 * moves apart along the line between their points, each by half of what is missing (up to
 * all of it where the other is held by a third), and not at all once the picture is wide enough.
 */

/** One push of a hotspot away from a close one: a direction on screen, and their distance in picture widths. */
export interface Push {
  /** The direction away from the other point (on screen, y down): a unit vector, up to twice as long where the other is held by a third. */
  x: number;
  y: number;
  /** The distance between the two points on screen, as a share of the picture's drawn width. */
  distance: number;
}

/** Pairs further apart than this share of the picture's width never meet: at a 44 px target, not on a picture under 176 px wide. */
export const NEAR = 0.25;
const SAME_PLACE = 1e-9;

/**
 * For each point (`x`, `y` in 0..1 of the picture), the pushes away from every point
 * nearer than {@link NEAR}. `aspect` is the picture's width / height.
 */
export function spreadPushes(points: readonly Point[], aspect: number): Push[][] {
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const near = points.map((point, i) =>
    points.flatMap((other, j) => {
      if (i === j) return [];
      const dx = point.x - other.x;
      const dy = (point.y - other.y) / ratio;
      const apart = Math.hypot(dx, dy);
      // Two points at the same place (or a billionth of the picture apart, where subnormal numbers give no direction) part sideways.
      const distance = apart < SAME_PLACE ? 0 : apart;
      const unit = distance === 0 ? { x: i < j ? -1 : 1, y: 0 } : { x: dx / distance, y: dy / distance };
      return distance >= NEAR ? [] : [{ j, ...unit, distance }];
    }),
  );
  // How freely a point moves away from each neighbour: its pushes' mean along that way (a point pushed from both sides cannot).
  const freedom = (j: number, i: number): number => {
    const pairs = near[j]!;
    const toward = pairs.find((pair) => pair.j === i)!;
    const along = pairs.reduce((sum, pair) => sum + pair.x * toward.x + pair.y * toward.y, 0) / pairs.length;
    return Math.min(1, Math.max(0, along));
  };
  // Each of a pair takes half of the distance it misses where the other moves as freely, up to all of it where the other cannot move.
  return near.map((pairs, i) => pairs.map(({ j, x, y, distance }) => ({ x: x * (2 - freedom(j, i)), y: y * (2 - freedom(j, i)), distance })));
}

/**
 * Where the pushes move a hotspot, for a picture drawn `width` px wide and targets of
 * `target` px: the sum of each push, `max(0, target - distance * width) / 2` along its
 * direction. The styles compute the same (`spreadStyle`); tests check it here.
 */
export function spreadOffset(pushes: readonly Push[], width: number, target: number): Point {
  let x = 0;
  let y = 0;
  for (const push of pushes) {
    const length = Math.max(0, target - push.distance * width) / 2;
    x += push.x * length;
    y += push.y * length;
  }
  return { x, y };
}

const number = (value: number): string => String(Math.round(value * 10_000) / 10_000);

/**
 * The pushes as custom properties of a hotspot (`--_sx`, `--_sy`) that its styles add to its
 * place: `var(--_hit)` is the target's size, `var(--_w)` the picture's drawn width. Nothing
 * for a hotspot with no close neighbour.
 */
export function spreadStyle(pushes: readonly Push[]): string {
  if (pushes.length === 0) return '';
  const along = (axis: 'x' | 'y') =>
    pushes
      .filter((push) => push[axis] !== 0)
      .map((push) => `${number(push[axis])} * max(0px, var(--_hit) - ${number(push.distance)} * var(--_w))`)
      .join(' + ') || '0px';
  return `;--_sx:calc((${along('x')}) / 2);--_sy:calc((${along('y')}) / 2)`;
}

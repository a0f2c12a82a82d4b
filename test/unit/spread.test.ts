import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/elements/shoppable-post/media-box.ts';
import { NEAR, spreadOffset, spreadPushes, spreadStyle } from '../../src/elements/shoppable-post/spread.ts';

const TARGET = 44;

/** Where each hotspot's centre lands (px) on a picture drawn `width` px wide, spread. */
function placed(points: Point[], aspect: number, width: number): Point[] {
  const pushes = spreadPushes(points, aspect);
  return points.map((point, i) => {
    const offset = spreadOffset(pushes[i]!, width, TARGET);
    return { x: point.x * width + offset.x, y: (point.y * width) / aspect + offset.y };
  });
}

/** The closest two targets' centres and the furthest a dot moved from its point (px). */
function measure(points: Point[], aspect: number, width: number): { closest: number; moved: number } {
  const at = placed(points, aspect, width);
  let closest = Infinity;
  for (let i = 0; i < at.length; i++) for (let j = i + 1; j < at.length; j++) closest = Math.min(closest, Math.hypot(at[i]!.x - at[j]!.x, at[i]!.y - at[j]!.y));
  const moved = Math.max(...at.map((p, i) => Math.hypot(p.x - points[i]!.x * width, p.y - (points[i]!.y * width) / aspect)));
  return { closest, moved };
}

describe('hotspots of close products spread apart', () => {
  it('two products tagged close together: their 44 px targets just touch at 390 and 1,280 px, each dot within half a target of its point', () => {
    // 2 % of the width apart: 8 px at 390, 26 px at 1,280 (the targets overlapped).
    const pair = [
      { x: 0.5, y: 0.4 },
      { x: 0.52, y: 0.41 },
    ];
    for (const width of [390, 1280]) {
      const { closest, moved } = measure(pair, 4 / 5, width);
      expect(closest).toBeCloseTo(TARGET, 6);
      expect(moved).toBeLessThanOrEqual(TARGET / 2);
    }
  });

  it('moves nothing once the picture is wide enough, nor points far apart', () => {
    const pair = [
      { x: 0.2, y: 0.5 },
      { x: 0.25, y: 0.5 },
    ];
    expect(measure(pair, 1, 1280).moved).toBe(0);
    expect(measure(pair, 1, 390).moved).toBeGreaterThan(0);
    expect(spreadPushes([{ x: 0.1, y: 0.1 }, { x: 0.101 + NEAR, y: 0.1 }], 1)).toEqual([[], []]);
    expect(spreadStyle([])).toBe('');
  });

  it('two products at the same point part sideways', () => {
    const [left, right] = placed([{ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 }], 1, 390);
    expect(right!.x - left!.x).toBeCloseTo(TARGET, 6);
    expect(right!.y).toBeCloseTo(left!.y, 6);
  });

  it('takes the picture\'s shape into account: a tall picture\'s close points in height are further apart on screen', () => {
    const column = [
      { x: 0.5, y: 0.5 },
      { x: 0.5, y: 0.54 },
    ];
    // 390 px wide: 15.6 px apart on a square picture, 31.2 px on one twice as tall as wide.
    expect(measure(column, 1, 390).moved).toBeCloseTo((TARGET - 15.6) / 2, 6);
    expect(measure(column, 0.5, 390).moved).toBeCloseTo((TARGET - 31.2) / 2, 6);
  });

  it('clusters of three and four: no two targets overlap at 360, 390, 720 and 1,280 px', () => {
    const clusters: Point[][] = [
      [{ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.5 }, { x: 0.54, y: 0.5 }],
      [{ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.5 }, { x: 0.51, y: 0.52 }],
      [{ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.5 }, { x: 0.5, y: 0.52 }, { x: 0.52, y: 0.52 }],
      [{ x: 0.3, y: 0.3 }, { x: 0.3, y: 0.3 }, { x: 0.3, y: 0.3 }],
    ];
    for (const cluster of clusters) for (const width of [360, 390, 720, 1280]) expect(measure(cluster, 4 / 5, width).closest).toBeGreaterThanOrEqual(TARGET - 1e-9);
  });

  it('two points a subnormal number apart part as two at the same place (found by the property below)', () => {
    const { closest, moved } = measure([{ x: 0, y: 0 }, { x: 5e-324, y: 5e-324 }], 0.3, 200);
    expect(closest).toBeGreaterThanOrEqual(TARGET - 1e-6);
    expect(moved).toBeLessThanOrEqual(TARGET / 2 + 1e-6);
  });

  it('any two products, any picture: their targets never overlap and each dot stays within half a target of its point', () => {
    const point = fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }) });
    fc.assert(
      fc.property(point, point, fc.double({ min: 0.3, max: 3, noNaN: true }), fc.integer({ min: 200, max: 2000 }), (a, b, aspect, width) => {
        const { closest, moved } = measure([a, b], aspect, width);
        return closest >= TARGET - 1e-6 && moved <= TARGET / 2 + 1e-6;
      }),
    );
  });

  it('writes the same sum as styles, for the server and the browser alike', () => {
    const pushes = spreadPushes([{ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.5 }], 1);
    expect(spreadStyle(pushes[0]!)).toBe(';--_sx:calc((-1 * max(0px, var(--_hit) - 0.02 * var(--_w))) / 2);--_sy:calc((0px) / 2)');
    // Nothing a strict CSP's style rules refuse (src/ssr/csp.ts): digits, names, signs and brackets only.
    expect(spreadStyle(pushes[1]!)).toMatch(/^[-\w\s.,%:;()/#+*]*$/);
  });
});

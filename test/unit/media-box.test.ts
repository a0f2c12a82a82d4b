import { describe, expect, it } from 'vitest';
import { hotspotInside, hotspotPoint, isVisible, mediaBox, readingOrder, shownMedia } from '../../src/elements/shoppable-post/media-box.ts';

describe('mediaBox', () => {
  it('fills a container of the same aspect exactly, whatever the fit', () => {
    for (const fit of ['contain', 'cover'] as const) {
      expect(mediaBox({ width: 400, height: 500 }, { width: 800, height: 1000 }, fit)).toEqual({ x: 0, y: 0, width: 400, height: 500 });
    }
  });

  it('contain letterboxes a portrait picture in a wide container (bars left and right)', () => {
    expect(mediaBox({ width: 600, height: 400 }, { width: 800, height: 1000 }, 'contain')).toEqual({ x: 140, y: 0, width: 320, height: 400 });
  });

  it('contain letterboxes a landscape picture in a tall container (bars above and below)', () => {
    expect(mediaBox({ width: 300, height: 600 }, { width: 1200, height: 800 }, 'contain')).toEqual({ x: 0, y: 200, width: 300, height: 200 });
  });

  it('cover scales a portrait picture to the width of a wide container and crops top and bottom', () => {
    expect(mediaBox({ width: 600, height: 400 }, { width: 800, height: 1000 }, 'cover')).toEqual({ x: 0, y: -175, width: 600, height: 750 });
  });

  it('cover scales a landscape picture to the height of a tall container and crops the sides', () => {
    expect(mediaBox({ width: 300, height: 600 }, { width: 1200, height: 800 }, 'cover')).toEqual({ x: -300, y: 0, width: 900, height: 600 });
  });

  it('upscales a small picture too, as object-fit does', () => {
    expect(mediaBox({ width: 500, height: 500 }, { width: 50, height: 100 }, 'contain')).toEqual({ x: 125, y: 0, width: 250, height: 500 });
  });

  it('takes an unknown or degenerate media size to fill the container', () => {
    expect(mediaBox({ width: 320, height: 200 }, { width: 0, height: 100 }, 'contain')).toEqual({ x: 0, y: 0, width: 320, height: 200 });
    expect(mediaBox({ width: 320, height: 200 }, { width: Number.NaN, height: 100 }, 'cover')).toEqual({ x: 0, y: 0, width: 320, height: 200 });
  });

  it('gives an empty box for a container that is not laid out', () => {
    expect(mediaBox({ width: 0, height: 0 }, { width: 800, height: 600 }, 'contain')).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });

  it('keeps the media aspect ratio and centres the box for any container', () => {
    for (const [cw, ch] of [[123.5, 77], [77, 123.5], [1000, 3]]) {
      for (const fit of ['contain', 'cover'] as const) {
        const box = mediaBox({ width: cw!, height: ch! }, { width: 640, height: 480 }, fit);
        expect(box.width / box.height).toBeCloseTo(640 / 480, 9);
        expect(box.x + box.width / 2).toBeCloseTo(cw! / 2, 9);
        expect(box.y + box.height / 2).toBeCloseTo(ch! / 2, 9);
        if (fit === 'contain') expect(box.width <= cw! + 1e-9 && box.height <= ch! + 1e-9).toBe(true);
        else expect(box.width >= cw! - 1e-9 && box.height >= ch! - 1e-9).toBe(true);
      }
    }
  });
});

describe('hotspotPoint', () => {
  const box = { x: 140, y: -20, width: 320, height: 400 };

  it('maps the corners, the centre and the edges of the media', () => {
    expect(hotspotPoint(box, 0, 0)).toEqual({ x: 140, y: -20 });
    expect(hotspotPoint(box, 1, 1)).toEqual({ x: 460, y: 380 });
    expect(hotspotPoint(box, 0.5, 0.5)).toEqual({ x: 300, y: 180 });
    expect(hotspotPoint(box, 1, 0.25)).toEqual({ x: 460, y: 80 });
  });
});

describe('isVisible', () => {
  const container = { width: 300, height: 200 };

  it('shows points inside and on the edge, hides points a cover crop cuts off', () => {
    expect(isVisible({ x: 0, y: 0 }, container)).toBe(true);
    expect(isVisible({ x: 300, y: 200 }, container)).toBe(true);
    expect(isVisible({ x: 150, y: 100 }, container)).toBe(true);
    expect(isVisible({ x: -0.3, y: 200.4 }, container)).toBe(true);
    expect(isVisible({ x: -1, y: 100 }, container)).toBe(false);
    expect(isVisible({ x: 150, y: 201 }, container)).toBe(false);
    expect(isVisible({ x: 301, y: -5 }, container)).toBe(false);
  });

  it('agrees with mediaBox: a cover crop hides exactly the cut-off share', () => {
    // A square picture in a 2:1 container: cover crops a quarter off the top and the bottom.
    const stage = { width: 400, height: 200 };
    const box = mediaBox(stage, { width: 100, height: 100 }, 'cover');
    expect(isVisible(hotspotPoint(box, 0.5, 0.24), stage)).toBe(false);
    expect(isVisible(hotspotPoint(box, 0.5, 0.25), stage)).toBe(true);
    expect(isVisible(hotspotPoint(box, 0.5, 0.75), stage)).toBe(true);
    expect(isVisible(hotspotPoint(box, 0.5, 0.76), stage)).toBe(false);
    expect(isVisible(hotspotPoint(box, 0, 0.5), stage)).toBe(true);
  });
});

describe('readingOrder', () => {
  it('reads rows top to bottom and each row left to right', () => {
    const points = [
      { x: 0.9, y: 0.9 },
      { x: 0.1, y: 0.1 },
      { x: 0.5, y: 0.5 },
      { x: 0.9, y: 0.1 },
      { x: 0.1, y: 0.9 },
    ];
    expect(readingOrder(points)).toEqual([1, 3, 2, 4, 0]);
  });

  it('puts points within the row tolerance into one row, so a slightly higher point on the right comes later', () => {
    const points = [
      { x: 0.8, y: 0.3 },
      { x: 0.2, y: 0.32 },
      { x: 0.5, y: 0.6 },
    ];
    expect(readingOrder(points, 0.05)).toEqual([1, 0, 2]);
    expect(readingOrder(points, 0.01)).toEqual([0, 1, 2]);
  });

  it('reads each row right to left under RTL', () => {
    const points = [
      { x: 0.2, y: 0.1 },
      { x: 0.8, y: 0.1 },
      { x: 0.5, y: 0.5 },
    ];
    expect(readingOrder(points, 0.05, true)).toEqual([1, 0, 2]);
  });

  it('keeps the original order for equal points and handles no points', () => {
    expect(readingOrder([{ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 }])).toEqual([0, 1]);
    expect(readingOrder([])).toEqual([]);
  });
});

describe('shownMedia', () => {
  it('is the drawn box under contain, the container under a cover crop', () => {
    expect(shownMedia({ x: 140, y: 0, width: 320, height: 400 }, { width: 600, height: 400 })).toEqual({ x: 140, y: 0, width: 320, height: 400 });
    expect(shownMedia({ x: 0, y: -175, width: 600, height: 750 }, { width: 600, height: 400 })).toEqual({ x: 0, y: 0, width: 600, height: 400 });
  });
});

describe('hotspotInside', () => {
  const area = { x: 140, y: 0, width: 320, height: 400 };
  const radius = 14;
  const whole = (point: { x: number; y: number }) =>
    point.x - radius >= area.x && point.x + radius <= area.x + area.width && point.y - radius >= area.y && point.y + radius <= area.y + area.height;

  it('moves a point in each corner inward by exactly the radius along both axes', () => {
    expect(hotspotInside({ x: 140, y: 0 }, area, radius)).toEqual({ x: 154, y: 14 });
    expect(hotspotInside({ x: 460, y: 0 }, area, radius)).toEqual({ x: 446, y: 14 });
    expect(hotspotInside({ x: 140, y: 400 }, area, radius)).toEqual({ x: 154, y: 386 });
    expect(hotspotInside({ x: 460, y: 400 }, area, radius)).toEqual({ x: 446, y: 386 });
  });

  it('moves a point on an edge inward across that edge only', () => {
    expect(hotspotInside({ x: 300, y: 0 }, area, radius)).toEqual({ x: 300, y: 14 });
    expect(hotspotInside({ x: 460, y: 200 }, area, radius)).toEqual({ x: 446, y: 200 });
    expect(hotspotInside({ x: 145, y: 393 }, area, radius)).toEqual({ x: 154, y: 386 });
  });

  it('leaves every point at least the radius from the edges exactly where it is', () => {
    for (const point of [{ x: 154, y: 14 }, { x: 300, y: 200 }, { x: 446, y: 386 }, { x: 200.25, y: 14.5 }]) {
      expect(hotspotInside(point, area, radius)).toEqual(point);
    }
  });

  it('draws every hotspot whole and moves none by more than its radius', () => {
    for (let fx = 0; fx <= 1; fx += 0.05) {
      for (let fy = 0; fy <= 1; fy += 0.05) {
        const point = hotspotPoint(area, fx, fy);
        const drawn = hotspotInside(point, area, radius);
        expect(whole(drawn)).toBe(true);
        expect(Math.abs(drawn.x - point.x)).toBeLessThanOrEqual(radius);
        expect(Math.abs(drawn.y - point.y)).toBeLessThanOrEqual(radius);
      }
    }
  });

  it('centres the hotspot along an axis shorter than it, and keeps the point with no radius measured yet', () => {
    expect(hotspotInside({ x: 10, y: 3 }, { x: 0, y: 0, width: 100, height: 20 }, radius)).toEqual({ x: 14, y: 10 });
    expect(hotspotInside({ x: 140, y: 0 }, area, 0)).toEqual({ x: 140, y: 0 });
  });
});

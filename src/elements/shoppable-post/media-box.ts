/**
 * Where a picture lands inside its media area, and where a tagged point of the picture
 * lands on screen. Pure geometry (no DOM), so that Node tests can check it exactly.
 * All boxes are in CSS pixels relative to the media area's top-left corner; the picture
 * is centred (the CSS default `object-position: 50% 50%`).
 */
export interface Size {
  width: number;
  height: number;
}

export interface Box extends Size {
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

/** `contain` shows all of the picture (letterboxed); `cover` fills the area and crops. */
export const FITS = ['contain', 'cover'] as const;
export type Fit = (typeof FITS)[number];

const usable = (size: Size): boolean => Number.isFinite(size.width) && Number.isFinite(size.height) && size.width > 0 && size.height > 0;

/**
 * The box the picture is drawn in, as `object-fit` draws it: scaled uniformly to fit
 * inside (`contain`) or to cover (`cover`) the container, and centred. A `cover` box
 * may be larger than the container (its overflow is cropped). Without a usable media
 * size the picture is taken to fill the container.
 */
export function mediaBox(container: Size, media: Size, fit: Fit): Box {
  if (!usable(container) || !usable(media)) return { x: 0, y: 0, width: Math.max(0, container.width || 0), height: Math.max(0, container.height || 0) };
  const scaleX = container.width / media.width;
  const scaleY = container.height / media.height;
  const scale = fit === 'cover' ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
  const width = media.width * scale;
  const height = media.height * scale;
  return { x: (container.width - width) / 2, y: (container.height - height) / 2, width, height };
}

/** The on-screen point of a tagged position (`x`, `y` in 0..1 of the media's own size). */
export function hotspotPoint(box: Box, x: number, y: number): Point {
  return { x: box.x + x * box.width, y: box.y + y * box.height };
}

/**
 * The part of the media that is on screen: the drawn box cut to the container (a
 * `cover` crop shows only the container, `contain` all of the picture).
 */
export function shownMedia(box: Box, container: Size): Box {
  const x = Math.max(box.x, 0);
  const y = Math.max(box.y, 0);
  return { x, y, width: Math.max(0, Math.min(box.x + box.width, container.width) - x), height: Math.max(0, Math.min(box.y + box.height, container.height) - y) };
}

/**
 * Where a hotspot of `radius` is drawn for a tagged `point`, so that all of it lies
 * inside `area` (the shown media, whose clip would cut it): the point itself wherever
 * it is at least `radius` from each edge, else moved inward along that axis to exactly
 * `radius` from the edge (by at most `radius`, for a point on the edge). Along an axis
 * shorter than the hotspot, it sits in the middle.
 */
export function hotspotInside(point: Point, area: Box, radius: number): Point {
  const along = (value: number, start: number, length: number) =>
    length <= 2 * radius ? start + length / 2 : Math.min(start + length - radius, Math.max(start + radius, value));
  return { x: along(point.x, area.x, area.width), y: along(point.y, area.y, area.height) };
}

/**
 * Whether a point lies inside the container (a `cover` crop hides the rest). Points on
 * the edge count as visible; `tolerance` absorbs sub-pixel rounding.
 */
export function isVisible(point: Point, container: Size, tolerance = 0.5): boolean {
  return point.x >= -tolerance && point.y >= -tolerance && point.x <= container.width + tolerance && point.y <= container.height + tolerance;
}

/**
 * The reading order of tagged points: top to bottom by rows, then along each row
 * (left to right, or right to left for RTL). Points whose `y` is within `rowTolerance`
 * (a share of the media's height) of a row's first point share that row, so that two
 * products side by side are read in line order, not by a pixel's difference in height.
 * Returns the indices of `points` in that order.
 */
export function readingOrder(points: readonly Point[], rowTolerance = 0.05, rtl = false): number[] {
  const byY = points.map((point, index) => ({ point, index })).sort((a, b) => a.point.y - b.point.y || a.index - b.index);
  const rows: (typeof byY)[] = [];
  for (const entry of byY) {
    const row = rows.at(-1);
    if (row !== undefined && entry.point.y - row[0]!.point.y <= rowTolerance) row.push(entry);
    else rows.push([entry]);
  }
  const along = (a: (typeof byY)[number], b: (typeof byY)[number]) => (rtl ? b.point.x - a.point.x : a.point.x - b.point.x) || a.index - b.index;
  return rows.flatMap((row) => row.sort(along).map((entry) => entry.index));
}

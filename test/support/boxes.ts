/** An element's box as [left, top, width, height]. */
export type Box = [left: number, top: number, width: number, height: number];

/** The first two boxes that overlap, by their indexes; `undefined` when each stands apart (touching edges do not overlap). */
export function overlapping(boxes: readonly Box[]): [number, number] | undefined {
  for (const [i, a] of boxes.entries()) {
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j]!;
      const apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1];
      if (!apart) return [i, j];
    }
  }
  return undefined;
}

import { decode } from 'blurhash';
import { noChange } from 'lit';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';
import { BASE83 } from '../../api/normalize-media.js';
import { nextTask } from '../../shared/time-slice.js';

/** Blurhashes are decoded this small (on the long side) and scaled up by CSS: the blur hides the pixels. */
export const PLACEHOLDER_SIZE = 16;

const decoded = new Map<string, ImageData>();

/** The decoding size for media of `width` × `height`: 16 px on the long side, the media's shape (square when unknown). */
export function placeholderSize(width?: number, height?: number): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) return { width: PLACEHOLDER_SIZE, height: PLACEHOLDER_SIZE };
  const scale = PLACEHOLDER_SIZE / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decodes a blurhash once per page and size (a small LRU), or `undefined` for an invalid one. */
export function decodeBlurhash(hash: string, width = PLACEHOLDER_SIZE, height = PLACEHOLDER_SIZE): ImageData | undefined {
  const key = `${width}x${height}|${hash}`;
  let image = decoded.get(key);
  if (image === undefined) {
    try {
      const pixels = decode(hash, width, height);
      image = new ImageData(new Uint8ClampedArray(pixels), width, height);
    } catch {
      return undefined;
    }
    if (decoded.size >= 300) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, image);
  }
  return image;
}

/** A blurhash's average colour (its first component, digits 2 to 5), as CSS: no decoding needed. */
export function averageColor(hash: string): string | undefined {
  let value = 0;
  for (const char of hash.slice(2, 6)) {
    const digit = BASE83.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 83 + digit;
  }
  return hash.length >= 6 ? `rgb(${value >> 16} ${(value >> 8) & 255} ${value & 255})` : undefined;
}

/** How long painting placeholders may run in one task before the rest waits for the next. */
const PAINT_SLICE_MS = 4;

/** Canvases waiting for their blurhash, with what to paint (the latest asked for wins). */
const waiting = new Map<HTMLCanvasElement, { hash: string; width: number; height: number }>();
let draining = false;

/**
 * Decodes and paints the waiting placeholders a few milliseconds at a time: a gallery's
 * page of tiles would otherwise decode and paint a dozen canvases in the task that
 * renders it (the canvases' average colour shows meanwhile).
 */
async function drain(): Promise<void> {
  draining = true;
  try {
    while (waiting.size > 0) {
      await nextTask();
      const start = performance.now();
      for (const [canvas, { hash, width, height }] of waiting) {
        waiting.delete(canvas);
        const image = decodeBlurhash(hash, width, height);
        if (image && canvas.width === width && canvas.height === height) canvas.getContext('2d')?.putImageData(image, 0, 0);
        if (performance.now() - start > PAINT_SLICE_MS) break;
      }
    }
  } finally {
    draining = false;
  }
}

class BlurhashDirective extends Directive {
  private painted: string | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('blurhash() belongs on a <canvas> element.');
  }

  render(_hash: string | undefined, _media?: { width?: number | undefined; height?: number | undefined }) {
    return noChange;
  }

  override update(part: ElementPart, [hash, media]: [string | undefined, { width?: number | undefined; height?: number | undefined }?]) {
    const size = placeholderSize(media?.width, media?.height);
    const painted = `${size.width}x${size.height}|${hash ?? ''}`;
    if (painted === this.painted) return noChange;
    this.painted = painted;
    const canvas = part.element as HTMLCanvasElement;
    // Setting the size clears the canvas: its average colour shows until the blur is painted.
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.style.backgroundColor = (hash && averageColor(hash)) ?? '';
    if (hash) waiting.set(canvas, { hash, ...size });
    else waiting.delete(canvas);
    if (!draining && waiting.size > 0) void drain();
    return noChange;
  }
}

/**
 * Paints a blurhash into a `<canvas>` (no data: URL, so a strict `img-src` is no
 * obstacle), decoded at 16 px on the long side in the media's shape and scaled up by
 * CSS: `<canvas ${blurhash(media.hash, media)} aria-hidden="true"></canvas>`. The
 * canvas takes the blurhash's average colour at once and its blur in a later task.
 */
export const blurhash = directive(BlurhashDirective);

import { decode } from 'blurhash';
import { noChange } from 'lit';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';

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
    const image = hash ? decodeBlurhash(hash, size.width, size.height) : undefined;
    canvas.width = size.width;
    canvas.height = size.height;
    if (image) canvas.getContext('2d')?.putImageData(image, 0, 0);
    return noChange;
  }
}

/**
 * Paints a blurhash into a `<canvas>` (no data: URL, so a strict `img-src` is no
 * obstacle), decoded at 16 px on the long side in the media's shape and scaled up by
 * CSS: `<canvas ${blurhash(media.hash, media)} aria-hidden="true"></canvas>`.
 */
export const blurhash = directive(BlurhashDirective);

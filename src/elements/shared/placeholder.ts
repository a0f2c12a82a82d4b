import { decode } from 'blurhash';
import { noChange } from 'lit';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';

/** Blurhashes are decoded this small and scaled up by CSS: the blur hides the pixels. */
export const PLACEHOLDER_SIZE = 32;

const decoded = new Map<string, ImageData>();

/** Decodes a blurhash once per page (a small LRU), or `undefined` for an invalid one. */
export function decodeBlurhash(hash: string): ImageData | undefined {
  let image = decoded.get(hash);
  if (image === undefined) {
    try {
      const pixels = decode(hash, PLACEHOLDER_SIZE, PLACEHOLDER_SIZE);
      image = new ImageData(new Uint8ClampedArray(pixels), PLACEHOLDER_SIZE, PLACEHOLDER_SIZE);
    } catch {
      return undefined;
    }
    if (decoded.size >= 300) decoded.delete(decoded.keys().next().value!);
    decoded.set(hash, image);
  }
  return image;
}

class BlurhashDirective extends Directive {
  private painted: string | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('blurhash() belongs on a <canvas> element.');
  }

  render(_hash: string | undefined) {
    return noChange;
  }

  override update(part: ElementPart, [hash]: [string | undefined]) {
    if (hash === this.painted) return noChange;
    this.painted = hash;
    const canvas = part.element as HTMLCanvasElement;
    const image = hash ? decodeBlurhash(hash) : undefined;
    canvas.width = PLACEHOLDER_SIZE;
    canvas.height = PLACEHOLDER_SIZE;
    if (image) canvas.getContext('2d')?.putImageData(image, 0, 0);
    return noChange;
  }
}

/**
 * Paints a blurhash into a `<canvas>` (no data: URL, so a strict `img-src` is no
 * obstacle): `<canvas ${blurhash(media.hash)} aria-hidden="true"></canvas>`.
 */
export const blurhash = directive(BlurhashDirective);

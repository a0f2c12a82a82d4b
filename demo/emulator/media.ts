/**
 * Pictures and the video clip the emulator serves under /media/. JPEGs are painted on
 * first request and kept in memory; blurhashes are computed at start from a 20 px wide
 * render of the same scene, so each hash is the true blurhash of its picture.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encode as encodeBlurhash } from 'blurhash';
import { encode as encodeJpeg } from 'jpeg-js';
import { renderScene, type ImageSpec } from './scene.ts';

/** Width of the render a blurhash is computed from (32 px took 1.6 s for ~490 pictures; 20 px gives the same 4x3 hash quality in a third of the time). */
const HASH_WIDTH = 20;
const JPEG_QUALITY = 75;
const CLIP_URL = new URL('./assets/clip.webm', import.meta.url);

export const MEDIA_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Accept-Ranges': 'bytes',
} as const;

export class MediaStore {
  private readonly hashes = new Map<string, string>();
  private readonly jpegs = new Map<string, Buffer>();
  private readonly clip: Buffer | null;

  /**
   * @param images every picture by media path
   * @param videoPaths media paths that serve the clip
   */
  constructor(
    private readonly images: Map<string, ImageSpec>,
    private readonly videoPaths: Set<string>,
  ) {
    for (const [path, spec] of images) this.hashes.set(path, blurhashOf(spec));
    let clip: Buffer | null = null;
    try {
      clip = readFileSync(CLIP_URL);
    } catch {
      clip = null;
    }
    this.clip = clip;
  }

  /** The blurhash of a picture (computed at start). */
  hash(path: string): string {
    const hash = this.hashes.get(path);
    if (!hash) throw new Error(`no picture at ${path}`);
    return hash;
  }

  /** The JPEG of a picture, painted on first use. */
  jpeg(path: string): Buffer | undefined {
    const cached = this.jpegs.get(path);
    if (cached) return cached;
    const spec = this.images.get(path);
    if (!spec) return undefined;
    const data = renderScene(spec, spec.width, spec.height, true);
    const encoded = encodeJpeg({ data, width: spec.width, height: spec.height }, JPEG_QUALITY).data;
    this.jpegs.set(path, encoded);
    return encoded;
  }

  /** Answers a GET or HEAD under /media/; returns false when nothing lives at `path`. */
  serve(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (path.endsWith('.webm')) {
      if (!this.videoPaths.has(path) || !this.clip) return false;
      sendBytes(req, res, this.clip, 'video/webm');
      return true;
    }
    const body = this.jpeg(path);
    if (!body) return false;
    sendBytes(req, res, body, 'image/jpeg');
    return true;
  }
}

function blurhashOf(spec: ImageSpec): string {
  const width = HASH_WIDTH;
  const height = Math.max(1, Math.round((HASH_WIDTH * spec.height) / spec.width));
  return encodeBlurhash(renderScene(spec, width, height), width, height, 4, 3);
}

/** Sends a buffer, honouring a single `Range: bytes=...` (206 / 416). */
function sendBytes(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string): void {
  const headers: Record<string, string | number> = { ...MEDIA_HEADERS, 'Content-Type': type };
  const range = parseRange(req.headers.range, body.length);
  if (range === 'invalid') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${body.length}` });
    res.end();
    return;
  }
  const [start, end] = range ?? [0, body.length - 1];
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${body.length}`;
  headers['Content-Length'] = end - start + 1;
  res.writeHead(range ? 206 : 200, headers);
  res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; null without a (usable) header. */
export function parseRange(header: string | undefined, size: number): [number, number] | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return [start, end];
}

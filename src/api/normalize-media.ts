import { compact, field, finite, isRecord, text } from './normalize.js';
import { safeUrl } from './url.js';
import type { Media } from './types.js';

/**
 * The media of posts and reviews, and blurhash's shape: what the reads of posts and
 * review lists need and a page of review badges does not (the `query` chunk).
 */

function dimension(value: unknown): number | undefined {
  const n = finite(value);
  return n !== undefined && n >= 1 && n <= 100_000 ? n : undefined;
}

/** Blurhash's digits. */
export const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

/**
 * Whether `hash` has a blurhash's shape: base-83 digits, as many as its first digit's
 * component counts call for (what the blurhash package's `isBlurhashValid` checks, and
 * the alphabet too), without the package, which only the placeholders' code needs.
 */
export function isBlurhash(hash: string): boolean {
  const size = BASE83.indexOf(hash[0] ?? '');
  return size >= 0 && hash.length === 4 + 2 * ((size % 9) + 1) * (Math.floor(size / 9) + 1) && [...hash].every((char) => BASE83.includes(char));
}

export function normalizeMedia(raw: unknown, base?: string): Media | undefined {
  if (!isRecord(raw)) return undefined;
  const url = safeUrl(field(raw, 'location'), base) ?? safeUrl(field(raw, 'url'), base);
  if (url === undefined) return undefined;
  const hash = text(field(raw, 'hash'));
  return compact({
    url,
    hash: hash !== undefined && isBlurhash(hash) ? hash : undefined,
    filename: text(field(raw, 'filename')),
    width: dimension(field(raw, 'width')),
    height: dimension(field(raw, 'height')),
    poster: safeUrl(field(raw, 'poster'), base),
  });
}

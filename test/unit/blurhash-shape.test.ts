import { encode, isBlurhashValid } from 'blurhash';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlurhash } from '../../src/api/normalize-media.ts';

/** A small image of random pixels, encoded with `x` × `y` components by the blurhash package. */
function encoded(x: number, y: number, seed: number): string {
  const pixels = new Uint8ClampedArray(4 * 4 * 4).map((_, i) => (i * 97 + seed * 31) % 256);
  return encode(pixels, 4, 4, x, y);
}

describe('isBlurhash (the normalizer checks hashes without the blurhash package)', () => {
  it('accepts every hash the blurhash package encodes, for every component count', () => {
    for (let x = 1; x <= 9; x++) for (let y = 1; y <= 9; y++) expect(isBlurhash(encoded(x, y, x * 10 + y)), `${x}×${y}`).toBe(true);
  });

  it('refuses a hash one digit too short or too long, and one with a character outside base 83', () => {
    const hash = encoded(4, 3, 1);
    expect(isBlurhash(hash.slice(0, -1))).toBe(false);
    expect(isBlurhash(`${hash}0`)).toBe(false);
    expect(isBlurhash(`${hash.slice(0, -1)}!`)).toBe(false);
    expect(isBlurhash('')).toBe(false);
    expect(isBlurhash('nope')).toBe(false);
  });

  it('agrees with the package wherever the string is in the base-83 alphabet', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';
    const base83 = fc.string({ unit: fc.constantFrom(...alphabet), minLength: 0, maxLength: 170 });
    // Lengths near the ones a first digit calls for, so that both answers come up.
    const shaped = fc.tuple(fc.integer({ min: 0, max: 82 }), fc.integer({ min: -1, max: 1 }), fc.string({ unit: fc.constantFrom(...alphabet), minLength: 200, maxLength: 200 })).map(([size, off, rest]) => {
      const length = 4 + 2 * ((size % 9) + 1) * (Math.floor(size / 9) + 1) + off;
      return alphabet[size]! + rest.slice(0, Math.max(0, length - 1));
    });
    for (const strings of [base83, shaped]) fc.assert(fc.property(strings, (hash) => isBlurhash(hash) === (hash.length >= 6 && isBlurhashValid(hash).result)));
  });
});

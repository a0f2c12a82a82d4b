/**
 * Opaque page cursors: base64url JSON `{q, o}` (a digest of the normalized query and the
 * key, and the offset of the next page) plus an HMAC with a per-process secret. A forged
 * cursor, or one from another query or key, does not verify.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export class Cursors {
  private readonly secret = randomBytes(32);

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest().subarray(0, 16);
  }

  /** `query` identifies the result set: normalized parameters without cursor and limit, plus the key. */
  encode(query: string, offset: number): string {
    const payload = Buffer.from(JSON.stringify({ q: digest(query), o: offset })).toString('base64url');
    return `${payload}.${this.sign(payload).toString('base64url')}`;
  }

  /** The offset a cursor points at, or null when it is not a cursor of this query. */
  decode(cursor: string, query: string): number | null {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.sign(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { q?: unknown; o?: unknown };
      if (parsed.q !== digest(query) || typeof parsed.o !== 'number' || !Number.isInteger(parsed.o) || parsed.o < 0) return null;
      return parsed.o;
    } catch {
      return null;
    }
  }
}

function digest(query: string): string {
  return createHash('sha256').update(query).digest('base64url').slice(0, 22);
}

import { LRUCache } from 'lru-cache';
import { API_VERSION_PATH, paths } from '../api/wire.js';
import type { ReadKind } from './routes.js';
import { TAGS } from './routes.js';
import type { Change } from './webhooks.js';

/**
 * Which cached reads a change concerns: every read the proxy answered, by what it shows
 * (routes.ts's tags), for the last 100,000 distinct reads. And the same as a regular
 * expression of request paths, for a CDN in front to ban.
 */

export interface KnownRead {
  kind: ReadKind;
  target: string;
}

/** A read as the index knows it: how often shoppers read it, and when last. */
export interface IndexedRead extends KnownRead {
  reads: number;
  lastReadAt: number;
}

export interface ReadIndex {
  /** Counts a read of `key` (and files it under `tags` the first time). */
  add(key: string, read: KnownRead, tags: readonly string[]): void;
  /** The reads `change` concerns, by cache key. */
  find(change: Change): Map<string, IndexedRead>;
}

const KNOWN_READS = 100_000;

export function createReadIndex(): ReadIndex {
  const byTag = new Map<string, Set<string>>();
  const reads = new LRUCache<string, IndexedRead & { tags: readonly string[] }>({
    max: KNOWN_READS,
    dispose: (read, key) => {
      for (const tag of read.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  return {
    add(key, read, tags) {
      const known = reads.get(key);
      if (known) {
        known.reads++;
        known.lastReadAt = Date.now();
        return;
      }
      reads.set(key, { ...read, tags, reads: 1, lastReadAt: Date.now() });
      for (const tag of tags) {
        let keys = byTag.get(tag);
        if (keys === undefined) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    },
    find(change) {
      const found = new Map<string, IndexedRead>();
      for (const tag of tagsOf(change)) {
        for (const key of byTag.get(tag) ?? []) {
          const read = reads.peek(key);
          if (read) found.set(key, { kind: read.kind, target: read.target, reads: read.reads, lastReadAt: read.lastReadAt });
        }
      }
      return found;
    },
  };
}

function tagsOf(change: Change): string[] {
  if ('reviewsOf' in change) return change.reviewsOf.length > 0 ? change.reviewsOf.map(TAGS.product) : [TAGS.productReviews];
  return 'companyReviews' in change ? [TAGS.companyReviews] : [TAGS.posts];
}

/** Each character a regular expression reads specially, in brackets: no backslashes, which a ban expression would need escaped again. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === '\\' || c === '^' || c === ']' ? `\\${c}` : `[${c}]`));
/** The part of a path function's path before its segment: `/products/`. */
const prefix = (path: (segment: string) => string) => path('\u0000').split(encodeURIComponent('\u0000'))[0]!;

/** A regular expression of the request paths (below `basePath`) that `change` makes stale. */
export function banPattern(change: Change, basePath: string): string {
  const base = `^${literal(`${basePath}${API_VERSION_PATH}`)}`;
  if ('reviewsOf' in change) {
    if (change.reviewsOf.length === 0) return `${base}${literal(prefix(paths.productReviews))}`;
    const refs = change.reviewsOf.map((ref) => literal(encodeURIComponent(ref))).join('|');
    return `${base}${literal(prefix(paths.productReviews))}(${refs})/|${base}${literal(paths.ratings())}[?]`;
  }
  if ('companyReviews' in change) return `${base}${literal(paths.companyReviewSummary().replace(/[^/]+$/, ''))}`;
  return `${base}${literal(paths.posts())}`;
}

/** Sends a Varnish `BAN` for a pattern (the README's VCL accepts it from the proxy's own address). */
export function varnishBan(url: string): (pattern: string) => Promise<void> {
  return async (pattern) => {
    const response = await fetch(url, { method: 'BAN', headers: { 'X-Storefront-Ban': pattern } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`storefront-widgets/edge: Varnish refused the ban (${response.status}).`);
  };
}

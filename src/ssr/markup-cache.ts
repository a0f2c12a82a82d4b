import { LRUCache } from 'lru-cache';
import type { PlannedElement } from './server-reads.js';

/**
 * The markup of elements rendered before, by what it was rendered from: the tag, its
 * attributes, its settings and its reads (each by what it read and when: a read made
 * again is a new key). A popular product's elements cost a lookup until their reads
 * change. Bounded by size (the strings' lengths, about 8 MB of text): the least used go first.
 */
export const keptMarkup = new LRUCache<string, string>({ maxSize: 4_000_000, sizeCalculation: (markup, key) => markup.length + key.length });

/** What an element's markup depends on, as a key. The nonce is not in it: it goes on at the end of each render (csp.ts). */
export function markupKey({ element, reads }: PlannedElement): string {
  return JSON.stringify([
    element.tag,
    [...element.attributes],
    element.settings,
    reads.map((read) => (read.kind === 'rating' ? [read.api, read.market, read.data.productRef, read.at] : [read.api, read.queryKey, read.at])),
  ]);
}

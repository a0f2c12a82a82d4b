import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, tableLoading, tables } from '../../src/i18n/tables.ts';

/**
 * Each language's table is a chunk of its own that a shopper's browser loads before the
 * first element renders: at most 1.5 KB brotli. Measured on the table serialized as
 * compactly as the build ships it (the chunk adds about 60 bytes of `export` around
 * the object, hence the margin below 1,536 bytes).
 */
const BUDGET = 1536;
const MARGIN = 90;

await Promise.all(LANGUAGES.map(tableLoading));

const brotli = (text: string) => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

describe('the size of each language table', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s is at most 1.5 KB brotli', (language) => {
    const table = tables[language];
    expect(table, language).toBeTypeOf('object');
    expect(brotli(JSON.stringify(table))).toBeLessThanOrEqual(BUDGET - MARGIN);
  });

  it('the measure can fail: a table twice as long is over the budget', () => {
    const doubled = Object.fromEntries(Object.entries(tables['el']!).flatMap(([key, value]) => [[key, value], [`${key}.copy`, JSON.stringify(value).split('').reverse().join('')]]));
    expect(brotli(JSON.stringify(doubled))).toBeGreaterThan(BUDGET - MARGIN);
  });
});

import { describe, expect, it } from 'vitest';
import { plainNumber } from '../../src/i18n/plain-number.ts';
import { plainPrice, plainPricePairs } from '../../src/i18n/plain-price.ts';

/** Every locale the plain path knows (it answers for these and no others). */
const KNOWN = [
  ...'en en-US en-GB en-AU en-CA en-IE en-NZ ja ja-JP ko ko-KR zh zh-CN he he-IL'.split(' '),
  ...'de de-DE de-AT sv sv-SE da da-DK nb nb-NO no fi fi-FI fr fr-FR fr-BE es es-ES it it-IT nl nl-NL nl-BE pl pl-PL pt pt-PT pt-BR cs cs-CZ sk sk-SK hu hu-HU ro ro-RO el el-GR bg bg-BG hr hr-HR sl sl-SI et et-EE lv lv-LV lt lt-LT tr tr-TR uk uk-UA'.split(' '),
];

/**
 * Where plainNumber writes a value otherwise than Intl.NumberFormat, in every known
 * locale. Collected and asserted once: an expect per number (tens of thousands) took
 * over 5 s on a busy machine.
 */
function mismatches(values: number[], options?: Intl.NumberFormatOptions): string[] {
  const found: string[] = [];
  for (const locale of KNOWN) {
    const intl = new Intl.NumberFormat(locale, options);
    for (const value of values) {
      const plain = plainNumber(value, locale, options);
      if (plain !== intl.format(value)) found.push(`${locale} ${value}: ${String(plain)}, Intl ${intl.format(value)}`);
    }
  }
  return found;
}

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

describe('plainNumber: what Intl.NumberFormat writes, without Intl', () => {
  it('every whole number under 1,000, in every known locale', () => {
    expect(mismatches(Array.from({ length: 1000 }, (_, value) => value))).toEqual([]);
  });

  it('every number under 100 with one decimal (a rating, rounded as the elements round it), in every known locale', () => {
    expect(mismatches(Array.from({ length: 1000 }, (_, tenths) => tenths / 10), ONE_DECIMAL)).toEqual([]);
  });

  it('any value it answers for matches Intl, also unrounded ones (ties are left to Intl)', () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR']) {
      const intl = new Intl.NumberFormat(locale, ONE_DECIMAL);
      for (let step = 0; step < 5000; step++) {
        const value = step / 997;
        const plain = plainNumber(value, locale, ONE_DECIMAL);
        if (plain !== undefined) expect(plain, `${locale} ${value}`).toBe(intl.format(value));
      }
      expect(plainNumber(0.25, locale, ONE_DECIMAL)).toBeUndefined();
    }
  });

  it('leaves everything else to Intl: other locales, digits or separators, big numbers, negative numbers, other options', () => {
    for (const locale of ['ar', 'ar-EG', 'de-CH', 'es-MX', 'en-ZA', 'fa', 'hi-IN', 'th']) expect(plainNumber(5, locale), locale).toBeUndefined();
    expect(plainNumber(1000, 'en-US')).toBeUndefined();
    expect(plainNumber(1.5, 'en-US')).toBeUndefined();
    expect(plainNumber(-1, 'en-US')).toBeUndefined();
    expect(plainNumber(Number.NaN, 'en-US')).toBeUndefined();
    expect(plainNumber(100, 'en-US', ONE_DECIMAL)).toBeUndefined();
    expect(plainNumber(5, 'en-US', { style: 'percent' })).toBeUndefined();
    expect(plainNumber(5, 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBeUndefined();
  });
});

describe('plainPrice: what Intl.NumberFormat writes for a price in the locale’s own currency, without Intl', () => {
  const pairs = plainPricePairs().map((pair) => pair.split('|') as [string, string]);

  it('knows the usual currency of the languages’ main locales', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    for (const pair of ['en-us|USD', 'de-de|EUR', 'sv-se|SEK', 'fr|EUR', 'en-gb|GBP']) expect(plainPricePairs()).toContain(pair);
  });

  it('every cent from 0 to 999.99 in steps of 0.37, and the edges, in every pair', () => {
    // Mismatches are collected and compared once: an expect per amount (over 100,000) took 5 s on a busy machine.
    const mismatches: string[] = [];
    for (const [locale, currency] of pairs) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
      for (const amount of [0, 0.01, 0.1, 1, 9.99, 10, 71.99, 100, 999.99, ...Array.from({ length: 2703 }, (_, i) => Math.round(i * 37) / 100)]) {
        const plain = plainPrice(amount, currency, locale);
        const expected = intl.format(amount);
        if (plain !== expected) mismatches.push(`${locale} ${currency} ${amount}: ${String(plain)} instead of ${expected}`);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it('leaves to Intl what it does not know: other pairs, 1,000 and more, below 0, more than two decimals', () => {
    expect(plainPrice(12.5, 'USD', 'de-DE')).toBeUndefined();
    expect(plainPrice(12.5, 'JPY', 'ja-JP')).toBeUndefined();
    expect(plainPrice(1000, 'USD', 'en-US')).toBeUndefined();
    expect(plainPrice(-1, 'USD', 'en-US')).toBeUndefined();
    expect(plainPrice(12.345, 'USD', 'en-US')).toBeUndefined();
    expect(plainPrice(Number.NaN, 'USD', 'en-US')).toBeUndefined();
    expect(plainPrice(12.5, 'USD', 'EN-us')).toBe('$12.50');
  });
});

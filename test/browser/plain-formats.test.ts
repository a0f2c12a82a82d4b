import { describe, expect, it } from 'vitest';
import { plainNumber } from '../../src/i18n/plain-number.ts';
import { plainPrice, plainPricePairs } from '../../src/i18n/plain-price.ts';

/**
 * The plain number and price formats against the browser's own `Intl` (test/unit checks
 * them against Node's): Chromium's ICU data can differ from Node's, and these formats
 * stand in for the browser's.
 */
describe('plain formats in Chromium', () => {
  it('every price pair writes what Intl.NumberFormat writes here', () => {
    for (const [locale, currency] of plainPricePairs().map((pair) => pair.split('|') as [string, string])) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
      for (const amount of [0, 0.05, 1, 9.99, 12.34, 71.99, 100, 250.5, 999.99]) {
        expect(plainPrice(amount, currency, locale), `${locale} ${currency} ${amount}`).toBe(intl.format(amount));
      }
    }
  });

  it('counts and one-decimal averages write what Intl.NumberFormat writes here', () => {
    for (const locale of ['en-US', 'de-DE', 'sv-SE', 'fr-FR', 'ja-JP', 'pl-PL', 'tr-TR', 'he-IL']) {
      const whole = new Intl.NumberFormat(locale);
      const tenths = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      for (const value of [0, 7, 42, 999]) expect(plainNumber(value, locale), `${locale} ${value}`).toBe(whole.format(value));
      for (const value of [1, 3.5, 4.2, 99.9]) expect(plainNumber(value, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), `${locale} ${value}`).toBe(tenths.format(value));
    }
  });
});

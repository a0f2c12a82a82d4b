import { describe, expect, it } from 'vitest';
import { formatter } from '../../src/i18n/formatters.ts';
import { Localizer } from '../../src/i18n/localize.ts';

/** The formatter cache: one `Intl` object per kind, locale and options, shared by every Localizer. */
describe('formatter()', () => {
  it('returns the same formatter for equal options, in any key order', () => {
    const a = formatter(Intl.NumberFormat, 'de-DE', { style: 'currency', currency: 'EUR' });
    expect(formatter(Intl.NumberFormat, 'de-DE', { style: 'currency', currency: 'EUR' })).toBe(a);
    expect(formatter(Intl.NumberFormat, 'de-DE', { currency: 'EUR', style: 'currency' })).toBe(a);
    expect(formatter(Intl.DateTimeFormat, 'en-US')).toBe(formatter(Intl.DateTimeFormat, 'en-US', undefined));
  });

  it('returns different formatters for different options, locales and kinds', () => {
    const eur = formatter(Intl.NumberFormat, 'de-DE', { style: 'currency', currency: 'EUR' });
    expect(formatter(Intl.NumberFormat, 'de-DE', { style: 'currency', currency: 'SEK' })).not.toBe(eur);
    expect(formatter(Intl.NumberFormat, 'en-US', { style: 'currency', currency: 'EUR' })).not.toBe(eur);
    expect(formatter(Intl.NumberFormat, 'de-DE')).not.toBe(eur);
    expect(formatter(Intl.PluralRules, 'de-DE')).toBeInstanceOf(Intl.PluralRules);
    expect(formatter(Intl.NumberFormat, 'de-DE').format(1234.5)).toBe('1.234,5');
    expect(formatter(Intl.NumberFormat, 'de-DE', { style: 'currency', currency: 'SEK' }).format(2)).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'SEK' }).format(2));
  });

  it('throws what the constructor throws and caches nothing then', () => {
    expect(() => formatter(Intl.NumberFormat, 'en-US', { style: 'currency', currency: 'not a currency' })).toThrow(RangeError);
    expect(() => formatter(Intl.NumberFormat, 'en-US', { style: 'currency', currency: 'not a currency' })).toThrow(RangeError);
  });
});

describe('Localizer with cached formatters', () => {
  it('formats exactly as fresh Intl objects do', () => {
    const at = '2026-03-04T10:20:30Z';
    for (const locale of ['en-US', 'de-DE', 'sv-SE']) {
      const localizer = new Localizer(locale);
      expect(localizer.number(1234.56)).toBe(new Intl.NumberFormat(locale).format(1234.56));
      expect(localizer.number(4.6, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe(new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.6));
      expect(localizer.price(19.9, 'EUR')).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(19.9));
      expect(localizer.date(at)).toBe(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(at)));
      expect(localizer.date(at, { year: 'numeric' })).toBe(new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(new Date(at)));
      expect(localizer.languageName('de')).toBe(new Intl.DisplayNames(locale, { type: 'language' }).of('de'));
      expect(localizer.t('reviews.count', { count: 1 })).toMatch(/1/);
    }
  });

  it('keeps the fallback for a currency Intl does not know', () => {
    expect(new Localizer('en-US').price(3, 'not a currency')).toBe('3.00 not a currency');
  });

  it('shares one formatter between Localizer instances', () => {
    const first = new Localizer('de-DE');
    const second = new Localizer('de-DE');
    first.number(1);
    second.number(2);
    expect(formatter(Intl.NumberFormat, 'de-DE')).toBe(formatter(Intl.NumberFormat, first.locale));
    expect(first.number(1234)).toBe(second.number(1234));
  });
});

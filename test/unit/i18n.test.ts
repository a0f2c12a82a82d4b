import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { de } from '../../src/i18n/de.ts';
import { addEnglish, type StringKey, type StringTable } from '../../src/i18n/en.ts';
import { enPosts } from '../../src/i18n/en-posts.ts';
import { enReviews } from '../../src/i18n/en-reviews.ts';
import { english as en, sharedWithEnglish, SHARED_WITH_ENGLISH } from '../support/english.ts';
import { Localizer, marketLocale } from '../../src/i18n/localize.ts';
import { setStrings } from '../../src/page/strings.ts';
import { sv } from '../../src/i18n/sv.ts';
import { LANGUAGES, tableFor, tableLoading, tables as loaded } from '../../src/i18n/tables.ts';

/**
 * The string tables: complete, with the same placeholders as English and exactly the
 * plural categories each language's `Intl.PluralRules` uses; English as the fallback;
 * element and page-wide overrides; numbers and dates through `Intl`.
 */
// Every language but English loads on demand, as in a page; English strings come with
// the elements' code, which adds them as here (english-parts.test.ts checks that split).
await Promise.all(LANGUAGES.map(tableLoading));
addEnglish(enPosts);
addEnglish(enReviews);
// English in full: what the elements' code adds to the table the badges' code starts with.
const tables: Record<string, StringTable> = Object.fromEntries(LANGUAGES.map((language) => [language, language === 'en' ? en : (loaded[language] as StringTable)]));
const keys = Object.keys(en) as StringKey[];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const forms = (value: unknown): [string, string][] => (typeof value === 'string' ? [['text', value]] : Object.entries(value as Record<string, string>));
/** Placeholders of an entry: the union over its plural forms. */
const entryPlaceholders = (value: unknown) => [...new Set(forms(value).flatMap(([, text]) => placeholders(text)))].sort();

const overrides = () => (globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('storefront-widgets.string-overrides.v1')];

afterEach(() => overrides()?.clear());

/** The 31 languages the library speaks. */
const EXPECTED = ['en', 'de', 'sv', 'da', 'nb', 'fi', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'pt-BR', 'cs', 'sk', 'hu', 'ro', 'el', 'bg', 'hr', 'sl', 'et', 'lv', 'lt', 'tr', 'uk', 'ja', 'ko', 'zh-CN', 'ar', 'he'];

describe('the languages', () => {
  it('are the 31, each with a table that loads', () => {
    expect([...LANGUAGES].sort()).toEqual([...EXPECTED].sort());
    for (const language of LANGUAGES) expect(tables[language], language).toBeTypeOf('object');
  });

  it('every table file in src/i18n is registered (none left out of the loaders)', () => {
    const files = readdirSync(new URL('../../src/i18n/', import.meta.url)).filter((file) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(file));
    expect(files.map((file) => file.replace(/\.ts$/, '')).sort()).toEqual([...LANGUAGES].sort());
  });
});

describe.each(Object.entries(tables))('the %s table', (language, table) => {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('has every key of the English table and no other', () => {
    expect(Object.keys(table).sort()).toEqual([...keys].sort());
  });

  it('has the same kind of value as English for every key (text or plural forms)', () => {
    for (const key of keys) expect(typeof table[key], key).toBe(typeof en[key]);
  });

  it('uses the same placeholders as English in every string and every plural form', () => {
    for (const key of keys) {
      const wanted = entryPlaceholders(en[key]);
      for (const [form, text] of forms(table[key])) expect(placeholders(text), `${key} (${form})`).toEqual(wanted);
    }
  });

  it(`has exactly the plural categories ${language} needs (Intl.PluralRules)`, () => {
    for (const key of keys) {
      if (typeof table[key] === 'string') continue;
      expect(Object.keys(table[key]).sort(), key).toEqual([...categories].sort());
    }
  });

  it('has no empty, untrimmed or placeholder-broken strings', () => {
    for (const key of keys) {
      for (const [form, text] of forms(table[key])) {
        expect(text.trim(), `${key} (${form})`).toBe(text);
        expect(text.length, `${key} (${form})`).toBeGreaterThan(0);
        // A brace that is not part of a {name} placeholder is a typo.
        expect(text.replace(/\{\w+\}/g, ''), `${key} (${form})`).not.toMatch(/[{}]/);
      }
    }
  });

  it('uses the typographic ellipsis, never three dots', () => {
    for (const key of keys) for (const [form, text] of forms(table[key])) expect(text, `${key} (${form})`).not.toContain('...');
  });
});

describe.each(Object.entries(tables).filter(([language]) => language !== 'en'))('the %s translation', (language, table) => {
  it('leaves no entry as English but the words the language shares with it', () => {
    const left: string[] = [];
    for (const key of keys) {
      const english = new Set(forms(en[key]).map(([, text]) => text));
      for (const [form, text] of forms(table[key])) {
        const words = /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));
        if (words && english.has(text) && !sharedWithEnglish(language, key)) left.push(`${key} (${form}): ${text}`);
      }
    }
    expect(left).toEqual([]);
  });
});

describe('translations', () => {
  it('are translations: every language differs from English in the visible labels', () => {
    const labels: StringKey[] = ['loading', 'retry', 'close', 'gallery.loadMore', 'reviews.none', 'reviews.showOriginal', 'reviews.outOf5', 'error.generic', 'product.view', 'reviews.sort'];
    for (const [language, table] of Object.entries(tables)) {
      if (language !== 'en') for (const key of labels) expect(table[key], `${language} ${key}`).not.toEqual(en[key]);
    }
  });

  it('share words with English only where the language uses them (each listed entry is English in that table)', () => {
    for (const [key, languages] of Object.entries(SHARED_WITH_ENGLISH) as [StringKey, readonly string[]][]) {
      for (const language of languages) expect(forms(tables[language]![key]).some(([, text]) => forms(en[key]).some(([, english]) => english === text)), `${language} ${key}`).toBe(true);
    }
  });

  it('pick the plural form each count needs', () => {
    const polish = new Localizer('pl-PL');
    expect([1, 2, 5, 22, 25, 1.5].map((count) => polish.t('reviews.count', { count }))).toEqual(['1 opinia', '2 opinie', '5 opinii', '22 opinie', '25 opinii', '1,5 opinii']);
    const czech = new Localizer('cs-CZ');
    expect([1, 3, 5].map((count) => czech.t('reviews.stars', { count }))).toEqual(['1 hvězdička', '3 hvězdičky', '5 hvězdiček']);
    const slovenian = new Localizer('sl');
    expect([1, 2, 3, 5].map((count) => slovenian.t('reviews.count', { count }))).toEqual(['1 mnenje', '2 mnenji', '3 mnenja', '5 mnenj']);
    const arabic = new Localizer('ar-u-nu-latn');
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic.t('reviews.stars', { count }))).toEqual(['0 نجمة', '1 نجمة', '2 نجمتان', '3 نجوم', '11 نجمة', '100 نجمة']);
    expect(new Localizer('ja').t('reviews.count', { count: 3 })).toBe('レビュー3件');
    expect(new Localizer('fr-FR').t('reviews.count', { count: 1_000_000 })).toBe('1\u202f000\u202f000 d’avis');
  });

  it('name the original language in a form each sentence can take (Intl.DisplayNames)', () => {
    const translated = (locale: string) => new Localizer(locale).t('reviews.translatedFrom', { language: new Localizer(locale).languageName('en') });
    expect(translated('es')).toBe('Traducido del inglés');
    expect(translated('nl')).toBe('Vertaald uit het Engels');
    expect(translated('ja')).toBe('英語から翻訳');
    expect(translated('he')).toBe('תורגם מאנגלית');
    expect(translated('pl')).toBe('Przetłumaczono (język oryginału: angielski)');
  });

  it('say the words a shopper expects', () => {
    expect(new Localizer('de-DE').t('reviews.outOf5', { rating: '4,6' })).toBe('4,6 von 5 Sternen');
    expect(new Localizer('sv-SE').t('reviews.outOf5', { rating: '4,6' })).toBe('4,6 av 5 stjärnor');
    expect(new Localizer('de').t('reviews.none')).toBe('Noch keine Bewertungen');
    expect(new Localizer('sv').t('reviews.none')).toBe('Inga recensioner ännu');
    expect(new Localizer('de').t('reviews.showOriginal')).toBe('Original anzeigen');
    expect(new Localizer('sv').t('reviews.showOriginal')).toBe('Visa original');
    expect(new Localizer('de').t('gallery.loadMore')).toBe('Mehr anzeigen');
    expect(new Localizer('sv').t('gallery.loadMore')).toBe('Visa fler');
  });
});

describe('Localizer', () => {
  it('knows the direction each locale is written in, by its script or its language\'s usual one', () => {
    for (const locale of ['ar', 'ar-EG', 'he', 'he-IL', 'iw', 'fa-IR', 'ur', 'yi', 'az-Arab', 'pa-Arab-PK', 'ks-IN']) expect(new Localizer(locale).direction, locale).toBe('rtl');
    for (const locale of ['en', 'de-CH', 'ja', 'zh-Hans-CN', 'tr', 'ar-Latn', 'uz-Cyrl', 'arn', 'x-unknown']) expect(new Localizer(locale).direction, locale).toBe('ltr');
  });

  it('picks the table by the language of the locale', () => {
    expect(new Localizer('de-AT').t('close')).toBe(de.close);
    expect(new Localizer('sv-FI').t('close')).toBe(sv.close);
    expect(new Localizer('en-GB').t('close')).toBe(en.close);
    expect(new Localizer('DE').language).toBe('de');
  });

  it('picks a locale\'s own table before its language\'s: pt-BR beats pt, Simplified Chinese by script, Norwegian reads Bokmål', () => {
    const cases: [string, string][] = [
      ['pt-BR', 'pt-BR'], ['pt', 'pt'], ['pt-PT', 'pt'], ['pt-AO', 'pt'], ['PT-br', 'pt-BR'],
      ['zh', 'zh-CN'], ['zh-CN', 'zh-CN'], ['zh-SG', 'zh-CN'], ['zh-Hans', 'zh-CN'], ['zh-TW', 'zh'], ['zh-Hant-HK', 'zh'],
      ['no', 'nb'], ['nb-NO', 'nb'], ['nn-NO', 'nb'], ['de-AT', 'de'], ['ar-EG', 'ar'], ['he-IL', 'he'], ['en-GB', 'en'], ['not a locale!', 'en'],
    ];
    for (const [locale, table] of cases) expect(tableFor(locale), locale).toBe(table);
    expect(new Localizer('pt-BR').t('loading')).toBe('Carregando…');
    expect(new Localizer('pt-PT').t('loading')).toBe('A carregar…');
    expect(new Localizer('zh').t('close')).toBe('关闭');
    expect(new Localizer('no').t('close')).toBe('Lukk');
    expect(new Localizer('nn').t('close')).toBe('Lukk');
    expect(new Localizer('zh-TW').t('close')).toBe('Close');
  });

  it('a market gets its country\'s usual language, and the table for it', () => {
    const markets: [string, string, string][] = [
      ['us', 'en-US', 'en'], ['de', 'de-DE', 'de'], ['se', 'sv-SE', 'sv'], ['fr', 'fr-FR', 'fr'], ['br', 'pt-BR', 'pt-BR'], ['pt', 'pt-PT', 'pt'],
      ['cn', 'zh-CN', 'zh-CN'], ['sg', 'en-SG', 'en'], ['tw', 'zh-TW', 'zh'], ['be', 'nl-BE', 'nl'], ['ch', 'de-CH', 'de'], ['at', 'de-AT', 'de'],
      ['no', 'nb-NO', 'nb'], ['dk', 'da-DK', 'da'], ['fi', 'fi-FI', 'fi'], ['es', 'es-ES', 'es'], ['mx', 'es-MX', 'es'], ['it', 'it-IT', 'it'],
      ['nl', 'nl-NL', 'nl'], ['pl', 'pl-PL', 'pl'], ['cz', 'cs-CZ', 'cs'], ['sk', 'sk-SK', 'sk'], ['hu', 'hu-HU', 'hu'], ['ro', 'ro-RO', 'ro'],
      ['gr', 'el-GR', 'el'], ['bg', 'bg-BG', 'bg'], ['hr', 'hr-HR', 'hr'], ['si', 'sl-SI', 'sl'], ['ee', 'et-EE', 'et'], ['lv', 'lv-LV', 'lv'],
      ['lt', 'lt-LT', 'lt'], ['tr', 'tr-TR', 'tr'], ['ua', 'uk-UA', 'uk'], ['jp', 'ja-JP', 'ja'], ['kr', 'ko-KR', 'ko'], ['sa', 'ar-SA', 'ar'],
      ['ae', 'ar-AE', 'ar'], ['eg', 'ar-EG', 'ar'], ['il', 'he-IL', 'he'], ['gb', 'en-GB', 'en'],
    ];
    for (const [market, locale, table] of markets) {
      expect(marketLocale(market), market).toBe(locale);
      expect(tableFor(locale), market).toBe(table);
    }
    expect(marketLocale('mkt_01hv8us5k2qz')).toBeUndefined();
  });

  it.each(['is', 'th-TH', 'zh-TW', 'zz', 'not a locale!', ''])('falls back to English for %j', (locale) => {
    const localizer = new Localizer(locale);
    expect(localizer.t('gallery.loadMore')).toBe('Load more');
    expect(localizer.t('reviews.count', { count: 2 })).toMatch(/reviews$/);
  });

  it('chooses plural forms with Intl.PluralRules of the locale', () => {
    const english = new Localizer('en-US');
    expect(english.t('reviews.count', { count: 1 })).toBe('1 review');
    expect(english.t('reviews.count', { count: 0 })).toBe('0 reviews');
    expect(english.t('reviews.count', { count: 1.5 })).toBe('1.5 reviews');
    const german = new Localizer('de-DE');
    expect(german.t('reviews.count', { count: 1 })).toBe('1 Bewertung');
    expect(german.t('reviews.count', { count: 1234 })).toBe('1.234 Bewertungen');
    const swedish = new Localizer('sv-SE');
    expect(swedish.t('reviews.count', { count: 1 })).toBe('1 recension');
    expect(swedish.t('reviews.count', { count: 1234 })).toBe('1\u00a0234 recensioner');
    expect(swedish.t('gallery.morePostsLoaded', { count: 4 })).toBe('Ytterligare 4 inlägg har laddats');
  });

  it('formats numbers, prices and dates with Intl in the locale', () => {
    expect(new Localizer('de-DE').price(1234.5, 'EUR')).toBe('1.234,50\u00a0€');
    expect(new Localizer('sv-SE').price(1234.5, 'SEK')).toBe('1\u00a0234,50\u00a0kr');
    expect(new Localizer('en-US').price(1234.5, 'USD')).toBe('$1,234.50');
    expect(new Localizer('de-DE').number(4.6, { minimumFractionDigits: 1 })).toBe('4,6');
    expect(new Localizer('de-DE').date('2025-06-29T09:00:00.000Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('29. Juni 2025');
    expect(new Localizer('sv-SE').date('2025-06-29T09:00:00.000Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('29 juni 2025');
    expect(new Localizer('en').date('not a date')).toBe('');
    // A currency code Intl does not know still shows the amount.
    expect(new Localizer('de-DE').price(5, 'XX1')).toBe('5,00 XX1');
  });

  it('names languages in the locale', () => {
    expect(new Localizer('de').languageName('en')).toBe('Englisch');
    expect(new Localizer('sv').languageName('de')).toBe('tyska');
    expect(new Localizer('de').t('reviews.translatedFrom', { language: new Localizer('de').languageName('sv') })).toBe('Übersetzt (Original: Schwedisch)');
  });

  it('leaves an unknown placeholder visible rather than dropping it', () => {
    expect(new Localizer('en', { close: 'Close {what}' }).t('close')).toBe('Close {what}');
  });
});

describe('overrides', () => {
  it('an element override beats the table, for text and plural forms', () => {
    const localizer = new Localizer('de-DE', { 'gallery.loadMore': 'Weitere Fotos', 'reviews.count': { one: 'eine Meinung', other: '{count} Meinungen' } });
    expect(localizer.t('gallery.loadMore')).toBe('Weitere Fotos');
    expect(localizer.t('reviews.count', { count: 1 })).toBe('eine Meinung');
    expect(localizer.t('reviews.count', { count: 3 })).toBe('3 Meinungen');
    expect(localizer.t('close')).toBe('Schließen');
  });

  it('a plural override given as plain text is used for every count', () => {
    expect(new Localizer('en', { 'reviews.count': 'Reviews: {count}' }).t('reviews.count', { count: 1 })).toBe('Reviews: 1');
  });

  it('an override without a usable form falls back to the table', () => {
    const broken = { 'reviews.count': { one: 'x' } as unknown as { other: string } };
    expect(new Localizer('en', broken).t('reviews.count', { count: 2 })).toBe('2 reviews');
  });

  it('setStrings replaces strings page-wide per language, and element overrides still win', () => {
    setStrings('de', { 'gallery.loadMore': 'Noch mehr' });
    expect(new Localizer('de-DE').t('gallery.loadMore')).toBe('Noch mehr');
    expect(new Localizer('de-DE', { 'gallery.loadMore': 'Eigenes' }).t('gallery.loadMore')).toBe('Eigenes');
    expect(new Localizer('en').t('gallery.loadMore')).toBe('Load more');
    expect(new Localizer('sv').t('gallery.loadMore')).toBe('Visa fler');
  });

  it('setStrings merges with earlier calls', () => {
    setStrings('sv', { close: 'Stäng fönstret' });
    setStrings('sv', { retry: 'Prova igen' });
    const localizer = new Localizer('sv-SE');
    expect(localizer.t('close')).toBe('Stäng fönstret');
    expect(localizer.t('retry')).toBe('Prova igen');
  });

  it('a locale override beats its language, and language tags are case-insensitive', () => {
    setStrings('DE', { close: 'Zumachen' });
    setStrings('de-CH', { close: 'Schliessen' });
    expect(new Localizer('de-CH').t('close')).toBe('Schliessen');
    expect(new Localizer('de-DE').t('close')).toBe('Zumachen');
  });

  it('a language without a table gets the English overrides along with English', () => {
    setStrings('en', { 'gallery.loadMore': 'Show more' });
    expect(new Localizer('is-IS').t('gallery.loadMore')).toBe('Show more');
    expect(new Localizer('de').t('gallery.loadMore')).toBe('Mehr anzeigen');
  });

  it('a new language can be added page-wide', () => {
    setStrings('is', { 'gallery.loadMore': 'Sýna meira', 'reviews.count': { one: '{count} umsögn', other: '{count} umsagnir' } });
    const icelandic = new Localizer('is-IS');
    expect(icelandic.t('gallery.loadMore')).toBe('Sýna meira');
    expect(icelandic.t('reviews.count', { count: 1234 })).toBe('1.234 umsagnir');
    expect(icelandic.t('close')).toBe('Close');
  });

  it('a locale\'s overrides reach a locale-specific table: setStrings(\'pt-BR\') beats the pt-BR table, setStrings(\'pt\') does too', () => {
    setStrings('pt-BR', { close: 'Fechar janela' });
    expect(new Localizer('pt-BR').t('close')).toBe('Fechar janela');
    expect(new Localizer('pt-PT').t('close')).toBe('Fechar');
    setStrings('pt', { retry: 'De novo' });
    expect(new Localizer('pt-BR').t('retry')).toBe('De novo');
  });
});

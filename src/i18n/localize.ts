import { pageOverrides, type StringOverrides } from '../page/strings.js';
import { closestComposed } from '../shared/closest-composed.js';
import { en, type PluralForms, type StringKey, type StringTable } from './en.js';
import { formatter } from './formatters.js';
import { plainNumber } from './plain-number.js';
import { tableFor, tables } from './tables.js';

/** The English fallback: the strings every element uses, and those the loaded elements added (`addEnglish`). */
const english: Partial<StringTable> = en;

/** The language and region of each known market's shortId. */
const marketLocales: Record<string, string> = { us: 'en-US', de: 'de-DE', se: 'sv-SE' };

/** A market's locale: a known market's, else its region's usual language (`br` → `pt-BR`, `be` → `nl-BE`); none for a market id. */
export function marketLocale(market: string): string | undefined {
  return marketLocales[market.toLowerCase()] ?? regionLocale(market);
}

/** The language usually spoken in a market's region (`de` → `de-DE`), for market codes not in the table. */
function regionLocale(market: string): string | undefined {
  if (!/^[a-z]{2}$/i.test(market)) return undefined;
  try {
    const likely = new Intl.Locale(`und-${market.toUpperCase()}`).maximize();
    return likely.language && likely.language !== 'und' ? `${likely.language}-${market.toUpperCase()}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The locale an element speaks: its own `lang` attribute, else its market's language,
 * else the page's (`lang` on the nearest ancestor, also across shadow roots, or on
 * `<html>`), else English.
 */
export function resolveLocale(element: Element, market: string | undefined): string {
  const own = element.getAttribute('lang');
  if (own) return own;
  const fromMarket = market ? marketLocale(market) : undefined;
  if (fromMarket) return fromMarket;
  return inheritedLang(element) || document.documentElement.lang || 'en';
}

/** `lang` of the nearest ancestor that has one, through shadow roots to their hosts. */
function inheritedLang(element: Element): string {
  return closestComposed(element, '[lang]')?.getAttribute('lang') ?? '';
}

/**
 * Scripts written right to left, and the languages whose usual script is one of them
 * (a table, not `Intl.Locale#maximize`, whose first call costs a phone tens of ms).
 */
const RIGHT_TO_LEFT_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg']);
const RIGHT_TO_LEFT_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'nqo', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

function direction(locale: string): 'ltr' | 'rtl' {
  const [language = '', second = ''] = locale.toLowerCase().split('-');
  const script = /^[a-z]{4}$/.test(second) ? second : undefined;
  return (script ? RIGHT_TO_LEFT_SCRIPTS.has(script) : RIGHT_TO_LEFT_LANGUAGES.has(language)) ? 'rtl' : 'ltr';
}

function canonical(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * Strings and `Intl` formatting for one locale: numbers, prices, dates, relative dates
 * and plurals, with page-wide and per-element overrides.
 */
export class Localizer {
  readonly locale: string;
  readonly language: string;
  /** The table this locale reads (`pt-BR`, `pt`, `nb` for `no`, `zh-CN` for `zh`); see `tableFor`. */
  readonly table: string;
  /** The direction the locale's script is written in. */
  readonly direction: 'ltr' | 'rtl';
  private readonly plurals: Intl.PluralRules;

  constructor(locale: string, private readonly overrides: StringOverrides = {}) {
    this.locale = canonical(locale);
    this.language = this.locale.split('-')[0]!.toLowerCase();
    this.table = tableFor(this.locale);
    this.direction = direction(this.locale);
    this.plurals = formatter(Intl.PluralRules, this.locale);
  }

  /**
   * A string, with `{name}` values filled in; `count` picks the plural form. Looks in
   * the element's overrides, the page's overrides for the locale and for the language,
   * the locale's table (see `tableFor`), and last the English overrides and table.
   */
  t(key: StringKey, values: Record<string, string | number> = {}): string {
    const page = pageOverrides();
    const own = tables[this.table];
    const candidates = [this.overrides[key], page.get(this.locale.toLowerCase())?.[key], page.get(this.language)?.[key], own?.[key], page.get('en')?.[key], english[key]];
    let template: string | undefined;
    for (const entry of candidates) {
      template = typeof entry === 'string' ? entry : this.pluralForm(entry, values['count']);
      if (template !== undefined) break;
    }
    return (template ?? key).replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = values[name];
      if (value === undefined) return match;
      return typeof value === 'number' ? this.number(value) : value;
    });
  }

  /** The form for `count` by `Intl.PluralRules` (`other` when missing); `undefined` when `forms` is not plural forms. */
  private pluralForm(forms: PluralForms | undefined, count: string | number | undefined): string | undefined {
    if (typeof forms !== 'object' || forms === null) return undefined;
    const category = typeof count === 'number' ? this.plurals.select(count) : 'other';
    const form = forms[category] ?? forms.other;
    return typeof form === 'string' ? form : undefined;
  }

  number(value: number, options?: Intl.NumberFormatOptions): string {
    return plainNumber(value, this.locale, options) ?? formatter(Intl.NumberFormat, this.locale, options).format(value);
  }

  price(amount: number, currency: string): string {
    try {
      return formatter(Intl.NumberFormat, this.locale, { style: 'currency', currency }).format(amount);
    } catch {
      return `${this.number(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
    }
  }

  date(iso: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? '' : formatter(Intl.DateTimeFormat, this.locale, options).format(at);
  }

  /** A language's name in this locale ("German", "Deutsch"). */
  languageName(code: string): string {
    try {
      return formatter(Intl.DisplayNames, this.locale, { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  }
}

import { sharedSingleton } from '../api/shared-registry.js';
import { de } from './de.js';
import { en, type PluralForms, type StringKey, type StringTable } from './en.js';
import { sv } from './sv.js';

export type StringOverrides = Partial<Record<StringKey, string | PluralForms>>;

const tables: Record<string, StringTable> = { en, de, sv };

/** The language and region of each known market's shortId. */
const marketLocales: Record<string, string> = { us: 'en-US', de: 'de-DE', se: 'sv-SE' };

const pageOverrides = () => sharedSingleton('string-overrides.v1', () => new Map<string, StringOverrides>());

/**
 * Replaces strings page-wide for one language (`'en'`, `'de'`, `'sv'`, or any other,
 * which then falls back to English for what it does not name). Elements re-render.
 */
export function setStrings(language: string, strings: StringOverrides): void {
  const map = pageOverrides();
  map.set(language, { ...map.get(language), ...strings });
  for (const element of document.querySelectorAll<Element & { requestUpdate?: () => void }>('*')) {
    if (element.localName.startsWith('svc-')) element.requestUpdate?.();
  }
}

/**
 * The locale an element speaks: its own `lang` attribute, else its market's language,
 * else the page's (`lang` on the nearest ancestor or `<html>`), else English.
 */
export function resolveLocale(element: Element, market: string | undefined): string {
  const own = element.getAttribute('lang');
  if (own) return own;
  const fromMarket = market ? marketLocales[market.toLowerCase()] : undefined;
  if (fromMarket) return fromMarket;
  const inherited = element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;
  return inherited || 'en';
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
  private readonly plurals: Intl.PluralRules;

  constructor(locale: string, private readonly overrides: StringOverrides = {}) {
    this.locale = canonical(locale);
    this.language = this.locale.split('-')[0]!.toLowerCase();
    this.plurals = new Intl.PluralRules(this.locale);
  }

  /** A string, with `{name}` values filled in; `count` picks the plural form. */
  t(key: StringKey, values: Record<string, string | number> = {}): string {
    const entry = this.overrides[key] ?? pageOverrides().get(this.language)?.[key] ?? (tables[this.language] ?? en)[key] ?? en[key];
    const template = typeof entry === 'string' ? entry : this.pluralForm(entry, values['count']);
    return template.replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = values[name];
      if (value === undefined) return match;
      return typeof value === 'number' ? this.number(value) : value;
    });
  }

  private pluralForm(forms: PluralForms, count: string | number | undefined): string {
    const category = typeof count === 'number' ? this.plurals.select(count) : 'other';
    return forms[category] ?? forms.other;
  }

  number(value: number, options?: Intl.NumberFormatOptions): string {
    return new Intl.NumberFormat(this.locale, options).format(value);
  }

  price(amount: number, currency: string): string {
    try {
      return new Intl.NumberFormat(this.locale, { style: 'currency', currency }).format(amount);
    } catch {
      return `${this.number(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
    }
  }

  date(iso: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? '' : new Intl.DateTimeFormat(this.locale, options).format(at);
  }

  /** "3 days ago", "last month": the nearest sensible unit. */
  relativeDate(iso: string, now = Date.now()): string {
    const at = Date.parse(iso);
    if (Number.isNaN(at)) return '';
    const seconds = Math.round((at - now) / 1000);
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 31_536_000],
      ['month', 2_592_000],
      ['week', 604_800],
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ];
    const format = new Intl.RelativeTimeFormat(this.locale, { numeric: 'auto' });
    for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
    return format.format(seconds, 'second');
  }

  /** A language's name in this locale ("German", "Deutsch"). */
  languageName(code: string): string {
    try {
      return new Intl.DisplayNames(this.locale, { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  }
}

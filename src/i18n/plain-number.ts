/**
 * Numbers a review badge shows (a count, an average with one decimal), written without
 * `Intl` where that gives exactly what `Intl.NumberFormat` would: the page's first
 * `NumberFormat` (or `DateTimeFormat`) starts ICU's number and date data, which costs
 * 40 to 110 ms of one task in Chromium, and a page of badges needs nothing else from it.
 *
 * Only for the locales below (Latin digits, no grouping under 1,000), whose decimal
 * separator is listed; `test/unit/plain-number.test.ts` checks every one of them against
 * `Intl` for every whole number under 1,000 and every one-decimal number under 100.
 * Anything else (another locale, a bigger number, other options) is left to `Intl`.
 */
const POINT = 'en en-us en-gb en-au en-ca en-ie en-nz ja ja-jp ko ko-kr zh zh-cn he he-il';
const COMMA =
  'de de-de de-at sv sv-se da da-dk nb nb-no no fi fi-fi fr fr-fr fr-be es es-es it it-it nl nl-nl nl-be pl pl-pl pt pt-pt pt-br ' +
  'cs cs-cz sk sk-sk hu hu-hu ro ro-ro el el-gr bg bg-bg hr hr-hr sl sl-si et et-ee lv lv-lv lt lt-lt tr tr-tr uk uk-ua';

const separators = new Map<string, string>([...POINT.split(' ').map((locale) => [locale, '.'] as const), ...COMMA.split(' ').map((locale) => [locale, ','] as const)]);

/**
 * `value` as the locale writes it, or `undefined` when `Intl` is needed: a whole number
 * from 0 to 999 (no options), or a number under 100 with exactly one decimal
 * (`{ minimumFractionDigits: 1, maximumFractionDigits: 1 }`).
 */
export function plainNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string | undefined {
  const separator = separators.get(locale.toLowerCase());
  if (separator === undefined || !(value >= 0)) return undefined;
  if (options === undefined) return Number.isInteger(value) && value < 1000 ? String(value) : undefined;
  const keys = Object.keys(options);
  const oneDecimal = keys.length === 2 && options.minimumFractionDigits === 1 && options.maximumFractionDigits === 1;
  if (!oneDecimal || value >= 99.95) return undefined;
  // Intl rounds half away from zero on the decimal value; toFixed rounds the binary one. Tenths, once scaled, round alike but for x.x5 ties: leave those to Intl.
  const scaled = value * 10;
  if (Math.abs(scaled - Math.trunc(scaled) - 0.5) < 1e-9) return undefined;
  return value.toFixed(1).replace('.', separator);
}


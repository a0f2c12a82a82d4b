/**
 * Prices in a locale's own currency, as `Intl.NumberFormat` writes them with
 * `{ style: 'currency' }`: symbol before and after, and the decimal separator. The first
 * `NumberFormat` a page builds starts ICU (see plain-number.ts), which costs a phone
 * one long task; a shoppable post's prices need nothing else from it.
 * `test/unit/plain-number.test.ts` and a browser test check each entry against `Intl`
 * (Node's ICU and Chromium's agree on all of them; Ukrainian hryvnia, where they differ,
 * is left out). Only the shoppable post imports it: a page of badges never loads it.
 */
const PRICES: Record<string, readonly [before: string, decimal: string, after: string]> = {};
for (const entry of [
  'en-us en|USD|$|.|',
  'en-gb|GBP|£|.|',
  'en-ca|CAD|$|.|',
  'en-au|AUD|$|.|',
  'en-nz|NZD|$|.|',
  'en-ie|EUR|€|.|',
  'de-de de fr-fr fr-be fr es-es es it-it it pt-pt fi-fi fi et-ee lv-lv lt-lt sk-sk sl-si hr-hr el-gr|EUR||,|\u00a0€',
  'de-at nl-nl nl-be nl|EUR|€\u00a0|,|',
  'de-ch|CHF|CHF\u00a0|.|',
  'pt-br|BRL|R$\u00a0|,|',
  'sv-se sv|SEK||,|\u00a0kr',
  'da-dk da|DKK||,|\u00a0kr.',
  'nb-no nb|NOK||,|\u00a0kr',
  'pl-pl pl|PLN||,|\u00a0zł',
  'cs-cz cs|CZK||,|\u00a0Kč',
  'ro-ro|RON||,|\u00a0RON',
  'bg-bg|BGN||,|\u00a0лв.',
  'tr-tr|TRY|₺|,|',
]) {
  const [locales, currency, before, decimal, after] = entry.split('|') as [string, string, string, string, string];
  for (const locale of locales.split(' ')) PRICES[`${locale}|${currency}`] = [before, decimal, after];
}

/**
 * `amount` in `currency` as `locale` writes it, or `undefined` when `Intl` is needed: a
 * pair not listed above, an amount of 1,000 or more (digit grouping), below 0, or with
 * more than two decimals.
 */
export function plainPrice(amount: number, currency: string, locale: string): string | undefined {
  const format = PRICES[`${locale.toLowerCase()}|${currency}`];
  if (format === undefined || !(amount >= 0 && amount < 1000)) return undefined;
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6) return undefined;
  const [before, decimal, after] = format;
  return `${before}${Math.trunc(cents / 100)}${decimal}${String(cents % 100).padStart(2, '0')}${after}`;
}

/** The `locale|currency` pairs `plainPrice` writes (for the tests that check each against `Intl`). */
export const plainPricePairs = (): string[] => Object.keys(PRICES);

import { html, nothing, type TemplateResult } from 'lit';
import type { Price, Product } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { plainPrice } from '../../i18n/plain-price.js';
import { browserUrl } from '../shared/css-text.js';

/** Which of a product's checked URLs its links open. */
export type ProductUrlMode = 'production' | 'development';

/** The product's page: its live URL, or its development URL in development mode; none when absent. */
export function productHref(product: Product, mode: ProductUrlMode): string | undefined {
  return mode === 'development' ? product.developmentUrl : product.url;
}

/** An amount in the locale's own currency written without `Intl` where it can be (see plain-price.ts), else by `Intl`. */
function money(amount: number, currency: string, localizer: Localizer): string {
  return plainPrice(amount, currency, localizer.locale) ?? localizer.price(amount, currency);
}

/** Whether showing `price` needs `Intl`: an amount outside the plain formats (another currency, 1,000 or more). */
export function priceNeedsIntl(price: Price | undefined, localizer: Localizer): boolean {
  return price !== undefined && [price.amount, price.saleAmount].some((amount) => amount !== undefined && plainPrice(amount, price.currency, localizer.locale) === undefined);
}

/** The price a shopper pays now (the sale price during a sale), formatted, or `undefined`. */
export function currentPrice(price: Price | undefined, localizer: Localizer): string | undefined {
  return price === undefined ? undefined : money(price.saleAmount ?? price.amount, price.currency, localizer);
}

/** "Title, price" for a hotspot's accessible name; the title alone when there is no price. */
export function hotspotName(product: Product, localizer: Localizer): string {
  const price = currentPrice(product.price, localizer);
  return price === undefined ? product.title : localizer.t('product.hotspot', { title: product.title, price });
}

/**
 * A price in the market's locale and the price's currency. During a sale the sale price
 * comes first and the regular price is struck through (`<s>`); both carry visually
 * hidden text ("Sale price …", "Regular price …"), because a strike-through is not
 * announced by screen readers.
 */
export function renderPrice(price: Price | undefined, localizer: Localizer): TemplateResult | typeof nothing {
  if (price === undefined) return nothing;
  const regular = money(price.amount, price.currency, localizer);
  if (price.saleAmount === undefined) return html`<span part="price" class="price">${regular}</span>`;
  const sale = money(price.saleAmount, price.currency, localizer);
  return html`<span part="price" class="price on-sale"
    ><span class="sale-price"><span class="vh">${localizer.t('product.salePrice', { price: sale })}</span><span aria-hidden="true">${sale}</span></span>
    <s class="regular-price"><span class="vh">${localizer.t('product.regularPrice', { price: regular })}</span><span aria-hidden="true">${regular}</span></s
  ></span>`;
}

function thumbnail(product: Product): TemplateResult | typeof nothing {
  return product.media === undefined
    ? html`<span class="thumb thumb-empty" aria-hidden="true"></span>`
    : html`<img class="thumb" src=${browserUrl(product.media.url)} alt="" loading="lazy" fetchpriority="low" decoding="async" width="64" height="64" />`;
}

export interface ProductViewOptions {
  product: Product;
  href: string | undefined;
  localizer: Localizer;
  onSelect: (event: MouseEvent) => void;
}

/** The open card of a hotspot: picture, title, price and a link to the product page. */
export function renderCardBody({ product, href, localizer, onSelect }: ProductViewOptions, onClose: () => void): TemplateResult {
  return html`${thumbnail(product)}
    <div class="card-text">
      <p class="title">${product.title}</p>
      ${renderPrice(product.price, localizer)}
      ${href === undefined
        ? nothing
        : html`<a part="link" class="card-link" href=${href} @click=${onSelect}>${localizer.t('product.view')}<span class="arrow" aria-hidden="true"></span></a>`}
    </div>
    <button class="close" type="button" aria-label=${localizer.t('close')} @click=${onClose}><span aria-hidden="true"></span></button>`;
}

/** One entry of the product list: the whole entry links to the product page when it has one. */
export function renderListEntry({ product, href, localizer, onSelect }: ProductViewOptions): TemplateResult {
  const body = html`${thumbnail(product)}<span class="entry-text"><span class="title">${product.title}</span>${renderPrice(product.price, localizer)}</span>`;
  return href === undefined ? html`<div class="entry">${body}</div>` : html`<a part="link" class="entry" href=${href} @click=${onSelect}>${body}</a>`;
}

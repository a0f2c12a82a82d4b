import type { Post, Product } from '../api/types.js';
import type { AnalyticsData, AnalyticsEventName } from '../page/analytics-settings.js';

interface Detail {
  post?: Post;
  index?: number;
  product?: Product;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What is reported of an event's `detail`: ids, type, index, the product's title and current price; nothing about a person. */
export function analyticsData(widget: string, detail: unknown): AnalyticsData {
  const { post, index, product } = (isObject(detail) ? detail : {}) as Detail;
  const data: AnalyticsData = { svc_widget: widget };
  if (isObject(post) && typeof post.id === 'string') {
    data.svc_post_id = post.id;
    if (typeof post.type === 'string') data.svc_post_type = post.type.toLowerCase();
  }
  if (typeof index === 'number' && Number.isInteger(index)) data.svc_post_index = index;
  if (isObject(product) && typeof product.id === 'string') {
    data.svc_product_id = product.id;
    if (typeof product.title === 'string') data.svc_product_title = product.title;
    const price = product.price;
    if (isObject(price) && typeof price.currency === 'string') {
      data.svc_price = price.saleAmount ?? price.amount;
      data.svc_currency = price.currency;
    }
  }
  return data;
}

/**
 * The object pushed into `window.dataLayer`: `{ event: 'svc_post_view', ...data }`, and
 * for a product selection GA4's `select_item` with its `ecommerce.items` (beside the
 * same `svc_*` fields), preceded by `{ ecommerce: null }` as Google recommends, so
 * that Tag Manager does not merge it with an earlier ecommerce event.
 */
export function dataLayerEntries(name: AnalyticsEventName, data: AnalyticsData, product?: Product): Record<string, unknown>[] {
  if (name !== 'svc_product_select') return [{ event: name, ...data }];
  const item: Record<string, unknown> = { item_id: data.svc_product_id, item_name: data.svc_product_title };
  if (data.svc_post_id !== undefined) item['item_list_id'] = data.svc_post_id;
  if (data.svc_price !== undefined) {
    item['price'] = data.svc_price;
    item['currency'] = data.svc_currency;
    const regular = product?.price?.amount;
    if (regular !== undefined && regular > data.svc_price) item['discount'] = Math.round((regular - data.svc_price) * 100) / 100;
  }
  const ecommerce: Record<string, unknown> = { items: [item] };
  if (data.svc_currency !== undefined) ecommerce['currency'] = data.svc_currency;
  if (data.svc_post_id !== undefined) ecommerce['item_list_id'] = data.svc_post_id;
  return [{ ecommerce: null }, { event: 'select_item', ecommerce, ...data }];
}

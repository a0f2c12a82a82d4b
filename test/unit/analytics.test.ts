import { describe, expect, it } from 'vitest';
import { analyticsConsent, consentModeAnalytics, shopifyAnalytics } from '../../src/analytics/consent.ts';
import { analyticsData, dataLayerEntries } from '../../src/analytics/payload.ts';

/** What gtag.js pushes: its `arguments` object. */
function args(..._values: unknown[]): IArguments {
  // eslint-disable-next-line prefer-rest-params -- the very object gtag pushes
  return arguments;
}

describe('Google Consent Mode in the dataLayer', () => {
  it('the latest command that sets analytics_storage wins; other entries and commands are passed over', () => {
    expect(consentModeAnalytics(undefined)).toBeUndefined();
    expect(consentModeAnalytics([{ event: 'gtm.js' }, args('js', new Date())])).toBeUndefined();
    const layer: unknown[] = [args('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' })];
    expect(consentModeAnalytics(layer)).toBe(false);
    layer.push(args('consent', 'update', { analytics_storage: 'granted' }), { event: 'svc_post_view' }, args('consent', 'update', { ad_storage: 'granted' }));
    expect(consentModeAnalytics(layer)).toBe(true);
    layer.push(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(consentModeAnalytics(layer)).toBe(false);
    expect(consentModeAnalytics([args('consent', 'update', { analytics_storage: 'maybe' })])).toBeUndefined();
  });
});

describe("Shopify's Customer Privacy API", () => {
  it('answers only when the API is there, and a throwing API is no answer', () => {
    expect(shopifyAnalytics(undefined)).toBeUndefined();
    expect(shopifyAnalytics({ customerPrivacy: {} })).toBeUndefined();
    expect(shopifyAnalytics({ customerPrivacy: { analyticsProcessingAllowed: () => true } })).toBe(true);
    expect(shopifyAnalytics({ customerPrivacy: { analyticsProcessingAllowed: () => false } })).toBe(false);
    expect(shopifyAnalytics({ customerPrivacy: { analyticsProcessingAllowed: () => { throw new Error('not loaded'); } } })).toBeUndefined();
  });

  it('first match wins, and no answer at all is no consent', () => {
    const shopify = { customerPrivacy: { analyticsProcessingAllowed: () => true } };
    const denied = [args('consent', 'default', { analytics_storage: 'denied' })];
    expect(analyticsConsent({ page: undefined, dataLayer: undefined, shopify: undefined })).toBe(false);
    expect(analyticsConsent({ page: undefined, dataLayer: [], shopify })).toBe(true);
    expect(analyticsConsent({ page: undefined, dataLayer: denied, shopify })).toBe(false);
    expect(analyticsConsent({ page: { analytics: true }, dataLayer: denied, shopify })).toBe(true);
    expect(analyticsConsent({ page: { analytics: false }, dataLayer: [], shopify })).toBe(false);
  });
});

describe('what is reported', () => {
  const post = { id: 'pst_1', type: 'VIDEO', uploadedBy: { username: 'someone' }, comment: 'my holiday' };
  const product = { id: 'prd_1', title: 'Hat', handle: 'hat', price: { amount: 20, currency: 'EUR' } };

  it('ids, type, index, the product and its current price; never the uploader or the caption', () => {
    const data = analyticsData('post-gallery', { post, index: 2, product });
    expect(data).toEqual({
      svc_widget: 'post-gallery',
      svc_post_id: 'pst_1',
      svc_post_type: 'video',
      svc_post_index: 2,
      svc_product_id: 'prd_1',
      svc_product_title: 'Hat',
      svc_price: 20,
      svc_currency: 'EUR',
    });
    expect(analyticsData('reviews', { kind: 'reviews' })).toEqual({ svc_widget: 'reviews' });
    expect(analyticsData('reviews', null)).toEqual({ svc_widget: 'reviews' });
  });

  it('a product selection is GA4 select_item, cleared first; without a price, the item has none', () => {
    const data = analyticsData('shoppable-post', { post, product: { id: 'prd_2', title: 'Scarf', handle: 'scarf' } });
    expect(dataLayerEntries('svc_product_select', data)).toEqual([
      { ecommerce: null },
      { event: 'select_item', ecommerce: { item_list_id: 'pst_1', items: [{ item_id: 'prd_2', item_name: 'Scarf', item_list_id: 'pst_1' }] }, ...data },
    ]);
    expect(dataLayerEntries('svc_post_view', data)).toEqual([{ event: 'svc_post_view', ...data }]);
  });
});

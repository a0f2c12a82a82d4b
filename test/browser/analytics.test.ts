import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { viewTiming } from '../../src/controllers/view-tracker.ts';
import { configure } from '../../src/configure.ts';
import type { AnalyticsData, AnalyticsEventName } from '../../src/page/analytics-settings.ts';
import { testKey } from '../support/emulator-control.ts';

/**
 * The opt-in analytics bridge in Chromium, with a shoppable post read from the emulator:
 * what reaches `window.dataLayer` and `onEvent`, only while analytics consent is
 * granted by the page, by Google Consent Mode or by Shopify's Customer Privacy API.
 * The events used are the ones a shopper's click sends at once (a hotspot's card, a
 * product link), so that "nothing was pushed" is checked right after the event.
 */
const apiBase = inject('apiBase');
const IMAGE_POST = 'pst_lrc9h58g4tyj';

type Raw = Record<string, unknown>;
interface PageGlobals {
  dataLayer?: unknown[];
  Shopify?: unknown;
}
const page = globalThis as unknown as PageGlobals;

let key: string;
let wire: Raw;
let calls: [AnalyticsEventName, AnalyticsData][];
const onEvent = (name: AnalyticsEventName, data: AnalyticsData) => calls.push([name, data]);

/** gtag.js's own definition: it pushes its `arguments` object. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- exactly what gtag.js pushes
  page.dataLayer!.push(arguments);
}

/** Shopify's Customer Privacy API as a storefront exposes it once loaded (there is no Shopify here). */
function shopifyPrivacy(allowed: () => boolean): void {
  page.Shopify = { customerPrivacy: { analyticsProcessingAllowed: allowed } };
}

/** Our own entries of the dataLayer (not gtag's commands). */
const pushed = () => (page.dataLayer ?? []).filter((entry) => !('length' in (entry as object)));
const events = () => pushed().map((entry) => (entry as { event?: string }).event);

beforeAll(async () => {
  key = await testKey(apiBase, 'analytics');
  const response = await fetch(`${apiBase}/v1/posts/${IMAGE_POST}?market=us`, { headers: { authorization: `Bearer ${key}` } });
  wire = {
    ...((await response.json()) as Raw),
    tagged_products: [
      { x: 0.3, y: 0.3, product: { id: 'prd_shirt', title: 'Linen shirt', handle: 'linen-shirt', price: { price: 40, sale_price: 30, currency: 'USD' }, url: 'https://shop.example.com/products/linen-shirt' } },
      { x: 0.7, y: 0.7, product: { id: 'prd_hat', title: 'Straw hat', handle: 'straw-hat', price: { price: 25, currency: 'USD' }, url: 'https://shop.example.com/products/straw-hat' } },
    ],
  };
});

beforeEach(() => {
  calls = [];
  page.dataLayer = [];
  viewTiming.dwell = 200;
});

afterEach(() => {
  document.body.replaceChildren();
  configure({ analytics: undefined, consent: undefined });
  delete page.dataLayer;
  delete page.Shopify;
  viewTiming.dwell = 1000;
});

/**
 * A shoppable post in view, once its `svc-widget-view` and `svc-post-view` are past, so
 * that only the events a test triggers itself are left to report (`settings` are
 * configured first when the test wants those two reported too).
 */
async function mount(settings?: Parameters<typeof configure>[0]): Promise<SvcShoppablePost> {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; width: 480px';
  element.post = wire;
  let viewed = false;
  element.addEventListener('svc-post-view', () => (viewed = true));
  if (settings) configure(settings);
  document.body.append(element);
  await expect.poll(() => element.shadowRoot!.querySelector('button.hotspot'), { timeout: 10_000 }).not.toBeNull();
  await expect.poll(() => viewed, { timeout: 5_000 }).toBe(true);
  return element;
}

const hotspots = (element: SvcShoppablePost) => [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.hotspot')];

/** Opens the first hotspot's card (a `svc-product-view`, dispatched at once), and closes it again. */
async function viewProduct(element: SvcShoppablePost): Promise<void> {
  const [hotspot] = hotspots(element);
  await userEvent.click(hotspot!);
  expect(hotspot!.getAttribute('aria-expanded')).toBe('true');
  await userEvent.click(hotspot!);
}

/** Chooses the shirt in the product list; the page cancels the navigation. */
function selectShirt(element: SvcShoppablePost): void {
  const keep = (event: Event) => event.preventDefault();
  document.addEventListener('svc-product-select', keep, { once: true });
  const link = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part~="product-list"] a')].find((a) => /Linen shirt/.test(a.textContent ?? ''))!;
  link.click();
}

describe('shapes', () => {
  it('pushes svc_* events and GA4 select_item into the dataLayer, and hands the same fields to onEvent', async () => {
    const element = await mount({ analytics: { dataLayer: true, onEvent }, consent: { analytics: true } });
    // The bridge is a chunk loaded on demand: in the file's first test it may still be arriving when the post is seen.
    await expect.poll(events).toEqual(['svc_widget_view', 'svc_post_view']);
    expect(pushed().find((entry) => (entry as Raw)['event'] === 'svc_widget_view')).toEqual({ event: 'svc_widget_view', svc_widget: 'shoppable-post' });
    expect(pushed().find((entry) => (entry as Raw)['event'] === 'svc_post_view')).toEqual({
      event: 'svc_post_view',
      svc_widget: 'shoppable-post',
      svc_post_id: IMAGE_POST,
      svc_post_type: 'image',
    });
    page.dataLayer = [];
    calls = [];

    await viewProduct(element);
    // The sale price is the price; the product's own fields, the post's and the element's kind.
    const shirt = {
      svc_widget: 'shoppable-post',
      svc_post_id: IMAGE_POST,
      svc_post_type: 'image',
      svc_product_id: 'prd_shirt',
      svc_product_title: 'Linen shirt',
      svc_price: 30,
      svc_currency: 'USD',
    };
    expect(pushed()).toEqual([{ event: 'svc_product_view', ...shirt }]);

    selectShirt(element);
    expect(pushed().slice(1)).toEqual([
      { ecommerce: null },
      {
        event: 'select_item',
        ecommerce: {
          currency: 'USD',
          item_list_id: IMAGE_POST,
          items: [{ item_id: 'prd_shirt', item_name: 'Linen shirt', item_list_id: IMAGE_POST, price: 30, currency: 'USD', discount: 10 }],
        },
        ...shirt,
      },
    ]);
    expect(calls).toEqual([
      ['svc_product_view', shirt],
      ['svc_product_select', shirt],
    ]);
    // Nothing about a person: no uploader, no caption.
    expect(JSON.stringify(page.dataLayer)).not.toMatch(/uploaded|username|comment/i);
  });

  it('off by default: no dataLayer entry, no callback, no dataLayer created', async () => {
    delete page.dataLayer;
    configure({ consent: { analytics: true } });
    const element = await mount();
    await viewProduct(element);
    selectShirt(element);
    expect(page.dataLayer).toBeUndefined();
    configure({ analytics: { onEvent }, consent: { analytics: true } });
    await viewProduct(element);
    expect(calls.map(([name]) => name)).toEqual(['svc_product_view']);
    expect(page.dataLayer).toBeUndefined();
  });

  it('sends no request, sets no cookie and stores nothing', async () => {
    const cookies = document.cookie;
    const stored = [localStorage.length, sessionStorage.length];
    performance.clearResourceTimings();
    const element = await mount({ analytics: { dataLayer: true, onEvent }, consent: { analytics: true } });
    await viewProduct(element);
    selectShirt(element);
    expect(events()).toEqual(['svc_widget_view', 'svc_post_view', 'svc_product_view', undefined, 'select_item']);
    const requests = performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => !url.startsWith(apiBase) && !url.startsWith(location.origin));
    expect(requests).toEqual([]);
    expect(document.cookie).toBe(cookies);
    expect([localStorage.length, sessionStorage.length]).toEqual(stored);
  });
});

describe('consent', () => {
  it("the page's own consent: none, granted, withdrawn", async () => {
    configure({ analytics: { dataLayer: true, onEvent } });
    const element = await mount();
    await viewProduct(element);
    expect(pushed()).toEqual([]);
    expect(calls).toEqual([]);

    configure({ consent: { analytics: true } });
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);
    expect(calls).toHaveLength(1);

    configure({ consent: { analytics: false } });
    await viewProduct(element);
    selectShirt(element);
    expect(events()).toEqual(['svc_product_view']);
    expect(calls).toHaveLength(1);
  });

  it('Google Consent Mode: default denied, update granted, update denied (gtag pushes arguments)', async () => {
    configure({ analytics: { dataLayer: true, onEvent } });
    gtag('consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied' });
    const element = await mount();
    await viewProduct(element);
    expect(events()).toEqual([]);

    gtag('consent', 'update', { analytics_storage: 'granted' });
    // A later command that says nothing of analytics_storage leaves it as it was.
    gtag('consent', 'update', { ad_storage: 'granted' });
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);

    gtag('consent', 'update', { analytics_storage: 'denied' });
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);
    expect(calls).toHaveLength(1);
  });

  it("Shopify's Customer Privacy API: not allowed, allowed, withdrawn", async () => {
    let allowed = false;
    shopifyPrivacy(() => allowed);
    configure({ analytics: { dataLayer: true, onEvent } });
    const element = await mount();
    await viewProduct(element);
    expect(events()).toEqual([]);

    allowed = true;
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);

    allowed = false;
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);
    expect(calls).toHaveLength(1);
  });

  it('first match wins: the page beats Consent Mode, which beats Shopify', async () => {
    configure({ analytics: { dataLayer: true } });
    shopifyPrivacy(() => true);
    gtag('consent', 'default', { analytics_storage: 'denied' });
    const element = await mount();
    await viewProduct(element);
    expect(events()).toEqual([]);

    configure({ consent: { analytics: true } });
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);

    configure({ consent: { analytics: false } });
    gtag('consent', 'update', { analytics_storage: 'granted' });
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);

    configure({ consent: { analytics: undefined } });
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view', 'svc_product_view']);
  });

  it('events from before consent are dropped by default', async () => {
    configure({ analytics: { dataLayer: true, onEvent } });
    const element = await mount();
    await viewProduct(element);
    selectShirt(element);
    configure({ consent: { analytics: true } });
    expect(pushed()).toEqual([]);
    expect(calls).toEqual([]);
    await viewProduct(element);
    expect(events()).toEqual(['svc_product_view']);
  });

  it('queueUntilConsent keeps them (bounded) until Shopify says yes; after a withdrawal they are dropped', async () => {
    let allowed = false;
    shopifyPrivacy(() => allowed);
    const element = await mount();
    configure({ analytics: { dataLayer: true, onEvent, queueUntilConsent: 2 } });
    await viewProduct(element);
    selectShirt(element);
    await viewProduct(element);
    expect(pushed()).toEqual([]);

    allowed = true;
    document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: true } }));
    // The third event did not fit in the queue.
    expect(events()).toEqual(['svc_product_view', undefined, 'select_item']);
    expect(calls.map(([name]) => name)).toEqual(['svc_product_view', 'svc_product_select']);

    allowed = false;
    await viewProduct(element);
    allowed = true;
    document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: true } }));
    expect(calls).toHaveLength(2);
  });

  it('queueUntilConsent: true sends what waited once the page grants consent', async () => {
    const element = await mount();
    configure({ analytics: { dataLayer: true, queueUntilConsent: true } });
    await viewProduct(element);
    expect(pushed()).toEqual([]);
    configure({ consent: { analytics: true } });
    expect(events()).toEqual(['svc_product_view']);
  });
});

describe('two copies of the library on one page', () => {
  it("share configure()'s settings and report each event once", async () => {
    // A second copy: the same sources as separate module instances, as a second bundle would carry them.
    const copy = '?copy=2';
    const second = (await import(/* @vite-ignore */ `../../src/configure.ts${copy}`)) as typeof import('../../src/configure.ts');
    const secondBridge = (await import(/* @vite-ignore */ `../../src/analytics/bridge.ts${copy}`)) as typeof import('../../src/analytics/bridge.ts');
    expect(second.configure).not.toBe(configure);
    secondBridge.startAnalyticsBridge();
    second.configure({ analytics: { dataLayer: true, onEvent } });
    configure({ consent: { analytics: true } });
    const element = await mount();
    await viewProduct(element);
    const once = ['svc_widget_view', 'svc_post_view', 'svc_product_view'];
    expect(events()).toEqual(once);
    expect(calls.map(([name]) => name)).toEqual(once);
    second.configure({ consent: { analytics: false } });
    await viewProduct(element);
    expect(events()).toEqual(once);
  });
});

describe('bad settings', () => {
  it('a wrong type is refused with a clear console error, and the rest of the settings stay', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: unknown) => errors.push(String(message));
    try {
      configure({ analytics: { dataLayer: true }, consent: { analytics: true } });
      configure({ analytics: { dataLayer: 'yes' } as never });
      configure({ consent: { analytics: 'granted' } as never });
      configure({ analytics: { queueUntilConsent: -1 } as never });
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([
      'storefront-widgets: configure({ analytics }) ignored: dataLayer must be true or false.',
      'storefront-widgets: configure({ consent }) ignored: expected { analytics: true } or { analytics: false }.',
      'storefront-widgets: configure({ analytics }) ignored: queueUntilConsent must be true, false or a whole number from 1 to 1000.',
    ]);
    const element = await mount();
    await viewProduct(element);
    expect(events()).toEqual(['svc_widget_view', 'svc_post_view', 'svc_product_view']);
  });
});

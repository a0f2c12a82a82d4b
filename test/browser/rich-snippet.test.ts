import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
// @ts-expect-error -- the validator ships no type declarations.
import Validator from '@adobe/structured-data-validator';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import type { SvcRichSnippet } from '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import { applyRichSnippet, JSON_LD_POLICY_NAME, JSON_LD_POLICY_SYMBOL } from '../../src/elements/rich-snippet/head-script.ts';
import { richSnippetScript } from '../../src/ssr/rich-snippet.ts';
import { testKey } from '../support/emulator-control.ts';
import { type EmulatorProduct, emulatorProducts, mostReviewed, mount, shadow, text } from './review-support.ts';

const apiBase = inject('apiBase');

let products: EmulatorProduct[];
let reviewed: EmulatorProduct;
let key: string;

beforeAll(async () => {
  products = await emulatorProducts(apiBase);
  reviewed = mostReviewed(products);
  key = await testKey(apiBase, 'snippet');
});

afterEach(() => {
  document.body.replaceChildren();
  for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  vi.restoreAllMocks();
});

type Json = Record<string, unknown>;

const scripts = (ref?: string) => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"][data-svc-rich-snippet]')].filter((s) => ref === undefined || s.dataset['svcRichSnippet'] === ref);
const jsonOf = (ref: string): Json => JSON.parse(scripts(ref)[0]!.text) as Json;

function snippet(attributes: Record<string, string>): SvcRichSnippet {
  return mount('svc-rich-snippet', { 'api-base': apiBase, 'publishable-key': key, market: 'us', ...attributes });
}

const HOSTILE = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  '@id': 'https://shop.example.com/products/hostile#product',
  name: 'Mug </script><script>window.__pwned = 1</script> </SCRIPT > <!-- \u2028 \u2029 &amp;',
  aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
  review: [
    { '@type': 'Review', name: '</script >', reviewBody: 'Nice <!-- <script> --> and </SCRIPT\n>', author: { '@type': 'Person', name: '<img src=x onerror=alert(1)>' }, reviewRating: { '@type': 'Rating', ratingValue: 5 } },
    { '@type': 'Review', name: '\u2028line\u2029', reviewBody: ']]> <![CDATA[', author: { '@type': 'Person', name: 'B' }, reviewRating: { '@type': 'Rating', ratingValue: 4 } },
  ],
};

/** Google's review-snippet and Product rules, offline; merchant-listing rules are left out. */
async function validate(data: Json): Promise<{ severity: string; issueMessage: string }[]> {
  const validator = new Validator(null) as { registeredHandlers: Record<string, (() => Promise<unknown>)[]>; validate(input: unknown): Promise<{ severity: string; issueMessage: string }[]> };
  validator.registeredHandlers['Product'] = validator.registeredHandlers['Product']!.filter((load) => !String(load).includes('ProductMerchant'));
  return validator.validate({ jsonld: { Product: [structuredClone(data)] } });
}

describe('<svc-rich-snippet>', () => {
  it('keeps one valid Product JSON-LD in the head whose rating equals the summary’s', async () => {
    const el = snippet({ 'product-ref': reviewed.handle });
    const summary = mount('svc-review-summary', { 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': reviewed.handle });
    await expect.poll(() => scripts(reviewed.handle).length, { timeout: 10_000 }).toBe(1);
    expect(el.shadowRoot?.childElementCount ?? 0).toBe(0);
    expect(getComputedStyle(el).display).toBe('none');
    const data = jsonOf(reviewed.handle);
    expect(data['@type']).toBe('Product');

    // No error, and no warning but for optional fields of the emulator's offer (priceValidUntil).
    const issues = (await validate(data)).filter((issue) => issue.severity === 'ERROR' || !/\(optional\)$/.test(issue.issueMessage));
    expect(issues, JSON.stringify(issues, null, 1)).toEqual([]);
    // Sanity check of the validator itself: a review without an author is an error.
    const broken = structuredClone(data) as { review: Json[] };
    delete broken.review[0]!['author'];
    expect((await validate(broken as unknown as Json)).some((issue) => issue.severity === 'ERROR')).toBe(true);

    await expect.poll(() => shadow(summary).querySelector('[part="average"]'), { timeout: 10_000 }).toBeTruthy();
    const rating = data['aggregateRating'] as { ratingValue: number; reviewCount: number };
    expect(text(shadow(summary).querySelector('[part="average"]'))).toBe(rating.ratingValue.toFixed(1));
    expect(text(shadow(summary).querySelector('[part="count"]'))).toBe(`${rating.reviewCount} reviews`);
  });

  it('replaces the script when the product or market changes, and removes it with the element', async () => {
    const other = products.find((p) => p.review_count > 0 && p.handle !== reviewed.handle)!;
    const el = snippet({ 'product-ref': reviewed.handle });
    await expect.poll(() => scripts(reviewed.handle).length, { timeout: 10_000 }).toBe(1);
    expect((jsonOf(reviewed.handle)['offers'] as Json)['priceCurrency']).toBe('USD');

    el.setAttribute('market', 'de');
    await expect.poll(() => (jsonOf(reviewed.handle)['offers'] as Json)['priceCurrency'], { timeout: 10_000 }).toBe('EUR');
    expect(scripts()).toHaveLength(1);

    el.setAttribute('product-ref', other.handle);
    await expect.poll(() => scripts(other.handle).length, { timeout: 10_000 }).toBe(1);
    expect(scripts(reviewed.handle)).toHaveLength(0);
    expect(scripts()).toHaveLength(1);

    el.remove();
    expect(scripts()).toHaveLength(0);
    document.body.append(el);
    await expect.poll(() => scripts(other.handle).length, { timeout: 10_000 }).toBe(1);
  });

  it('shares one script between two elements for the same product', async () => {
    const a = snippet({ 'product-ref': reviewed.handle });
    const b = snippet({ 'product-ref': reviewed.handle });
    await expect.poll(() => scripts(reviewed.handle).length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scripts()).toHaveLength(1);
    a.remove();
    expect(scripts(reviewed.handle)).toHaveLength(1);
    b.remove();
    expect(scripts()).toHaveLength(0);
  });

  it('removes the script on 403 and adds none on 404, warning once each', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const el = snippet({ 'product-ref': reviewed.handle });
    await expect.poll(() => scripts(reviewed.handle).length, { timeout: 10_000 }).toBe(1);
    el.setAttribute('publishable-key', await testKey(apiBase, 'snippet_noplan', { plan: 'noreviews' }));
    await expect.poll(() => scripts().length, { timeout: 10_000 }).toBe(0);
    expect(warn.mock.calls.filter(([message]) => /does not include Reviews/.test(String(message)))).toHaveLength(1);

    snippet({ 'product-ref': 'no-such-product' });
    snippet({ 'product-ref': 'no-such-product', market: 'de' });
    await expect.poll(() => warn.mock.calls.length, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1]![0])).toMatch(/"no-such-product" was not found/);
    expect(scripts()).toHaveLength(0);
  });

  it('merges its rating into the page’s own Product through @id', async () => {
    const own = document.createElement('script');
    own.type = 'application/ld+json';
    own.text = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', '@id': 'https://shop.example.com/#main', name: 'Page product', url: `https://shop.example.com/products/${reviewed.handle}` });
    document.head.append(own);
    snippet({ 'product-ref': reviewed.handle });
    await expect.poll(() => scripts(reviewed.handle).length, { timeout: 10_000 }).toBe(1);
    const data = jsonOf(reviewed.handle);
    expect(Object.keys(data).sort()).toEqual(['@context', '@id', '@type', 'aggregateRating', 'name', 'review']);
    expect(data['@id']).toBe('https://shop.example.com/#main');
    expect(data['name']).toBe('Page product');
    expect(await validate(data)).toEqual([]);
  });

  it('steps aside when the page’s Product already has a rating', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const own = document.createElement('script');
    own.type = 'application/ld+json';
    own.text = JSON.stringify([{ '@context': 'https://schema.org', '@type': 'Product', '@id': `https://shop.example.com/products/${reviewed.handle}#product`, name: 'P', aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 } }]);
    document.head.append(own);
    const el = snippet({ 'product-ref': reviewed.handle });
    await expect.poll(() => info.mock.calls.length, { timeout: 10_000 }).toBe(1);
    await el.updateComplete;
    expect(scripts()).toHaveLength(0);
  });

  it('injects hostile strings without any breakout, also after the page is serialized as HTML', async () => {
    const before = document.head.querySelectorAll('script').length;
    expect(applyRichSnippet(document, 'hostile', HOSTILE).kind).toBe('emit');
    expect(document.head.querySelectorAll('script').length).toBe(before + 1);
    expect(JSON.parse(scripts('hostile')[0]!.text)).toEqual(HOSTILE);

    const html = `<!doctype html>${document.documentElement.getHTML()}`;
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    const found = [...parsed.querySelectorAll<HTMLScriptElement>('script[data-svc-rich-snippet]')];
    expect(found).toHaveLength(1);
    expect(JSON.parse(found[0]!.text)).toEqual(HOSTILE);
    expect(parsed.head.querySelectorAll('script').length).toBe(before + 1);
    expect(parsed.querySelector('img')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('never emits a rating for an Organization (or anything but a Product)', () => {
    const organization = { ...HOSTILE, '@type': 'Organization' };
    expect(applyRichSnippet(document, 'store', organization).kind).toBe('refuse');
    expect(scripts()).toHaveLength(0);
  });

  it('writes through the one named Trusted Types policy', async () => {
    const policy = (window as unknown as Record<symbol, { name: string; createScript(input: string): unknown }>)[JSON_LD_POLICY_SYMBOL];
    applyRichSnippet(document, 'tt-probe', HOSTILE);
    const shared = (window as unknown as Record<symbol, { name: string; createScript(input: string): unknown }>)[JSON_LD_POLICY_SYMBOL]!;
    expect(shared.name).toBe(JSON_LD_POLICY_NAME);
    // Made on the page's first write (an earlier test's, or this one's), then kept: one policy, never a second.
    expect(policy ?? shared).toBe(shared);
    const spy = vi.spyOn(shared, 'createScript');
    applyRichSnippet(document, 'tt-probe', { ...HOSTILE, name: 'Renamed' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.results[0]!.value)).toBe(scripts('tt-probe')[0]!.text);
    expect(() => shared.createScript('alert(1)')).toThrow(TypeError);
  });
});

describe('richSnippetScript markup', () => {
  it('parses as exactly one script whose JSON equals the input, with the rest of the page intact', () => {
    const markup = richSnippetScript(HOSTILE);
    const alone = new DOMParser().parseFromString(markup, 'text/html');
    expect(alone.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(alone.querySelector('script')!.text)).toEqual(HOSTILE);

    const page = new DOMParser().parseFromString(`<!doctype html><html><head>${markup}</head><body><p id="after">after</p></body></html>`, 'text/html');
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(page.getElementById('after')?.textContent).toBe('after');
    expect(page.querySelector('img')).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { planRichSnippet } from '../../src/elements/rich-snippet/dedupe.ts';
import { JSON_LD_POLICY_NAME, JSON_LD_POLICY_SYMBOL, jsonLdPolicy } from '../../src/elements/rich-snippet/head-script.ts';
import { isProductJsonLd, isSerializedJsonLd, sanitizeJsonLd, serializeJsonLd } from '../../src/elements/rich-snippet/json-ld.ts';
import { richSnippetScript } from '../../src/ssr/rich-snippet.ts';

const HOSTILE = ['</script>', '</SCRIPT >', '<!--', '-->', '<script>alert(1)</script>', '\u2028', '\u2029', 'a & b', '<\/script>', ']]>', '\u0000'];

const hostileProduct = () => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  '@id': 'https://shop.example.com/products/x#product',
  name: `Mug </script><script>alert(1)</script> </SCRIPT > <!-- \u2028 \u2029`,
  review: HOSTILE.map((body, i) => ({ '@type': 'Review', reviewBody: body, name: `Title ${i} ${body}`, author: { '@type': 'Person', name: body } })),
});

describe('serializeJsonLd', () => {
  it('escapes every character that could end the script element or open a comment', () => {
    const json = serializeJsonLd(hostileProduct());
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u003c/SCRIPT \\u003e');
    expect(json).toContain('\\u003c!--');
    expect(json).toContain('\\u2028');
    expect(json).toContain('\\u2029');
    expect(JSON.parse(json)).toEqual(hostileProduct());
  });

  it('round-trips any JSON value and never emits a raw <, >, &, U+2028 or U+2029', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = serializeJsonLd(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(isSerializedJsonLd(json)).toBe(true);
      }),
    );
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => serializeJsonLd(undefined)).toThrow(TypeError);
    expect(() => serializeJsonLd(() => 1)).toThrow(TypeError);
  });

  it('recognises only its own output', () => {
    expect(isSerializedJsonLd(serializeJsonLd({ a: '</script>' }))).toBe(true);
    expect(isSerializedJsonLd('{"a":"</script>"}')).toBe(false);
    expect(isSerializedJsonLd('alert(1)')).toBe(false);
    expect(isSerializedJsonLd('{"a": 1}')).toBe(false);
  });
});

describe('richSnippetScript', () => {
  it('is one script element whose text parses back to the input', () => {
    const markup = richSnippetScript(hostileProduct());
    expect(markup.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(markup.endsWith('</script>')).toBe(true);
    // The only "</script" (in any case) is the closing tag, and there is no comment opener.
    expect(markup.match(/<\/script/gi)).toHaveLength(1);
    expect(markup).not.toContain('<!--');
    const body = markup.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(body)).toEqual(hostileProduct());
  });

  it('drops url-valued strings that are not http(s)', () => {
    const markup = richSnippetScript({
      '@type': 'Product',
      name: 'X',
      url: 'javascript:alert(1)',
      image: ['https://cdn.example.com/a.jpg', 'data:image/png;base64,AAAA', 'relative.jpg'],
      brand: { '@type': 'Brand', logo: 'vbscript:x', sameAs: ['https://brand.example.com', 'javascript:void(0)'] },
      '@id': '#product',
    });
    const body = JSON.parse(markup.slice(markup.indexOf('>') + 1, markup.lastIndexOf('<')));
    expect(body).toEqual({ '@type': 'Product', name: 'X', image: ['https://cdn.example.com/a.jpg'], brand: { '@type': 'Brand', sameAs: ['https://brand.example.com'] } });
  });
});

describe('sanitizeJsonLd', () => {
  it('keeps http(s) URLs and every other value as it is, without changing its input', () => {
    const input = { '@type': 'Product', url: 'https://shop.example.com/p', offers: { url: 'http://shop.example.com/p', price: '12.00' }, description: 'javascript: is fine in text' };
    const copy = structuredClone(input);
    expect(sanitizeJsonLd(input)).toEqual(input);
    expect(input).toEqual(copy);
  });
});

describe('sanitizeJsonLd and __proto__', () => {
  it('drops own __proto__ members instead of turning them into prototypes', () => {
    const input = JSON.parse('{"@type":"Product","name":"X","__proto__":{"polluted":"yes"},"offers":{"__proto__":{"price":"0"},"price":"1"}}') as Record<string, unknown>;
    const clean = sanitizeJsonLd(input) as Record<string, unknown> & { polluted?: string; offers: { price: string } };
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(clean.polluted).toBeUndefined();
    expect(clean).toEqual({ '@type': 'Product', name: 'X', offers: { price: '1' } });
    expect(serializeJsonLd(clean)).not.toContain('__proto__');
  });
});

describe('planRichSnippet', () => {
  const snippet = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': 'https://shop.example.com/products/mug#product',
    name: 'Mug',
    sku: 'NW-MUG-001',
    url: 'https://shop.example.com/products/mug',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 10 },
    review: [{ '@type': 'Review', author: { '@type': 'Person', name: 'A' }, reviewRating: { '@type': 'Rating', ratingValue: 5 } }],
  };

  it('emits the whole Product when the page has none for it', () => {
    expect(planRichSnippet(snippet, [{ '@type': 'Product', '@id': 'https://shop.example.com/other#product', name: 'Other' }, { '@type': 'Organization', name: 'Shop' }])).toEqual({ kind: 'emit', value: snippet });
  });

  it('merges through the page’s @id when its Product (same @id, sku, gtin or url) has no rating', () => {
    const page = { '@context': 'https://schema.org', '@graph': [{ '@type': 'Product', '@id': 'https://shop.example.com/#main-product', name: 'Mug (page)', sku: 'NW-MUG-001' }] };
    expect(planRichSnippet(snippet, [page])).toEqual({
      kind: 'merge',
      id: 'https://shop.example.com/#main-product',
      value: { '@context': 'https://schema.org', '@type': 'Product', '@id': 'https://shop.example.com/#main-product', name: 'Mug (page)', aggregateRating: snippet.aggregateRating, review: snippet.review },
    });
    expect(planRichSnippet(snippet, [{ '@type': 'Product', '@id': snippet['@id'] }]).kind).toBe('merge');
    expect(planRichSnippet({ ...snippet, gtin13: '4012345678901' }, [{ '@type': ['Product'], '@id': 'x', gtin13: '4012345678901' }]).kind).toBe('merge');
  });

  it('steps aside when the page’s Product already has a rating, or has no @id to merge through', () => {
    expect(planRichSnippet(snippet, [{ '@type': 'Product', url: snippet.url, '@id': 'a', aggregateRating: { ratingValue: 4 } }])).toEqual({ kind: 'step-aside', reason: 'has-rating' });
    expect(planRichSnippet(snippet, [[{ '@type': 'Product', sku: 'NW-MUG-001', name: 'Mug' }]])).toEqual({ kind: 'step-aside', reason: 'no-id' });
    const { aggregateRating: _rating, review: _review, ...unrated } = snippet;
    expect(planRichSnippet(unrated, [{ '@type': 'Product', '@id': snippet['@id'] }])).toEqual({ kind: 'step-aside', reason: 'nothing-to-add' });
  });

  it('never emits a rating for anything but a Product', () => {
    for (const type of ['Organization', 'LocalBusiness', ['Organization', 'Store']]) {
      expect(planRichSnippet({ ...snippet, '@type': type }, [])).toEqual({ kind: 'refuse', reason: 'not-product' });
    }
    expect(isProductJsonLd({ '@type': ['Product', 'IndividualProduct'] })).toBe(true);
  });
});

describe('the Trusted Types policy', () => {
  function fakeWindow() {
    const created: { name: string; createScript: (input: string) => string }[] = [];
    const trustedTypes = {
      createPolicy: vi.fn((name: string, rules: { createScript: (input: string) => string }) => {
        const policy = { name, createScript: (input: string) => ({ trusted: rules.createScript(input) }) };
        created.push({ name, createScript: rules.createScript });
        return policy;
      }),
    };
    return { win: { trustedTypes } as unknown as Window, trustedTypes, created };
  }

  it('is created once per page, under its documented name, and shared through a global symbol', () => {
    const { win, trustedTypes } = fakeWindow();
    const first = jsonLdPolicy(win);
    const second = jsonLdPolicy(win);
    expect(first).toBe(second);
    expect(trustedTypes.createPolicy).toHaveBeenCalledTimes(1);
    expect(trustedTypes.createPolicy.mock.calls[0]![0]).toBe('storefront-widgets#json-ld');
    expect(JSON_LD_POLICY_NAME).toBe('storefront-widgets#json-ld');
    expect((win as unknown as Record<symbol, unknown>)[Symbol.for('storefront-widgets.json-ld-policy.v1')]).toBe(first);
    expect(JSON_LD_POLICY_SYMBOL).toBe(Symbol.for('storefront-widgets.json-ld-policy.v1'));
  });

  it('passes only what serializeJsonLd produced', () => {
    const { win, created } = fakeWindow();
    jsonLdPolicy(win);
    const { createScript } = created[0]!;
    const json = serializeJsonLd(hostileProduct());
    expect(createScript(json)).toBe(json);
    expect(() => createScript('alert(document.cookie)')).toThrow(TypeError);
    expect(() => createScript(JSON.stringify({ a: '</script><script>alert(1)</script>' }))).toThrow(TypeError);
  });

  it('is null (and nothing is written) when the page forbids it, and absent without Trusted Types', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const win = { trustedTypes: { createPolicy: () => { throw new TypeError('forbidden by CSP'); } } } as unknown as Window;
    expect(jsonLdPolicy(win)).toBeNull();
    expect(jsonLdPolicy(win)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('trusted-types storefront-widgets#json-ld');
    expect(jsonLdPolicy({} as Window)).toBeUndefined();
    warn.mockRestore();
  });
});

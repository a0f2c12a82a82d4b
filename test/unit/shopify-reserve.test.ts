import { describe, expect, it } from 'vitest';
import { reserveSnippet } from '../../build/shopify.ts';

/** The seam between the Shopify extension's generator and the library's reservation stylesheet (dist/cdn/storefront-widgets.css). */
describe('the app embed\'s reservation snippet', () => {
  it('holds the stylesheet as the build wrote it', () => {
    const css = "svc-post-gallery:not(:defined){display:block;min-height:var(--svc-reserve-gallery,600px)}\n";
    expect(reserveSnippet(css)).toBe(css);
  });

  it('is a Liquid comment alone when the build wrote no stylesheet', () => {
    expect(reserveSnippet(undefined)).toMatch(/^\{%- comment -%\}[^{]*\{%- endcomment -%\}\n$/);
  });

  it('refuses a stylesheet that Liquid or the HTML parser would read as its own', () => {
    expect(() => reserveSnippet('a{content:"{{ x }}"}')).toThrow(/cannot be inlined/);
    expect(() => reserveSnippet('a{content:"{% x %}"}')).toThrow(/cannot be inlined/);
    expect(() => reserveSnippet('a{content:"</style>"}')).toThrow(/cannot be inlined/);
  });
});

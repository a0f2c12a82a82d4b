import { describe, expect, it } from 'vitest';
import { reserveSnippet } from '../../build/shopify.ts';
import { reserveCss } from '../../src/elements/reserve.ts';

/** The seam between the Shopify extension's generator and the library's reservation stylesheet (src/elements/reserve.ts). */
describe('the app embed\'s reservation snippet', () => {
  it('holds the stylesheet as given', () => {
    const css = "svc-post-gallery:not(:defined){display:block;min-height:var(--svc-reserve-gallery,600px)}\n";
    expect(reserveSnippet(css)).toBe(css);
  });

  it('holds the library\'s own stylesheet, the one the script tag\'s reserve.js installs', () => {
    const snippet = reserveSnippet(reserveCss());
    expect(snippet).toBe(`${reserveCss().trim()}\n`);
    expect(snippet).toContain('svc-post-gallery');
  });

  it('refuses an empty stylesheet: the Shopify reserve.js installs none, so the page would reserve nothing', () => {
    expect(() => reserveSnippet('')).toThrow(/empty/);
    expect(() => reserveSnippet(' \n')).toThrow(/empty/);
  });

  it('refuses a stylesheet that Liquid or the HTML parser would read as its own', () => {
    expect(() => reserveSnippet('a{content:"{{ x }}"}')).toThrow(/cannot be inlined/);
    expect(() => reserveSnippet('a{content:"{% x %}"}')).toThrow(/cannot be inlined/);
    expect(() => reserveSnippet('a{content:"</style>"}')).toThrow(/cannot be inlined/);
  });
});

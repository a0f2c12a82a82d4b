/**
 * docs/start/shopify.md and docs/contributing/shopify-build.md: the Shopify steps as
 * written. The build's commands are the package's scripts; the folder the page lists is
 * what the extension's sources and build make; the vintage-theme blocks render with
 * liquidjs into a loader script named as the build names it, a `configure` call with a
 * publishable key, and elements and attributes the library has. (`npm test`'s Playwright
 * and engine specs load the built extension itself in a Dawn-like page.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { ELEMENTS, elementName } from '../../src/elements/catalog.ts';
import { recipe, root } from './recipes.ts';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const sources = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => read(join(folder, file)))
    .join('\n');

/**
 * The attributes an element observes, from its Lit property declarations and the shared
 * settings' (`name: { attribute: 'x-y' }`, else the name in lower case, as Lit does), and `lang`.
 */
function attributesOf(tag: string): Set<string> {
  const text = sources(`src/elements/${elementName(tag)}`) + sources('src/elements/shared');
  const declared = [...text.matchAll(/(\w+): \{([^{}]*\b(?:type|attribute|reflect)\b[^{}]*)\}/g)].flatMap(([, name, options]) => {
    if (/attribute: false/.test(options!)) return [];
    return [/attribute: '([a-z-]+)'/.exec(options!)?.[1] ?? name!.toLowerCase()];
  });
  return new Set(['lang', ...declared]);
}

const liquid = new Liquid();
liquid.registerFilter('asset_url', (name: string) => `//shop.example/cdn/shop/t/1/assets/${name}`);

describe('the Shopify steps', () => {
  it('builds with the package’s own scripts', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const named = [...recipe('contributing/shopify-build.md', 'shopify-build').matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named).toEqual(['build', 'build:shopify']);
    for (const name of named) expect(scripts).toHaveProperty(name);
  });

  it('lists the extension’s files as its sources and build make them', () => {
    const tree = recipe('contributing/shopify-build.md', 'shopify-tree');
    const listedBlocks = [...tree.matchAll(/blocks\/([\w-]+\.liquid)/g)].map((match) => match[1]).sort();
    expect(listedBlocks).toEqual(readdirSync(join(root, 'shopify/blocks')).sort());
    expect(tree).toContain('shopify.extension.toml');
    expect(readdirSync(join(root, 'shopify'))).toContain('shopify.extension.toml');
    const languages = Number(/in the (\d+) languages/.exec(tree)?.[1]);
    expect(languages).toBe(readdirSync(join(root, 'shopify/locales')).filter((file) => file.endsWith('.schema.json')).length);
    const build = read('build/shopify.ts');
    expect(build).toContain("'storefront-widgets-reserve.liquid'");
    expect(build).toContain("'storefront-widgets.js'");
  });

  it('puts the loader and a configure call with a publishable key in theme.liquid', async () => {
    const html = await liquid.parseAndRender(recipe('start/shopify.md', 'shopify-theme-head'), {});
    expect(html).toContain('<script src="//shop.example/cdn/shop/t/1/assets/storefront-widgets.js" defer></script>');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const calls: unknown[] = [];
    const listeners: (() => void)[] = [];
    runInNewContext(inline, { addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && listeners.push(listener), StorefrontWidgets: { configure: (settings: unknown) => calls.push(settings) } });
    listeners.forEach((listener) => listener());
    expect(calls).toEqual([{ publishableKey: expect.stringMatching(/^svc_pk_/), market: 'us' }]);
  });

  it('writes elements and attributes the library has in the product template', async () => {
    const html = await liquid.parseAndRender(recipe('start/shopify.md', 'shopify-product-template'), { product: { handle: 'aster-linen-shirt' }, request: { locale: { iso_code: 'de' } } });
    const tags = [...html.matchAll(/<(svc-[a-z-]+)([^>]*)>/g)];
    expect(tags.length).toBe(5);
    for (const [, tag, attributes] of tags) {
      expect(ELEMENTS.map((element) => element.tag)).toContain(tag);
      const known = attributesOf(tag!);
      for (const [, name, value] of attributes!.matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
        expect(known, `${tag} ${name}`).toContain(name);
        if (name === 'product-ref') expect(value).toBe('aster-linen-shirt');
        if (name === 'lang') expect(value).toBe('de');
        if (name === 'page-size') expect(Number(value)).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

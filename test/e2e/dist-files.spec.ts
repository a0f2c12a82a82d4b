import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Script } from 'node:vm';
import { DIST } from './static-server.ts';

/** What `npm run build` wrote, checked file by file (no browser). */

const ROOT = resolve(DIST, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, string | { types: string; default?: string }>;
  sideEffects: string[];
  customElements: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

const read = (path: string) => readFileSync(join(DIST, path), 'utf8');
const sources = (path: string) => (JSON.parse(read(`${path}.map`)) as { sources: string[] }).sources.map((source) => relative(ROOT, resolve(dirname(join(DIST, path)), source)));
const files = (dir: string): string[] =>
  readdirSync(join(DIST, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
const chunk = (prefix: string) => {
  const name = readdirSync(join(DIST, 'cdn/module/chunks')).find((file) => file.startsWith(prefix) && file.endsWith('.js'));
  if (!name) throw new Error(`no chunk ${prefix}*.js`);
  return `cdn/module/chunks/${name}`;
};

const ELEMENT_MODULES = [
  'src/elements/storefront/storefront-element.ts',
  'src/elements/post-gallery/post-gallery-element.ts',
  'src/elements/shoppable-post/shoppable-post-element.ts',
  'src/elements/review-summary/review-summary-element.ts',
  'src/elements/rich-snippet/rich-snippet-element.ts',
];
const LIGHTBOX_MODULES = ['src/elements/post-gallery/lightbox-element.ts', 'src/elements/post-gallery/lightbox-panel.ts'];
const REVIEW_LIST_MODULES = ['src/elements/reviews/reviews-element.ts', 'src/elements/reviews/review-item.ts'];

const PARTS = ['lightbox', 'reviews', 'rich-snippet', 'tiles', 'layouts', 'shoppable', 'de', 'sv'];
/** The gallery's tiles, their blurhash placeholders and the grid of posts load on demand in the script-tag build; the skeletons stay inside. */
const TILE_MODULES = ['src/elements/post-gallery/grid.ts', 'src/elements/post-gallery/tile.ts', 'src/elements/shared/placeholder.ts'];
/** The shoppable post's view (media, hotspots, cards, product list) loads on demand in the script-tag build; the element and its states stay inside. */
const SHOPPABLE_VIEW_MODULES = ['src/elements/shoppable-post/shoppable-view.ts', 'src/elements/shoppable-post/card-controller.ts', 'src/elements/shoppable-post/product-view.ts', 'src/elements/shoppable-post/product.styles.ts'];
/** The masonry and carousel layouts load on demand in the script-tag build (the grid stays inside). */
const LAYOUT_MODULES = ['src/elements/post-gallery/layout-extras.ts', 'src/elements/post-gallery/carousel-controller.ts', 'src/elements/post-gallery/masonry.ts'];
/** German and Swedish strings load on demand in the CDN builds (English stays inside). */
const STRING_TABLES = { de: ['src/i18n/de.ts'], sv: ['src/i18n/sv.ts'] };
const RICH_SNIPPET_MODULES = ['src/elements/rich-snippet/rich-snippet-element.ts', 'src/elements/rich-snippet/head-script.ts'];
const DEPENDENCIES = ['lit-html', '@lit/reactive-element', '@tanstack/query-core'];

test.describe('dist/cdn/storefront-widgets.js', () => {
  const path = 'cdn/storefront-widgets.js';

  test('is one classic script with every dependency and the eager elements inside; the rarely used parts are not', () => {
    const code = read(path);
    expect(() => new Script(code, { filename: path })).not.toThrow();
    // No module syntax; its one import() loads its own siblings by a URL built from the script's.
    expect(code).not.toMatch(/^import[\s{"']|[;}]import[\s{"']|\bfrom\s*["'`]/m);
    expect(code.match(/\bimport\s*\(.{0,60}/g)).toEqual([expect.stringMatching(/^import\(new URL\(`storefront-widgets\.\$\{\w+\}\.js`,\w+\)\.href\)/)]);
    expect(code).not.toMatch(/\bprocess\.env\b/);
    const inside = sources(path);
    for (const module of ELEMENT_MODULES.filter((module) => !RICH_SNIPPET_MODULES.includes(module))) expect(inside).toContain(module);
    for (const module of [...LIGHTBOX_MODULES, ...REVIEW_LIST_MODULES, ...RICH_SNIPPET_MODULES, ...LAYOUT_MODULES, ...SHOPPABLE_VIEW_MODULES, ...TILE_MODULES, ...Object.values(STRING_TABLES).flat()]) expect(inside).not.toContain(module);
    expect(inside.some((source) => source.includes('node_modules/blurhash/')), 'blurhash comes with the tiles').toBe(false);
    expect(inside).toContain('src/i18n/en.ts');
    expect(inside).toContain('src/elements/post-gallery/layouts.ts');
    for (const dependency of DEPENDENCIES) expect(inside.some((source) => source.includes(`node_modules/${dependency}/`))).toBe(true);
  });

  test('its sibling parts are ES modules that hold their own code and borrow the rest from the script', () => {
    const core = new Set(sources(path));
    const expected: Record<string, string[]> = { lightbox: LIGHTBOX_MODULES, reviews: REVIEW_LIST_MODULES, 'rich-snippet': RICH_SNIPPET_MODULES, tiles: ['src/elements/post-gallery/grid.ts'], layouts: LAYOUT_MODULES, shoppable: SHOPPABLE_VIEW_MODULES, ...STRING_TABLES };
    for (const part of PARTS) {
      const file = `cdn/storefront-widgets.${part}.js`;
      const inside = sources(file);
      for (const module of expected[part]!) expect(inside, file).toContain(module);
      // Nothing twice: no second Lit, query client, settings or strings.
      expect(inside.filter((source) => core.has(source)), file).toEqual([]);
      expect(inside.some((source) => source.includes('node_modules/')), file).toBe(false);
      // Only relative imports of each other.
      for (const [, specifier] of read(file).matchAll(/(?:^|;)\s*(?:import|export)\b[^;"'`]*?["']([^"']+)["']/gm)) expect(specifier, file).toMatch(/^\.\/storefront-widgets\.[\w-]+\.js$/);
    }
  });

  test('is minified and stamped with the package version', () => {
    const code = read(path);
    // Names of module-level functions are mangled away.
    expect(code).not.toContain('claimElements');
    expect(code).toContain(pkg.version);
  });
});

test.describe('dist/cdn/module/', () => {
  test('the main chunk imports nothing up front and holds neither the lightbox nor the review list', () => {
    const main = 'cdn/module/storefront-widgets.js';
    const code = read(main);
    expect(code).not.toMatch(/^import[\s{"']|[;}]import[\s{"']|\bfrom\s*["'`]/m);
    const inside = sources(main);
    for (const module of ELEMENT_MODULES) expect(inside).toContain(module);
    for (const module of [...LIGHTBOX_MODULES, ...REVIEW_LIST_MODULES, ...Object.values(STRING_TABLES).flat()]) expect(inside).not.toContain(module);
    expect(code).not.toMatch(/\bprocess\.env\b/);
  });

  test('the lightbox (with its video code) and the review list are chunks of their own', () => {
    const lightbox = sources(chunk('svc-post-lightbox-'));
    for (const module of LIGHTBOX_MODULES) expect(lightbox).toContain(module);
    const reviews = sources(chunk('svc-reviews-'));
    for (const module of REVIEW_LIST_MODULES) expect(reviews).toContain(module);
    for (const [language, modules] of Object.entries(STRING_TABLES)) expect(sources(chunk(`${language}-`))).toEqual(modules);
    for (const name of [chunk('svc-post-lightbox-'), chunk('svc-reviews-')]) expect(read(name)).toMatch(/from\s*["'`]\.\.\/storefront-widgets\.js["'`]/);
  });
});

test.describe('the npm package files', () => {
  test('every export and its types exist', () => {
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (name.includes('*')) continue;
      // Types-only entries (`./jsx`, `./vue`, `./svelte`) have no `default`.
      const paths = typeof target === 'string' ? [target] : [target.types, ...(target.default === undefined ? [] : [target.default])];
      for (const file of paths) expect(existsSync(join(ROOT, file)), `${name} → ${file}`).toBe(true);
    }
  });

  test('ES modules, not minified, dependencies left as imports', () => {
    const code = read('registration.js');
    expect(code).toContain('function claimElements(elements');
    expect(code.split('\n').length).toBeGreaterThan(20);
    expect(existsSync(join(DIST, 'node_modules'))).toBe(false);
    const allowed = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
    for (const file of files('.').filter((name) => name.endsWith('.js') && !name.startsWith('cdn/'))) {
      for (const [, specifier] of read(file).matchAll(/^(?:import|export)\b[^;'"]*?["']([^"'.][^"']*)["']/gm)) {
        expect(allowed.some((name) => specifier === name || specifier!.startsWith(`${name}/`)), `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  test('the main entry registers nothing; the side-effect entries are listed in sideEffects', () => {
    const graph = new Set<string>();
    const visit = (file: string) => {
      if (graph.has(file)) return;
      graph.add(file);
      for (const [, specifier] of read(file).matchAll(/^(?:import|export)\b[^;'"]*?["'](\.[^"']+)["']/gm)) visit(join(dirname(file), specifier!));
    };
    visit('index.js');
    expect(graph.size).toBeGreaterThan(20);
    expect([...graph].filter((file) => /\/svc-[^/]+\.js$/.test(file))).toEqual([]);
    for (const pattern of pkg.sideEffects.filter((entry) => entry.startsWith('./dist/'))) {
      const regex = new RegExp(`^${pattern.slice('./dist/'.length).replace(/\./g, '\\.').replace(/\*\*/g, '.+').replace(/(?<!\.)\*/g, '[^/]+')}$`);
      expect(files('.').some((file) => regex.test(file)), `sideEffects ${pattern} matches a file`).toBe(true);
    }
    for (const entry of ['./register', './react', './post-gallery', './shoppable-post', './review-summary', './reviews', './rich-snippet', './storefront']) {
      const target = (pkg.exports[entry] as { default: string }).default.replace(/^\.\//, '');
      expect(read(target.replace(/^dist\//, '')).length).toBeGreaterThan(0);
    }
  });

  test('type declarations resolve their .js imports', () => {
    for (const file of files('types').filter((name) => name.endsWith('.d.ts'))) {
      for (const [, specifier] of read(file).matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)) {
        expect(specifier, `${file}`).toMatch(/\.js$/);
        expect(existsSync(join(DIST, dirname(file), specifier!.replace(/\.js$/, '.d.ts'))), `${file} → ${specifier}`).toBe(true);
      }
    }
  });

  test('custom-elements.json names every element, its tag and its module in dist/', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, pkg.customElements), 'utf8')) as {
      modules: { path: string; declarations?: { name: string; tagName?: string; customElement?: boolean; events?: { name: string }[] }[]; exports?: { kind: string; name: string }[] }[];
    };
    const elements = manifest.modules.flatMap((module) => (module.declarations ?? []).filter((declaration) => declaration.tagName).map((declaration) => ({ ...declaration, path: module.path })));
    const tags = elements.map((element) => element.tagName);
    for (const tag of ['svc-storefront', 'svc-post-gallery', 'svc-shoppable-post', 'svc-review-summary', 'svc-reviews', 'svc-rich-snippet']) expect(tags).toContain(tag);
    for (const element of elements) expect(existsSync(join(ROOT, element.path)), element.path).toBe(true);
    const gallery = elements.find((element) => element.tagName === 'svc-post-gallery')!;
    expect(gallery.events?.map((event) => event.name)).toEqual(expect.arrayContaining(['svc-post-open', 'svc-product-select', 'svc-load', 'svc-error']));
    const definitions = manifest.modules.flatMap((module) => (module.exports ?? []).filter((entry) => entry.kind === 'custom-element-definition').map((entry) => entry.name));
    expect(definitions).toEqual(expect.arrayContaining(tags as string[]));
    expect(definitions.every((name) => name.startsWith('svc-'))).toBe(true);
  });
});

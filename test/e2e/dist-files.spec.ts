import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Script } from 'node:vm';
import { brotliCompressSync, constants } from 'node:zlib';
import { ELEMENTS, elementName } from '../../src/elements/catalog.ts';
import { DIST } from './static-server.ts';
import { chunkFiles, FULL_SUMMARY_PART, groupChunk, moduleFiles } from './support.ts';

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

const LIGHTBOX_MODULES = ['src/elements/post-gallery/lightbox-element.ts', 'src/elements/post-gallery/lightbox-panel.ts'];
const REVIEW_LIST_MODULES = ['src/elements/reviews/reviews-element.ts', 'src/elements/reviews/review-item.ts'];
const LAYOUT_MODULES = ['src/elements/post-gallery/layout-extras.ts', 'src/elements/post-gallery/carousel-controller.ts', 'src/elements/post-gallery/masonry.ts'];
/** The full review summary's part: what a page of badges never loads. */
const FULL_SUMMARY_MODULES = ['src/elements/review-summary/full-summary.ts', 'src/elements/review-summary/generated-summary.ts', 'src/elements/shared/reviews/distribution.ts'];
/** Every language but English is a chunk of its own. */
const STRING_TABLES = readdirSync(join(ROOT, 'src/i18n')).flatMap((file) => /^([a-z]{2}(?:-[A-Z]{2})?)\.ts$/.exec(file)?.[1] ?? []).filter((language) => language !== 'en');
const DEPENDENCIES = ['lit-html', '@lit/reactive-element', '@tanstack/query-core'];

const manifest = () => JSON.parse(read('cdn/module/.vite/manifest.json')) as Record<string, { file: string }>;
const moduleSources = (files: string[]) => new Set(files.flatMap((file) => sources(`cdn/module/${file}`)));

test.describe('dist/cdn/storefront-widgets.js, the script tag', () => {
  const path = 'cdn/storefront-widgets.js';

  test('is a small classic script: no module syntax, no Lit, no query-core, no element code', () => {
    const code = read(path);
    expect(() => new Script(code, { filename: path })).not.toThrow();
    expect(code).not.toMatch(/^import[\s{"']|[;}]import[\s{"']|\bfrom\s*["'`]|\bimport\.meta\b/m);
    expect(code).not.toMatch(/\bprocess\.env\b/);
    const inside = sources(path);
    expect(inside.filter((source) => source.includes('node_modules/'))).toEqual([]);
    expect(inside.filter((source) => source.startsWith('src/elements/') && source !== 'src/elements/catalog.ts')).toEqual([]);
    expect(inside).toContain('src/page/configure.ts');
    expect(inside).toContain('src/page/strings.ts');
  });

  test('knows, for each element, its module and every chunk that module needs (as the build manifest says)', () => {
    const code = read(path);
    // The build's table as minified: the shared chunks, each named once, and each tag's indexes into them (led by -1 when idle, -2 when loaded once near).
    const chunks = JSON.parse(code.match(/\[`chunks\/[^\]]*\]/)![0].replaceAll('`', '"')) as string[];
    const table = JSON.parse(code.match(/\{"svc-[^}]*\}/)![0]) as Record<string, number[]>;
    expect(Object.keys(table).sort()).toEqual(ELEMENTS.map(({ tag }) => tag).sort());
    for (const { tag, load } of ELEMENTS) {
      const [module, ...needs] = moduleFiles(tag);
      expect(module).toBe(`${tag}.js`);
      const indexes = table[tag]!;
      expect(indexes[0] === -1, `${tag} waits for an idle moment`).toBe(load === 'idle');
      expect(indexes[0] === -2, `${tag} waits until it is near the viewport`).toBe(load === 'near');
      expect(indexes.filter((index) => index >= 0).map((index) => chunks[index]).sort(), tag).toEqual(needs.sort());
    }
  });

  test('the <script type="module"> entry is the same loader as an ES module', () => {
    const module = read('cdn/module/storefront-widgets.js');
    expect(module).toContain('import.meta.url');
    expect(sources('cdn/module/storefront-widgets.js').sort()).toEqual(sources(path).sort());
  });

  test('is minified and stamped with the package version', () => {
    const code = read(path);
    expect(code).not.toContain('walkShadowRoots');
    expect(code).toContain(pkg.version);
  });
});

test.describe('the size budget (.size-limit.json)', () => {
  const budget = JSON.parse(readFileSync(join(ROOT, '.size-limit.json'), 'utf8')) as { name: string; path: string | string[] }[];
  const pages: Record<string, { tags: string[]; parts: string[] }> = {
    'page: collection page': { tags: ['svc-storefront', 'svc-review-summary'], parts: [] },
    'page: product page': { tags: ['svc-storefront', 'svc-review-summary', 'svc-rich-snippet', 'svc-shoppable-post', 'svc-post-gallery'], parts: [FULL_SUMMARY_PART] },
  };
  for (const [name, { tags, parts }] of Object.entries(pages)) {
    test(`"${name}" counts exactly the files such a page loads: the loader, each element's module and its chunks`, () => {
      const entry = budget.find((item) => item.name.startsWith(name));
      expect(entry, name).toBeDefined();
      const globs = (Array.isArray(entry!.path) ? entry!.path : [entry!.path]).map((glob) => new RegExp(`^${glob.replace(/^dist\//, '').replace(/\./g, '\\.').replace(/\*/g, '[^/]+')}$`));
      const loaded = [...tags.flatMap(moduleFiles), ...parts.flatMap((part) => chunkFiles(groupChunk(part)))];
      const needed = ['cdn/storefront-widgets.js', ...new Set(loaded.map((file) => `cdn/module/${file}`))];
      const counted = files('cdn').filter((file) => file.endsWith('.js') && globs.some((glob) => glob.test(file)));
      expect(counted.sort()).toEqual(needed.sort());
    });
  }
});

test.describe('dist/cdn/module/, the element modules', () => {
  test('one ES module per element, each with Lit and the data layer among its chunks', () => {
    for (const { tag } of ELEMENTS) {
      const inside = moduleSources(moduleFiles(tag));
      expect(inside.has(`src/elements/${elementName(tag)}/${tag}.ts`), tag).toBe(true);
      for (const dependency of DEPENDENCIES.slice(0, 2)) expect([...inside].some((source) => source.includes(`node_modules/${dependency}/`)), `${tag}: ${dependency}`).toBe(true);
      expect(read(`cdn/module/${tag}.js`)).not.toMatch(/\bprocess\.env\b/);
    }
  });

  test('no module is in two files: the bundler shares it through a chunk', () => {
    const owner = new Map<string, string>();
    for (const file of files('cdn/module').filter((name) => name.endsWith('.js') && name !== 'cdn/module/storefront-widgets.js')) {
      // The client's lazily imported reads: a file of re-exports only, with no code (and no map) of its own.
      if (file.includes('/chunks/lazy-reads-')) {
        expect(read(file)).toMatch(/^(import\{[^}]*\}from"\.\/[\w-]+\.js";)+export\{[^}]*\};?\s*$/);
        continue;
      }
      for (const source of sources(file)) {
        expect(owner.get(source) ?? file, `${source} is in ${owner.get(source)} and ${file}`).toBe(file);
        owner.set(source, file);
      }
    }
  });

  test('a badge page loads neither the gallery, the shoppable post, the lightbox, the review list nor blurhash', () => {
    const inside = moduleSources(moduleFiles('svc-review-summary'));
    for (const module of ['src/elements/post-gallery/post-gallery-element.ts', 'src/elements/shoppable-post/shoppable-view.ts', ...LIGHTBOX_MODULES, ...REVIEW_LIST_MODULES]) expect(inside.has(module), module).toBe(false);
    expect([...inside].some((source) => source.includes('node_modules/blurhash/'))).toBe(false);
  });
  test("a badge page loads the reads and normalizers of ratings only: not those of posts or review lists, which load with their elements", () => {
    const inside = moduleSources(moduleFiles('svc-review-summary'));
    expect(inside.has('src/api/normalize.ts')).toBe(true);
    for (const module of ['src/api/post-reads.ts', 'src/api/normalize-post.ts', 'src/api/review-reads.ts', 'src/api/normalize-review.ts']) expect(inside.has(module), module).toBe(false);
    expect(moduleSources(moduleFiles('svc-post-gallery')).has('src/api/normalize-post.ts')).toBe(true);
    expect(moduleSources(moduleFiles('svc-shoppable-post')).has('src/api/normalize-post.ts')).toBe(true);
    expect(moduleSources(moduleFiles('svc-reviews')).has('src/api/normalize-review.ts')).toBe(true);
  });

  test('a badge page loads no query-core and no full summary: the full summary imports its part (its read, query-core, the bars, the generated text) on demand', () => {
    const inside = moduleSources(moduleFiles('svc-review-summary'));
    expect([...inside].some((source) => source.includes('node_modules/@tanstack/query-core/'))).toBe(false);
    expect(inside.has('src/controllers/rating-controller.ts')).toBe(true);
    expect(inside.has('src/elements/shared/reviews/stars.ts')).toBe(true);
    for (const module of FULL_SUMMARY_MODULES) expect(inside.has(module), module).toBe(false);
    const entry = manifest()['src/elements/review-summary/svc-review-summary.ts'] as { dynamicImports?: string[] };
    expect(entry.dynamicImports).toContain(groupChunk(FULL_SUMMARY_PART));
    const onDemand = moduleSources(chunkFiles(groupChunk(FULL_SUMMARY_PART)));
    for (const module of ['src/elements/review-summary/summary-query.ts', ...FULL_SUMMARY_MODULES]) expect(onDemand.has(module), module).toBe(true);
    expect([...onDemand].some((source) => source.includes('node_modules/@tanstack/query-core/'))).toBe(true);
  });

  test('the shared core chunk imports no other chunk: a page that loads it loads nothing more for it', () => {
    expect(manifest()[groupChunk('core')]).not.toHaveProperty('imports');
  });

  test('the lightbox, the masonry and carousel layouts, the retries of failed reads and each language load on demand, as chunks of their own', () => {
    const chunks = manifest();
    const lazy = (name: string) => Object.values(chunks).find((entry) => entry.file.startsWith(`chunks/${name}-`))?.file;
    const gallery = moduleSources(moduleFiles('svc-post-gallery'));
    for (const module of [...LIGHTBOX_MODULES, ...LAYOUT_MODULES]) expect(gallery.has(module), module).toBe(false);
    for (const module of LIGHTBOX_MODULES) expect(sources(`cdn/module/${lazy('svc-post-lightbox')}`)).toContain(module);
    for (const module of LAYOUT_MODULES) expect(sources(`cdn/module/${lazy('layout-extras')}`)).toContain(module);
    // The page's retries of failed reads: loaded by the first error, by both controllers; no page that reads well loads them.
    expect(sources(`cdn/module/${lazy('heal')}`)).toEqual(['src/controllers/heal.ts']);
    for (const tag of ['svc-review-summary', 'svc-post-gallery', 'svc-shoppable-post', 'svc-reviews', 'svc-rich-snippet']) expect(moduleSources(moduleFiles(tag)).has('src/controllers/heal.ts'), tag).toBe(false);
    expect(STRING_TABLES.length).toBeGreaterThanOrEqual(30);
    for (const language of STRING_TABLES) {
      const chunk = `cdn/module/${chunks[`src/i18n/${language}.ts`]!.file}`;
      expect(sources(chunk), language).toEqual([`src/i18n/${language}.ts`]);
      // The issue's budget for a language file: 1.5 KB brotli.
      expect(brotliCompressSync(readFileSync(join(DIST, chunk)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, language).toBeLessThanOrEqual(1536);
    }
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
        // Node's own modules only in the read proxy's Node adapter and command (storefront-widgets/edge/node, the bin).
        const nodeBuiltin = specifier!.startsWith('node:') && file.startsWith('edge/');
        expect(nodeBuiltin || allowed.some((name) => specifier === name || specifier!.startsWith(`${name}/`)), `${file} imports ${specifier}`).toBe(true);
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
    expect(tags.filter((tag) => tag !== 'svc-post-lightbox').sort()).toEqual(ELEMENTS.map((entry) => entry.tag).sort());
    for (const element of elements) expect(existsSync(join(ROOT, element.path)), element.path).toBe(true);
    const gallery = elements.find((element) => element.tagName === 'svc-post-gallery')!;
    expect(gallery.events?.map((event) => event.name)).toEqual(expect.arrayContaining(['svc-post-open', 'svc-product-select', 'svc-load', 'svc-error']));
    const definitions = manifest.modules.flatMap((module) => (module.exports ?? []).filter((entry) => entry.kind === 'custom-element-definition').map((entry) => entry.name));
    expect(definitions).toEqual(expect.arrayContaining(tags as string[]));
    expect(definitions.every((name) => name.startsWith('svc-'))).toBe(true);
  });
});

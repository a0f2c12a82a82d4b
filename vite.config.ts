import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform as transformCss } from 'lightningcss';
import { defineConfig, parseAst, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { PART_NEEDS } from './src/cdn-part-needs.ts';

const EMULATOR_PORT = Number(process.env['EMULATOR_PORT'] ?? 8787);

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** Every build stamps the package's version into `src/version.ts`. */
const versionDefine = { __STOREFRONT_WIDGETS_VERSION__: JSON.stringify(pkg.version) };

/** Starts the Storefront API emulator beside the demo's dev server, and stops it with it. */
function storefrontEmulator(): Plugin {
  return {
    name: 'storefront-emulator',
    apply: 'serve',
    async configureServer(server) {
      const { startEmulator } = await import('./demo/emulator/server.ts');
      const emulator = await startEmulator({ port: EMULATOR_PORT, host: 'localhost', quiet: !process.env['EMULATOR_VERBOSE'] });
      server.httpServer?.once('close', () => void emulator.close());
    },
  };
}

/** `npm start`: the demo against the local emulator. */
const devServer: UserConfig = {
  root: 'demo',
  publicDir: false,
  plugins: [storefrontEmulator()],
  define: {
    'import.meta.env.VITE_API_BASE': JSON.stringify(process.env['VITE_API_BASE'] ?? `http://localhost:${EMULATOR_PORT}`),
    ...versionDefine,
  },
  server: { port: Number(process.env['PORT'] ?? 5173), strictPort: false, fs: { allow: ['..'] } },
  preview: { port: Number(process.env['PORT'] ?? 4173) },
};

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every `css` tagged template without expressions in a module's syntax tree. */
function cssTemplates(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const child of node) cssTemplates(child, found);
  else if (node !== null && typeof node === 'object') {
    const n = node as Node;
    const tag = n['tag'] as Node | undefined;
    const quasi = n['quasi'] as (Node & { expressions: unknown[] }) | undefined;
    if (n.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier' && tag['name'] === 'css' && quasi?.expressions.length === 0) found.push(quasi);
    else for (const value of Object.values(n)) if (value !== null && typeof value === 'object') cssTemplates(value, found);
  }
  return found;
}

/**
 * Minifies the CSS in the elements' static `css` templates (Lightning CSS, no lowering)
 * for the script-tag builds; bundle minifiers leave template text alone. Line breaks
 * are kept at the end of each template, so code after it does not move and the
 * source maps stay right.
 */
function minifyLitCss(): Plugin {
  return {
    name: 'storefront-widgets:minify-lit-css',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      let out = code;
      for (const quasi of cssTemplates(parseAst(code)).sort((a, b) => b.start - a.start)) {
        if (code[quasi.start] !== '`' || code[quasi.end - 1] !== '`') continue;
        const raw = code.slice(quasi.start + 1, quasi.end - 1);
        if (raw.includes('\\')) continue; // escapes: leave as written
        const minified = transformCss({ filename: id, code: Buffer.from(raw), minify: true }).code.toString();
        const escaped = minified.replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
        out = `${out.slice(0, quasi.start + 1)}${escaped}${'\n'.repeat(raw.split('\n').length - 1)}${out.slice(quasi.end - 1)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** Every `html`/`svg` tagged template's literal parts in a module's syntax tree. */
function markupQuasis(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const child of node) markupQuasis(child, found);
  else if (node !== null && typeof node === 'object') {
    const n = node as Node;
    const tag = n['tag'] as Node | undefined;
    if (n.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier' && (tag['name'] === 'html' || tag['name'] === 'svg')) found.push(...((n['quasi'] as Node)['quasis'] as Node[]));
    for (const value of Object.values(n)) if (value !== null && typeof value === 'object') markupQuasis(value, found);
  }
  return found;
}

/**
 * Drops the indentation in the elements' `html`/`svg` templates for the script-tag
 * builds: spaces and tabs around a line break go, the line breaks stay (so code after
 * them does not move and the source maps stay right). Rendering is the same: the
 * templates hold no `<pre>`, `<textarea>` or `white-space: pre` text of their own.
 */
function minifyLitHtml(): Plugin {
  return {
    name: 'storefront-widgets:minify-lit-html',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !(code.includes('html`') || code.includes('svg`'))) return null;
      let out = code;
      for (const quasi of markupQuasis(parseAst(code)).sort((a, b) => b.start - a.start)) {
        const raw = code.slice(quasi.start, quasi.end);
        const collapsed = raw.replace(/[ \t]*\n\s*/g, (run) => '\n'.repeat(run.split('\n').length - 1));
        if (collapsed !== raw) out = `${out.slice(0, quasi.start)}${collapsed}${out.slice(quasi.end)}`;
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** CDN builds: query-core's mutation cache (and with it all mutation code) replaced by an empty one. */
function withoutMutations(): Plugin {
  return {
    name: 'storefront-widgets:without-mutations',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './mutationCache.js' && importer?.includes('/@tanstack/query-core/') ? src('cdn-no-mutations.ts') : null;
    },
  };
}

/**
 * CDN builds: modules swapped for their on-demand versions, which load the rarely needed
 * code as siblings (chunks in the module build): the German and Swedish strings
 * (`src/i18n/tables-cdn.ts`) and, in the script-tag build, the gallery's tiles
 * (`src/elements/post-gallery/load-tiles-cdn.ts`), the masonry and carousel layouts
 * (`src/elements/post-gallery/extra-layouts-cdn.ts`) and the shoppable post's view
 * (`src/elements/shoppable-post/load-view-cdn.ts`). As chunks of the module build,
 * Rolldown would move Lit and the shared code out of the main chunk into a chunk of
 * their own, one more request before anything renders.
 */
function onDemandInCdn(scriptTag: boolean): Plugin {
  const swaps = new Map<string, string>();
  if (scriptTag) {
    swaps.set(src('elements/post-gallery/extra-layouts.ts'), src('elements/post-gallery/extra-layouts-cdn.ts'));
    swaps.set(src('elements/shoppable-post/load-view.ts'), src('elements/shoppable-post/load-view-cdn.ts'));
    swaps.set(src('elements/post-gallery/load-tiles.ts'), src('elements/post-gallery/load-tiles-cdn.ts'));
  }
  // The file names (as imported, `tables.js`) worth resolving: a quick test before the real one.
  const swapped = new Set([...swaps.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1).replace(/\.ts$/, '.js')));
  return {
    name: 'storefront-widgets:on-demand-in-cdn',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !swapped.has(source.slice(source.lastIndexOf('/') + 1))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && swaps.get(resolved.id)) ?? null;
    },
  };
}

/** A script-tag build: every dependency inside, minified, no `process` left for a page to lack. */
function browserBundle(entry: string, outDir: string, format: 'iife' | 'es', output: Rolldown.OutputOptions, emptyOutDir: boolean): UserConfig {
  return {
    root: '.',
    publicDir: false,
    plugins: [minifyLitCss(), minifyLitHtml(), withoutMutations(), onDemandInCdn(entry === 'cdn.ts')],
    define: {
      // Library mode leaves this in place and query-core reads it: a page has no `process`.
      'process.env.NODE_ENV': JSON.stringify('production'),
      ...versionDefine,
    },
    build: {
      outDir,
      emptyOutDir,
      sourcemap: true,
      // Terser (three passes) besides the built-in minifier: the script tag is 0.4 KB brotli smaller.
      minify: 'terser',
      terserOptions: { ecma: 2020, compress: { passes: 3 } },
      lib: { entry: src(entry), name: 'StorefrontWidgetsBundle', formats: [format] },
      rolldownOptions: {
        // The entry may export internals to its lazy chunks, so code the entry needs anyway
        // stays in it instead of moving to shared chunks that cost extra requests.
        preserveEntrySignatures: 'allow-extension',
        output: { ...output, minify: true },
      },
    },
  };
}

/**
 * The script-tag bundle's lazily loaded parts, by name: `dist/cdn/storefront-widgets.<name>.js`
 * (ES modules), and the registration module each is built from.
 */
const cdnParts: Record<string, string> = {
  lightbox: src('elements/post-gallery/svc-post-lightbox.ts'),
  reviews: src('elements/reviews/svc-reviews.ts'),
  'rich-snippet': src('elements/rich-snippet/svc-rich-snippet.ts'),
  tiles: src('elements/post-gallery/grid.ts'),
  layouts: src('elements/post-gallery/layout-extras.ts'),
  shoppable: src('elements/shoppable-post/shoppable-view.ts'),
  de: src('i18n/de.ts'),
  sv: src('i18n/sv.ts'),
};

/**
 * Script-tag build: the sources' `import('./svc-post-lightbox.js')` and the like
 * (relative, of a part's registration module) become `loadPart('lightbox')`, which
 * imports the sibling file at run time (`src/cdn-parts.ts`) instead of inlining it.
 */
function partsAsSiblings(): Plugin {
  const parts = new Map(Object.entries(cdnParts).map(([name, path]) => [path, name]));
  const loader = src('cdn-parts.ts');
  return {
    name: 'storefront-widgets:parts-as-siblings',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('import(')) return null;
      let used = false;
      const out = code.replace(/\bimport\(\s*(['"])(\.\.?\/[^'"]+)\.js\1\s*\)/g, (call, _quote: string, path: string) => {
        const name = parts.get(fileURLToPath(new URL(`${path}.ts`, `file://${id}`)));
        if (name === undefined) return call;
        used = true;
        return `__svcLoadPart(${JSON.stringify(name)})`;
      });
      // On the first line, so that the source map's lines stay right.
      return used ? { code: `import { loadPart as __svcLoadPart } from ${JSON.stringify(loader)};${out}`, map: null } : null;
    },
  };
}

/** `id` and, for a dependency, every module it re-exports with `export *`, transitively. */
async function withReexports(context: { resolve: (source: string, importer: string) => Promise<{ id: string } | null> }, id: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(id)) return seen;
  seen.add(id);
  if (!id.includes('/node_modules/')) return seen;
  for (const statement of parseAst(readFileSync(id, 'utf8')).body) {
    if (statement.type !== 'ExportAllDeclaration' || statement.exported) continue;
    const target = await context.resolve(String(statement.source.value), id);
    if (target) await withReexports(context, target.id, seen);
  }
  return seen;
}

/** The script tag's own sources, as its source map in `dir` lists them (absolute paths). */
function cdnCoreSources(dir: string): Set<string> {
  const map = resolve(dir, 'storefront-widgets.js.map');
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return new Set(sources.map((source) => fileURLToPath(new URL(source, `file://${map}`))));
}

/**
 * Parts build: every import of a module that `src/cdn-runtime.ts` lends becomes reads of
 * the runtime object the script tag published, so a part never carries a second copy
 * of Lit, query-core or the shared state. Fails when a part imports a name the facade
 * does not lend, or bundles a module the script tag already holds.
 */
function coreFromRuntime(): Plugin {
  const facade = src('cdn-runtime.ts');
  const RUNTIME = '\0storefront-widgets-runtime';
  const PREFIX = `${RUNTIME}:`;
  const lent = new Map<string, string[]>();
  return {
    name: 'storefront-widgets:core-from-runtime',
    enforce: 'pre',
    async buildStart() {
      lent.clear();
      for (const statement of parseAst(readFileSync(facade, 'utf8')).body) {
        if (statement.type !== 'ExportNamedDeclaration' || !statement.source) continue;
        const resolved = await this.resolve(String(statement.source.value), facade);
        if (!resolved) this.error(`src/cdn-runtime.ts: cannot resolve ${String(statement.source.value)}`);
        const names = statement.specifiers.map((specifier) => {
          const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value);
          const local = specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
          if (exported !== local) this.error(`src/cdn-runtime.ts: lend ${local} under its own name`);
          return exported;
        });
        // Lent from the modules it re-exports with `export *` too (`lit` → `lit-html`), as
        // a bundled directive (repeat, if-defined) imports Lit's own modules directly.
        for (const id of await withReexports(this, resolved.id)) lent.set(id, [...(lent.get(id) ?? []), ...names]);
      }
    },
    async resolveId(source, importer, options) {
      if (source === RUNTIME) return RUNTIME;
      if (importer === undefined || importer.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && lent.has(resolved.id) ? PREFIX + resolved.id : null;
    },
    load(id) {
      if (id === RUNTIME) {
        const key = JSON.stringify(`storefront-widgets.runtime.${pkg.version}`);
        return [
          `const runtime = globalThis[Symbol.for(${key})];`,
          `if (!runtime) throw new Error("storefront-widgets: a part of storefront-widgets.js ${pkg.version}, which loads it when needed");`,
          `export const { ${[...new Set([...lent.values()].flat())].join(', ')} } = runtime;`,
        ].join('\n');
      }
      if (id.startsWith(PREFIX)) return `export { ${lent.get(id.slice(PREFIX.length))!.join(', ')} } from ${JSON.stringify(RUNTIME)};`;
      return null;
    },
    generateBundle(options, bundle) {
      // What each part imports, directly or through other files, is what `loadPart` requests with it.
      const partOf = (fileName: string) => fileName.replace(/^storefront-widgets\.(.+)\.js$/, '$1');
      const imported = (fileName: string, seen = new Set<string>()): Set<string> => {
        const file = bundle[fileName];
        for (const next of file?.type === 'chunk' ? file.imports : []) if (!seen.has(next)) imported(next, seen.add(next));
        return seen;
      };
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        const needs = [...imported(file.fileName)].map(partOf).sort().join(', ');
        const listed = [...(PART_NEEDS[file.name] ?? ['(none)'])].sort().join(', ');
        if (needs !== listed) this.error(`${file.fileName} imports [${needs}] but src/cdn-part-needs.ts lists [${listed}] for "${file.name}": update the table.`);
      }
      const core = cdnCoreSources(options.dir ?? 'dist/cdn');
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const twice = file.moduleIds.filter((id) => core.has(id));
        if (twice.length > 0) this.error(`${file.fileName} bundles modules that storefront-widgets.js holds: ${twice.join(', ')}. Lend what it needs in src/cdn-runtime.ts.`);
      }
    },
  };
}

/**
 * `vite build --mode cdn`: `dist/cdn/storefront-widgets.js`, one classic script (IIFE)
 * that registers the elements when it runs; the rarely used parts are left to
 * `--mode cdn-parts`. Leaves `dist/cdn/module/` (the module build's own folder) alone.
 */
const cdnBuild = browserBundle('cdn.ts', 'dist/cdn', 'iife', { entryFileNames: 'storefront-widgets.js' }, false);
cdnBuild.plugins!.push(partsAsSiblings());

/**
 * `vite build --mode cdn-parts` (after `--mode cdn`): the script tag's sibling files,
 * `dist/cdn/storefront-widgets.<part>.js`, ES modules that use the script tag's code.
 */
const cdnPartsBuild = browserBundle(
  'cdn.ts',
  'dist/cdn',
  'es',
  // What more than one part uses in two files, not many tiny ones: `shared` (the
  // runtime's names, Lit's list directive) for every part, and `media` (blurhash, the
  // placeholder and tile code) for the gallery tiles, shoppable post view and lightbox.
  {
    entryFileNames: 'storefront-widgets.[name].js',
    chunkFileNames: 'storefront-widgets.[name].js',
    codeSplitting: {
      groups: [
        { name: 'shared', priority: 2, test: (id: string) => id.startsWith('\0') || (id.includes('/node_modules/') && !id.includes('/node_modules/blurhash/')) },
        { name: 'media', priority: 1, test: /\/(node_modules\/blurhash\/|elements\/shared\/placeholder\.ts|elements\/post-gallery\/tile\.ts)/ },
      ],
    },
  },
  false,
);
cdnPartsBuild.build!.lib = { entry: cdnParts, formats: ['es'] };
cdnPartsBuild.plugins!.push(coreFromRuntime());

/**
 * `vite build --mode module`: `dist/cdn/module/storefront-widgets.js` for
 * `<script type="module">`; the elements' dynamic imports (lightbox, video, review
 * list) become chunks under `chunks/`, loaded on demand.
 */
const moduleBuild = browserBundle('cdn-module.ts', 'dist/cdn/module', 'es', { entryFileNames: 'storefront-widgets.js', chunkFileNames: 'chunks/[name]-[hash].js' }, true);

/** Packages the npm build leaves to the consumer's bundler (and their subpaths). */
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];

/**
 * `vite build --mode npm`: the package's ES modules, one file per source module
 * (`dist/index.js`, `dist/elements/post-gallery/svc-post-gallery.js`, …),
 * dependencies external, not minified (consumers' bundlers minify).
 */
const npmBuild: UserConfig = {
  root: '.',
  publicDir: false,
  define: versionDefine,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: src('index.ts'),
        register: src('register.ts'),
        react: src('react.ts'),
        'ssr/rich-snippet': src('ssr/rich-snippet.ts'),
        ...Object.fromEntries(
          ['storefront/svc-storefront', 'post-gallery/svc-post-gallery', 'shoppable-post/svc-shoppable-post', 'review-summary/svc-review-summary', 'reviews/svc-reviews', 'rich-snippet/svc-rich-snippet'].map(
            (name) => [`elements/${name}`, src(`elements/${name}.ts`)],
          ),
        ),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
};

/*
 * package.json's `sideEffects` names the registration modules twice: as built
 * (`./dist/…`, for consumers' bundlers) and as sources (`./src/…`), because these builds
 * read it for the package's own files too and would otherwise drop side-effect imports
 * such as `import './register.js'` and the lightbox's lazy registration module.
 */
export default defineConfig(({ command, mode }) => {
  if (command === 'build' && mode === 'cdn') return cdnBuild;
  if (command === 'build' && mode === 'module') return moduleBuild;
  if (command === 'build' && mode === 'cdn-parts') return cdnPartsBuild;
  if (command === 'build' && mode === 'npm') return npmBuild;
  if (command === 'build' && mode !== 'production') throw new Error(`Unknown build mode "${mode}": use --mode cdn, cdn-parts, module or npm (see npm run build).`);
  return devServer;
});

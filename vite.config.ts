import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform as transformCss } from 'lightningcss';
import { defineConfig, parseAst, type Plugin, type Rolldown, type UserConfig } from 'vite';

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
      const emulator = await startEmulator({ port: EMULATOR_PORT, host: 'localhost' });
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

/** A script-tag build: every dependency inside, minified, no `process` left for a page to lack. */
function browserBundle(entry: string, outDir: string, format: 'iife' | 'es', output: Rolldown.OutputOptions, emptyOutDir: boolean): UserConfig {
  return {
    root: '.',
    publicDir: false,
    plugins: [minifyLitCss()],
    define: {
      // Library mode leaves this in place and query-core reads it: a page has no `process`.
      'process.env.NODE_ENV': JSON.stringify('production'),
      ...versionDefine,
    },
    build: {
      outDir,
      emptyOutDir,
      sourcemap: true,
      lib: { entry: src(entry), name: 'StorefrontWidgetsBundle', formats: [format] },
      // Library-mode ES output is not minified by `build.minify` alone.
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
 * `vite build --mode cdn`: `dist/cdn/storefront-widgets.js`, one classic script (IIFE)
 * that registers every element when it runs; dynamic imports are inlined. Leaves
 * `dist/cdn/module/` (the module build's own folder) alone.
 */
const cdnBuild = browserBundle('cdn.ts', 'dist/cdn', 'iife', { entryFileNames: 'storefront-widgets.js' }, false);

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
  if (command === 'build' && mode === 'npm') return npmBuild;
  if (command === 'build' && mode !== 'production') throw new Error(`Unknown build mode "${mode}": use --mode cdn, module or npm (see npm run build).`);
  return devServer;
});

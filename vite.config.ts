import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { chunkFileNames, chunkGroups } from './build/chunk-groups.ts';
import { elementModulesPlugin } from './build/element-modules.ts';
import { queryCoreWithoutMutations } from './build/query-core-without-mutations.ts';
import { reserveCssPlugin } from './build/reserve-css.ts';
import { serverBuild } from './build/server-build.ts';
import { storefrontEmulator } from './build/storefront-emulator.ts';
import { ELEMENTS, elementSource } from './src/elements/catalog.ts';

/*
 * `npm run build` runs three builds (see the README's "How it is built"):
 * - `--mode modules`: one ES module per element (`dist/cdn/module/svc-*.js`) and the
 *   analytics settings' checks, the bundler's shared chunks under `chunks/`, minified;
 * - `--mode loader`: the script tag `dist/cdn/storefront-widgets.js` and the module entry
 *   `dist/cdn/module/storefront-widgets.js`, a small loader that imports those modules;
 * - `--mode npm`: the package's ES modules under `dist/`, dependencies left to the app;
 * - `--mode server`: the same entries for server runtimes that bundle with browser
 *   conditions (workerd, edge-light) under `dist/server/`, Lit's Node build inside.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string; dependencies: Record<string, string>; peerDependencies: Record<string, string> };
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const EMULATOR_PORT = Number(process.env['EMULATOR_PORT'] ?? 8787);

/** Every build stamps the package's version into `src/version.ts`, and says whether it is the build for workerd and edge runtimes (src/api/transport.ts). */
const versionDefine = { __STOREFRONT_WIDGETS_VERSION__: JSON.stringify(pkg.version), __STOREFRONT_WIDGETS_SERVER_BUILD__: 'false' };

/** Each public element's registration module, by its tag (`svc-post-gallery` → `src/elements/post-gallery/svc-post-gallery.ts`). */
const elementEntries = Object.fromEntries(ELEMENTS.map(({ tag }) => [tag, src(elementSource(tag))]));

/** `npm start`: the demo against the local emulator. */
const devServer: UserConfig = {
  root: 'demo',
  publicDir: false,
  plugins: [storefrontEmulator(EMULATOR_PORT)],
  define: { 'import.meta.env.VITE_API_BASE': JSON.stringify(process.env['VITE_API_BASE'] ?? `http://localhost:${EMULATOR_PORT}`), ...versionDefine },
  server: { port: Number(process.env['PORT'] ?? 5173), strictPort: false, fs: { allow: ['..'] } },
  preview: { port: Number(process.env['PORT'] ?? 4173) },
};

/** What the two browser builds share: every dependency inside, minified, no `process` left for a page to lack. */
function browserBuild(build: NonNullable<UserConfig['build']>, plugins: Plugin[] = []): UserConfig {
  return {
    root: '.',
    publicDir: false,
    plugins,
    // Library mode leaves `process.env.NODE_ENV` in place and query-core reads it.
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...versionDefine },
    build: {
      sourcemap: true,
      // Terser (three passes) after the built-in minifier: smaller than either alone. No comments: no bundler reads these.
      minify: 'terser',
      terserOptions: { ecma: 2020, compress: { passes: 3 } },
      ...build,
      rolldownOptions: { ...build.rolldownOptions, output: { ...build.rolldownOptions?.output, minify: true, comments: false } },
    },
  };
}

const modulesBuild = browserBuild(
  {
    outDir: 'dist/cdn/module',
    emptyOutDir: true,
    // Read by the loader build: which chunks each element's module needs.
    manifest: true,
    // `reserve`: the reservation stylesheet, which the loader installs (src/loader/reserve-sheet.ts).
    lib: { entry: { ...elementEntries, 'analytics-settings': src('analytics/settings.ts'), reserve: src('loader/reserve-sheet.ts') }, formats: ['es'] },
    rolldownOptions: {
      // Required by chunk groups; an element's module may export more than its own names.
      preserveEntrySignatures: 'allow-extension',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames,
        codeSplitting: chunkGroups,
      },
    },
  },
  // A Rollup plugin: Vite's types differ from Rollup's only in the context it never uses.
  [minifyHtmlLiterals() as unknown as Plugin, queryCoreWithoutMutations(), reserveCssPlugin()],
);

const loaderBuild = browserBuild(
  {
    // Its source map is written beside it, not named in it: that comment cost 26 of its 1,500 bytes.
    outDir: 'dist/cdn', emptyOutDir: false, sourcemap: 'hidden',
    lib: { entry: src('loader/loader.ts'), name: 'StorefrontWidgetsLoader', formats: ['iife', 'es'], fileName: (format) => (format === 'es' ? 'module/storefront-widgets.js' : 'storefront-widgets.js') },
  },
  // The reservation stylesheet beside the script tag: `dist/cdn/storefront-widgets.css`.
  [elementModulesPlugin(), reserveCssPlugin('storefront-widgets.css')],
);

/** The package's ES modules, one file per source module, dependencies external, not minified (apps minify). */
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), /^node:/];
const npmBuild: UserConfig = {
  root: '.',
  publicDir: false,
  // The same template minifier as the script tag's: a server render (storefront-widgets/ssr) and either build's hydration then agree on every template.
  // `storefront-widgets/reserve.css`: the reservation stylesheet (`dist/reserve.css`).
  plugins: [minifyHtmlLiterals() as unknown as Plugin, reserveCssPlugin('reserve.css')],
  define: versionDefine,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    lib: {
      entry: { index: src('index.ts'), register: src('register.ts'), react: src('react.ts'), 'react-server': src('react-server.ts'), 'react-server-fallback': src('react-server-fallback.ts'), 'ssr/index': src('ssr/index.ts'), 'edge/index': src('edge/index.ts'), 'edge/cli': src('edge/cli.ts'), 'edge/node': src('edge/node.ts'), ...Object.fromEntries(ELEMENTS.map(({ tag }) => [elementSource(tag).replace(/\.ts$/, ''), elementEntries[tag]!])) },
      formats: ['es'],
    },
    rolldownOptions: {
      external: (id) => external.some((name) => (typeof name === 'string' ? id === name || id.startsWith(`${name}/`) : name.test(id))),
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
};

// package.json's `sideEffects` also names the sources: these builds read it too.
const builds: Record<string, UserConfig> = { modules: modulesBuild, loader: loaderBuild, npm: npmBuild, server: serverBuild({ src, elementEntries, define: versionDefine }) };

export default defineConfig(({ command, mode }) => {
  if (command === 'serve' || mode === 'production') return devServer;
  const config = builds[mode];
  if (!config) throw new Error(`Unknown build mode "${mode}": use --mode modules, loader, npm or server (see npm run build).`);
  return config;
});

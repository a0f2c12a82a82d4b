/**
 * `npm run build:shopify`: writes the Shopify theme app extension to `dist/shopify/`
 * (README, "On Shopify"), for the service's Shopify app to ship with `shopify app deploy`:
 * - `assets/`: the script tag's loader with the app embed's part (src/shopify/loader.ts)
 *   and every element module and chunk in one flat folder, as Shopify serves an
 *   extension's assets behind `asset_url` (the same builds as `dist/cdn/`, vite.config.ts's
 *   `modules` and `loader`, with flat names and the shared `core` cut in two, so that every
 *   file stays under Theme Check's 10,000 bytes compressed);
 * - `blocks/`, `snippets/`, `locales/`, `shopify.extension.toml`: copied from `shopify/`;
 * - `snippets/storefront-widgets-reserve.liquid`: the library's reservation stylesheet
 *   (src/elements/reserve.ts, as in `dist/cdn/storefront-widgets.css`), for the app embed
 *   to inline. So the assets' `reserve.js` holds the elements' heights and installs no
 *   stylesheet (src/loader/reserve-hold.ts): the page has the rules from its first paint.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type ConfigEnv, type InlineConfig } from 'vite';
import { reserveCss } from '../src/elements/reserve.ts';
import viteConfig from '../vite.config.ts';
import { chunkFileNames, chunkGroups } from './chunk-groups.ts';
import { elementModulesPlugin } from './element-modules.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOURCES = join(ROOT, 'shopify');
export const OUT = join(ROOT, 'dist', 'shopify');
const ASSETS = join(OUT, 'assets');

/**
 * The shared chunks of `dist/cdn/`, with `core` cut in two, each under Theme Check's limit
 * with a margin (about 8,900 and 8,800 bytes gzip): `base`, Lit and the elements' shared
 * base (src/elements/shared/, but the error states, which read the strings, and hydration,
 * which loads on demand); `core`, the rest (the API client, the page's settings, queries,
 * controllers, English). Cut there, fewer names cross between the two than at any other
 * balanced cut tried (Lit alone, or the client alone, cost 250 to 550 bytes brotli more).
 * Each element still loads every chunk it needs at once (the loader's table): no waterfall.
 */
const shopifyGroups = {
  ...chunkGroups,
  groups: [
    ...chunkGroups.groups.map((group) => ({ ...group, priority: group.priority * 10 })),
    { name: 'base', priority: 15, test: /\/(node_modules\/(lit|lit-html|lit-element|@lit\/reactive-element)\/|src\/elements\/shared\/(?!(states|hydrate)\.)[\w-]+\.)/ },
  ],
};

/** `dist/cdn/`'s chunk names without their folder: `chunks/core-abc123.js` → `core-abc123.js`. */
const flatChunkFileNames = (chunk: { moduleIds: readonly string[] }): string => chunkFileNames(chunk).replace(/^chunks\//, '');

async function configFor(mode: string): Promise<InlineConfig> {
  const env: ConfigEnv = { command: 'build', mode, isSsrBuild: false, isPreview: false };
  const config = await (typeof viteConfig === 'function' ? viteConfig(env) : viteConfig);
  return { ...config, configFile: false, logLevel: 'error' };
}

async function buildAssets(): Promise<void> {
  const modules = await configFor('modules');
  const output = modules.build!.rolldownOptions!.output as Record<string, unknown>;
  const lib = modules.build!.lib as { entry: Record<string, string> };
  await build({
    ...modules,
    build: {
      ...modules.build,
      // The embed inlines the reservation stylesheet: `reserve.js` only holds the heights.
      lib: { ...lib, entry: { ...lib.entry, reserve: join(ROOT, 'src/loader/reserve-hold.ts') } },
      outDir: ASSETS,
      emptyOutDir: true,
      // A source map is no asset Shopify serves.
      sourcemap: false,
      rolldownOptions: { ...modules.build!.rolldownOptions, output: { ...output, chunkFileNames: flatChunkFileNames, codeSplitting: shopifyGroups } },
    },
  });

  const loader = await configFor('loader');
  await build({
    ...loader,
    plugins: [elementModulesPlugin('./')],
    build: {
      ...loader.build,
      outDir: ASSETS,
      emptyOutDir: false,
      sourcemap: false,
      // The loader with the app embed's part: the embed's one script.
      lib: { ...(loader.build!.lib as object), entry: join(ROOT, 'src/shopify/loader.ts'), formats: ['iife'], fileName: () => 'storefront-widgets.js' },
    },
  });

  rmSync(join(ASSETS, '.vite'), { recursive: true, force: true });
}

/** The reservation stylesheet as a snippet: the embed's only copy of it, so never empty. */
export function reserveSnippet(css: string): string {
  if (!css.trim()) throw new Error('The reservation stylesheet (src/elements/reserve.ts) is empty: the app embed would reserve nothing, and its reserve.js installs none.');
  if (/\{[{%]|<\//.test(css)) throw new Error('The reservation stylesheet (src/elements/reserve.ts) holds "{{", "{%" or "</": it cannot be inlined in a Liquid <style>.');
  return css.trim() + '\n';
}

export async function buildShopify(): Promise<void> {
  if (!existsSync(SOURCES)) throw new Error(`${SOURCES} is missing.`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await buildAssets();
  for (const entry of ['shopify.extension.toml', 'blocks', 'snippets', 'locales']) cpSync(join(SOURCES, entry), join(OUT, entry), { recursive: true });
  writeFileSync(join(OUT, 'snippets', 'storefront-widgets-reserve.liquid'), reserveSnippet(reserveCss()));
  const nested = readdirSync(ASSETS).filter((name) => statSync(join(ASSETS, name)).isDirectory());
  if (nested.length) throw new Error(`${ASSETS} must be flat; it has ${nested.join(', ')}.`);
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  await buildShopify();
  console.log(`Theme app extension written to ${OUT.slice(ROOT.length)} (${readdirSync(ASSETS).length} assets).`);
}

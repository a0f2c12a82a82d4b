/**
 * Why: the script tag's loader (`src/loader/loader.ts`) is a classic script, so it cannot
 * use the bundler's own chunk preloading. It imports each element's module and every
 * chunk that module needs at the same time; this plugin tells it which chunks (and which
 * elements wait for an idle moment, from src/elements/catalog.ts), from the manifest of
 * the element modules' build (`vite build --mode modules`, which runs first), as the
 * virtual module `virtual:element-modules`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ELEMENTS, elementSource } from '../src/elements/catalog.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const ID = 'virtual:element-modules';

/**
 * What the loader needs: the shared chunks, each named once (paths relative to the modules'
 * folder), and for each tag the chunks its module imports, transitively, as indexes into
 * that list; an idle element's list starts with `-1`, one loaded once near with `-2`. The tag names its module
 * (`svc-post-gallery` → `svc-post-gallery.js`). Naming each chunk once keeps the loader's
 * size from moving with the chunks' hashes.
 */
export function elementModules(manifestPath: string): { chunks: string[]; elements: Record<string, number[]> } {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    throw new Error(`${manifestPath} is missing: build the element modules first (vite build --mode modules).`);
  }
  const chunksOf = (key: string, seen = new Set<string>()): Set<string> => {
    for (const next of manifest[key]?.imports ?? []) if (!seen.has(next)) chunksOf(next, seen.add(next));
    return seen;
  };
  const chunks: string[] = [];
  const indexOf = (file: string): number => {
    if (!chunks.includes(file)) chunks.push(file);
    return chunks.indexOf(file);
  };
  const elements = Object.fromEntries(
    ELEMENTS.map(({ tag, load }) => {
      const key = `src/${elementSource(tag)}`;
      const entry = manifest[key];
      if (!entry) throw new Error(`${manifestPath} has no module for <${tag}> (${key}).`);
      if (entry.file !== `${tag}.js`) throw new Error(`${manifestPath}: <${tag}>'s module is ${entry.file}, not ${tag}.js, which the loader asks for.`);
      const needs = [...chunksOf(key)].map((chunk) => indexOf(manifest[chunk]!.file));
      return [tag, load === 'idle' ? [-1, ...needs] : load === 'near' ? [-2, ...needs] : needs];
    }),
  );
  return { chunks, elements };
}

/**
 * `virtual:element-modules`, from the manifest in `<modules>.vite/` under the loader build's
 * own `outDir`. `modules` is the modules' folder beside the classic script: `module/` for
 * `dist/cdn/`, `./` for one flat folder (the Shopify extension's `assets/`, build/shopify.ts).
 */
export function elementModulesPlugin(modules = 'module/'): Plugin {
  let manifestPath = '';
  return {
    name: 'storefront-widgets:element-modules',
    configResolved: (config) => void (manifestPath = resolve(config.root, config.build.outDir, modules, '.vite/manifest.json')),
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load: (id) => {
      if (id !== `\0${ID}`) return null;
      const { chunks, elements } = elementModules(manifestPath);
      return `export const CHUNKS = ${JSON.stringify(chunks)};\nexport const ELEMENT_MODULES = ${JSON.stringify(elements)};\nexport const MODULES = ${JSON.stringify(modules)};`;
    },
  };
}

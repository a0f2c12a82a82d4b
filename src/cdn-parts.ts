import { PART_NEEDS } from './cdn-part-needs.js';

/**
 * The script-tag bundle's lazily loaded parts: ES modules beside it
 * (`storefront-widgets.<part>.js` in the same folder), loaded with `import()` when a
 * page first needs them. A classic script may import modules; the URL is resolved
 * against the script's own, captured while it runs (`document.currentScript`).
 *
 * Only the script-tag build uses this module: its build replaces the elements'
 * `import('…/svc-post-lightbox.js')` and the like with `loadPart('lightbox')`.
 */
const base = (document.currentScript as HTMLScriptElement | null)?.src || document.baseURI;

const load = (name: string): Promise<unknown> => import(/* @vite-ignore */ new URL(`storefront-widgets.${name}.js`, base).href);

export function loadPart(name: string): Promise<unknown> {
  // The files the part imports, requested with it (a failure shows in the part's own import).
  for (const needed of PART_NEEDS[name] ?? []) load(needed).catch(() => undefined);
  return load(name);
}

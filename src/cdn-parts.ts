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

export function loadPart(name: string): Promise<unknown> {
  return import(/* @vite-ignore */ new URL(`storefront-widgets.${name}.js`, base).href);
}

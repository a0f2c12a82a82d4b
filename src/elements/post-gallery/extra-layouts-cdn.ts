import type { LayoutExtras } from './extra-layouts.js';

let loaded: LayoutExtras | null | undefined;
let loading: Promise<LayoutExtras | null> | undefined;

/**
 * The CDN builds' masonry and carousel layouts (in place of `extra-layouts.ts`): a
 * sibling file loaded when a gallery first asks for one, in parallel with its first
 * request. A promise while loading, then the module, or `null` when it could not load
 * (the gallery then shows a grid).
 */
export function extraLayouts(): LayoutExtras | Promise<LayoutExtras | null> | null {
  if (loaded !== undefined) return loaded;
  loading ??= import('./layout-extras.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      console.error('storefront-widgets: could not load the masonry and carousel layouts; showing a grid.', error);
      return (loaded = null);
    },
  );
  return loading;
}

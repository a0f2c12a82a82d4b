/**
 * The one table of the library's public elements. A tag names its folder and entry
 * module: `svc-post-gallery` is registered by `src/elements/post-gallery/svc-post-gallery.ts`,
 * built to `dist/elements/post-gallery/svc-post-gallery.js` (npm) and
 * `dist/cdn/module/svc-post-gallery.js` (the script tag's modules). The build's entries
 * and the script tag's loader derive from it; `test/unit/catalog.test.ts` checks
 * `register`, the React wrappers, `package.json`'s exports and the manifest against it.
 * Adding an element touches its folder and this table.
 *
 * It holds plain data only: the build's configuration (in Node) imports it.
 */
export const ELEMENTS = [
  /** No UI: settings for the elements inside it. */
  { tag: 'svc-storefront', react: 'Storefront', load: 'eager' },
  { tag: 'svc-post-gallery', react: 'PostGallery', load: 'near' },
  { tag: 'svc-shoppable-post', react: 'ShoppablePost', load: 'near' },
  /** A badge (`variant="badge"`) loads it at once; a full summary once near. */
  { tag: 'svc-review-summary', react: 'ReviewSummary', load: 'near' },
  /**
   * At once still (its content waits until near, render-pacing.ts): loaded only once near,
   * it read its page in view after a jump to it (a link to `#reviews`) and grew past its
   * reserved height, pushing what is below (0.24 on the Shopify product page).
   */
  { tag: 'svc-reviews', react: 'Reviews', load: 'eager' },
  /** Invisible (JSON-LD in `<head>`): the loader imports it when the page is idle. */
  { tag: 'svc-rich-snippet', react: 'RichSnippet', load: 'idle' },
] as const satisfies readonly ElementEntry[];

export interface ElementEntry {
  /** The element's tag, `svc-<name>`; `<name>` is its folder under `src/elements/`. */
  readonly tag: `svc-${string}`;
  /** The component's name in `storefront-widgets/react`. */
  readonly react: string;
  /**
   * When the script tag's loader imports the element's module once one is in the page:
   * `eager` at once, `near` once one of them comes near the viewport (a screen and a
   * half away; a review badge at once), `idle` when the main thread is idle (nothing on
   * screen waits for it). Nothing of an element below the fold runs while the page loads.
   */
  readonly load: 'eager' | 'near' | 'idle';
}

export type ElementTag = (typeof ELEMENTS)[number]['tag'];

/** `svc-post-gallery` → `post-gallery`: the element's folder and the name of its entry. */
export const elementName = (tag: string): string => tag.replace(/^svc-/, '');

/** `svc-post-gallery` → `elements/post-gallery/svc-post-gallery.ts`: the element's entry module, under `src/`. */
export const elementSource = (tag: string): string => `elements/${elementName(tag)}/${tag}.ts`;

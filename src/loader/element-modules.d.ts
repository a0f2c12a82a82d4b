/**
 * Written by the build (`build/element-modules.ts`) from the element table and the
 * element modules' build manifest: the shared chunks under `dist/cdn/module/`, each named
 * once, and for each tag the chunks its module (`<tag>.js`) imports, directly or not, as
 * indexes into `CHUNKS`; led by `-1` for an element the loader imports when the page is
 * idle, `-2` for one it imports once it comes near the viewport.
 */
declare module 'virtual:element-modules' {
  /** The modules' folder, relative to the classic script: `module/`, or `./` for one flat folder. */
  export const MODULES: string;
  export const CHUNKS: readonly string[];
  export const ELEMENT_MODULES: Readonly<Record<string, readonly number[]>>;
}

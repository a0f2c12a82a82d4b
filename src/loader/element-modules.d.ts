/**
 * Written by the build (`build/element-modules.ts`) from the element table and the
 * element modules' build manifest: for each tag, its module under `dist/cdn/module/` and
 * then every chunk that module imports, directly or not; led by `0` for an element the
 * loader imports when the page is idle.
 */
declare module 'virtual:element-modules' {
  export const ELEMENT_MODULES: Readonly<Record<string, readonly (string | 0)[]>>;
}

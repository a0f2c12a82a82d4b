/**
 * Written by the build (`build/element-modules.ts`) from the element modules' build
 * manifest: for each tag, its module under `dist/cdn/module/` and then every chunk that
 * module imports, directly or not.
 */
declare module 'virtual:element-modules' {
  export const ELEMENT_MODULES: Readonly<Record<string, readonly string[] | undefined>>;
}

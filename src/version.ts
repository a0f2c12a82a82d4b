/**
 * Replaced by the package's version in every build (Vite `define`); a source checkout
 * run without a build (tests, the dev server) reports `0.0.0-dev`.
 */
declare const __STOREFRONT_WIDGETS_VERSION__: string | undefined;

/** This copy's version, as published on npm. */
export const VERSION: string = typeof __STOREFRONT_WIDGETS_VERSION__ === 'string' ? __STOREFRONT_WIDGETS_VERSION__ : '0.0.0-dev';

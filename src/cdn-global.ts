import { configure } from './page/configure.js';
import { setStrings } from './page/strings.js';
import { VERSION } from './version.js';

/** The script tag's global, `window.StorefrontWidgets`: page-wide settings and strings. */
export interface StorefrontWidgetsGlobal {
  readonly version: string;
  readonly configure: typeof configure;
  readonly setStrings: typeof setStrings;
}

declare global {
  var StorefrontWidgets: StorefrontWidgetsGlobal | undefined;
}

/**
 * Offers `configure` and `setStrings` on `window.StorefrontWidgets`. The first copy on
 * the page keeps the global: settings live in page-wide shared state, so a second
 * copy's functions would act the same.
 */
export function exposeGlobal(): void {
  globalThis.StorefrontWidgets ??= Object.freeze({ version: VERSION, configure, setStrings });
}

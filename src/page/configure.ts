import { refreshElements } from '../shared/refresh-elements.js';
import { sharedSingleton } from './shared-state.js';

/** What an element needs to read the Storefront API. */
export interface StorefrontSettings {
  publishableKey?: string | undefined;
  market?: string | undefined;
  apiBase?: string | undefined;
}

/** The page-wide defaults `configure()` sets, shared by every copy of the library on the page. */
export const pageDefaults = () => sharedSingleton('page-defaults.v1', (): StorefrontSettings => ({}));

/**
 * Sets page-wide defaults for every element (in every copy of the library on the page).
 * An element's own attributes, then the nearest `<svc-storefront>`, beat these.
 */
export function configure(settings: StorefrontSettings): void {
  Object.assign(pageDefaults(), settings);
  refreshElements();
}

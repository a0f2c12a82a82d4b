import { installAnalyticsSettings } from './analytics/settings.js';
import { pageAnalytics } from './page/analytics-settings.js';
import { configure as configurePage, type PageSettings } from './page/configure.js';

/**
 * Sets page-wide defaults for every element (in every copy of the library on the page).
 * An element's own attributes, then the nearest `<svc-storefront>`, beat these.
 * `analytics` and `consent` set the analytics bridge (each replaces what was set before);
 * a wrong one is refused at once with a console error, and the one before it stays.
 */
export function configure(settings: PageSettings): void {
  // The script tag's loader fetches these checks when it needs them; the package has them at hand.
  installAnalyticsSettings(pageAnalytics());
  configurePage(settings);
}

/**
 * Pages other branches bring (theming, Hydrogen, runtimes, hardening): linked from here,
 * written there. Once they are merged, empty this list: a missing page then fails the
 * docs check and the site's link check.
 */
export const PAGES_FROM_OTHER_BRANCHES = [];

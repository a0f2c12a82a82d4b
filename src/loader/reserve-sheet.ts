/**
 * `dist/cdn/module/reserve.js`: installs the reservation stylesheet (src/elements/reserve.ts)
 * in the page, for pages that neither link it nor paste it. The script tag's loader imports
 * it as soon as it runs. A stylesheet built in script, which a strict CSP allows.
 */
import css from 'virtual:reserve-css';

try {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
} catch {
  // A browser without constructed stylesheets reserves nothing.
}

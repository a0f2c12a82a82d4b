/**
 * `dist/cdn/module/reserve.js`: installs the reservation stylesheet (src/elements/reserve.ts)
 * in the page, for pages that neither link it nor paste it, and holds each element's
 * reserved height from its definition to its first render (reserve-hold.ts). The script
 * tag's loader imports it as soon as it runs. A stylesheet built in script, which a strict
 * CSP allows.
 */
import css from 'virtual:reserve-css';
import './reserve-hold.js';

try {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
} catch {
  // A browser without constructed stylesheets reserves nothing.
}

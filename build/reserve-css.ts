/**
 * Why: the reservation stylesheet (issue 32) is written from the numbers the elements lay
 * out with (src/elements/reserve.ts), never by hand. This plugin emits it as a file of the
 * build (`fileName`: `storefront-widgets.css` beside the script tag, `reserve.css` in the
 * package) and offers its text to the code as `virtual:reserve-css` (a string), for the
 * module the script tag's loader imports to install the same rules.
 */
import type { Plugin } from 'vite';
import { reserveCss } from '../src/elements/reserve.ts';

const ID = 'virtual:reserve-css';

export function reserveCssPlugin(fileName?: string): Plugin {
  return {
    name: 'storefront-widgets:reserve-css',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(reserveCss())};` : undefined),
    generateBundle() {
      if (fileName) this.emitFile({ type: 'asset', fileName, source: `${reserveCss()}\n` });
    },
  };
}

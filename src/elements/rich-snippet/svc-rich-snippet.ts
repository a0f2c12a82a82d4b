import { defineElement } from '../shared/base.js';
import { SvcRichSnippet } from './rich-snippet-element.js';

export { SvcRichSnippet };
export { JSON_LD_POLICY_NAME } from './head-script.js';
export { serializeJsonLd } from './json-ld.js';

// A server render writes the snippet in place as a script (ssr/snippet-in-place.ts), never as an element to hydrate.
defineElement('svc-rich-snippet', SvcRichSnippet, { hydrates: false });

declare global {
  interface HTMLElementTagNameMap {
    'svc-rich-snippet': SvcRichSnippet;
  }
}

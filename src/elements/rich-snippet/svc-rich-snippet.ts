import { defineElement } from '../shared/base.js';
import { SvcRichSnippet } from './rich-snippet-element.js';

export { SvcRichSnippet };
export { JSON_LD_POLICY_NAME } from './head-script.js';
export { serializeJsonLd } from './json-ld.js';

defineElement('svc-rich-snippet', SvcRichSnippet);

declare global {
  interface HTMLElementTagNameMap {
    'svc-rich-snippet': SvcRichSnippet;
  }
}

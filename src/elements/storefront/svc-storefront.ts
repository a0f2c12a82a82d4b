import { defineElement } from '../shared/base.js';
import { SvcStorefront } from './storefront-element.js';

export { SvcStorefront };

defineElement('svc-storefront', SvcStorefront);

declare global {
  interface HTMLElementTagNameMap {
    'svc-storefront': SvcStorefront;
  }
}

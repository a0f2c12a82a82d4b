import { defineElement } from '../shared/base.js';
import { SvcStorefront } from './storefront-element.js';

export { SvcStorefront };

// The settings: a server render writes them as attributes, never with state to hydrate.
defineElement('svc-storefront', SvcStorefront, { hydrates: false });

declare global {
  interface HTMLElementTagNameMap {
    'svc-storefront': SvcStorefront;
  }
}

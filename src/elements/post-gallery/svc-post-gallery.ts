import { defineElement } from '../shared/base.js';
import { SvcPostGallery } from './post-gallery-element.js';

export { SvcPostGallery };

defineElement('svc-post-gallery', SvcPostGallery);

declare global {
  interface HTMLElementTagNameMap {
    'svc-post-gallery': SvcPostGallery;
  }
}

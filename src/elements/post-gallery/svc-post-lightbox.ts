/**
 * The lightbox's own entry point: `<svc-post-gallery>` imports it with `import()` on
 * first open, so pages that never open a post never load the dialog, the video code
 * or the shoppable post.
 */
import '../shoppable-post/svc-shoppable-post.js';
import { defineElement } from '../shared/base.js';
import { SvcPostLightbox } from './lightbox-element.js';

export { SvcPostLightbox };

defineElement('svc-post-lightbox', SvcPostLightbox);

declare global {
  interface HTMLElementTagNameMap {
    'svc-post-lightbox': SvcPostLightbox;
  }
}

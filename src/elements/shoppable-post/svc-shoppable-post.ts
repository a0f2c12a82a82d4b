import { defineElement } from '../shared/base.js';
import { SvcShoppablePost } from './shoppable-post-element.js';

export { SvcShoppablePost };

defineElement('svc-shoppable-post', SvcShoppablePost);

declare global {
  interface HTMLElementTagNameMap {
    'svc-shoppable-post': SvcShoppablePost;
  }
}

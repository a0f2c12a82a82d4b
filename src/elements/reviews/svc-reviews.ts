import { defineElement } from '../shared/base.js';
import { SvcReviews } from './reviews-element.js';

export { SvcReviews };

defineElement('svc-reviews', SvcReviews);

declare global {
  interface HTMLElementTagNameMap {
    'svc-reviews': SvcReviews;
  }
}

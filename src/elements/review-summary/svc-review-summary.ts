import { defineElement } from '../shared/base.js';
import { SvcReviewSummary } from './review-summary-element.js';

export { SvcReviewSummary };

defineElement('svc-review-summary', SvcReviewSummary);

declare global {
  interface HTMLElementTagNameMap {
    'svc-review-summary': SvcReviewSummary;
  }
}

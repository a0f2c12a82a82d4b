import { css } from 'lit';
import { distributionStyles, overviewStyles } from '../shared/reviews/distribution.js';
import { reviewTokens } from '../shared/reviews/review-tokens.js';
import { starsStyles } from '../shared/reviews/stars.js';

export const reviewSummaryStyles = [
  reviewTokens,
  starsStyles,
  overviewStyles,
  distributionStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
      overflow-wrap: anywhere;
    }
    :host([variant='badge']) {
      display: inline-block;
      container-type: normal;
      --svc-star-size: 1rem;
      vertical-align: middle;
    }
    .summary,
    .reserve {
      display: grid;
      gap: 1rem 2rem;
    }
    @container (min-width: 34rem) {
      .summary,
      .reserve {
        grid-template-columns: auto minmax(0, 1fr);
        align-items: center;
      }
      .generated {
        grid-column: 1 / -1;
      }
    }
    .generated {
      margin: 0;
      padding: 0.875rem 1rem;
      border-inline-start: 3px solid var(--_star-color);
      border-start-end-radius: var(--_radius);
      border-end-end-radius: var(--_radius);
      background: var(--_selected-bg);
    }
    .generated p {
      margin: 0;
      line-height: 1.5;
    }
    .generated .generated-note {
      margin-block-start: 0.375rem;
      color: var(--_muted);
      font-size: 0.8125em;
    }
    .badge {
      display: inline-flex;
      align-items: center;
      gap: 0.375rem;
      white-space: nowrap;
      line-height: 1.2;
    }
    .badge .count {
      font-size: 0.875em;
      font-variant-numeric: tabular-nums;
    }
    .none {
      margin: 0;
      display: inline-flex;
      align-items: center;
      gap: 0.5rem;
      color: var(--_muted);
    }
    .loading {
      min-block-size: 1.25rem;
    }
    .reserve {
      visibility: hidden;
    }
  `,
];

import { css } from 'lit';
import { reviewTokens } from '../shared/reviews/review-tokens.js';
import { sharedTokens } from '../shared/tokens.js';
import { starsStyles } from '../shared/reviews/stars.js';

/** The badge's and the states' styles; the full summary's come with its part (`fullSummaryStyles`). */
export const reviewSummaryStyles = [
  sharedTokens,
  reviewTokens,
  starsStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
      overflow-wrap: anywhere;
    }
    /* The badge is exactly as tall as its line of stars (no line-height strut): the height the script tag's loader reserves before the element is defined. */
    :host([variant='badge']) {
      display: inline-flex;
      align-items: center;
      block-size: calc(var(--_star-size) + 0.25em);
      container-type: normal;
      /* As tall as the text beside it. */
      --_star-size: var(--svc-star-size, 1em);
      vertical-align: middle;
    }
    .badge {
      display: inline-flex;
      align-items: center;
      gap: 0.375em;
      white-space: nowrap;
      line-height: 1.2;
    }
    /* One size from loading to loaded, whatever the count: room for "(99999)". */
    .badge {
      block-size: calc(var(--_star-size) + 0.25em);
    }
    .badge .count {
      display: inline-block;
      min-inline-size: 7ch;
      font-size: 0.875em;
      font-variant-numeric: tabular-nums;
    }
    .none {
      margin: 0;
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      color: var(--_muted);
    }
    /* A failed read: the loading state's box, empty. */
    .failed,
    .failed .reserve {
      visibility: hidden;
    }
  `,
];

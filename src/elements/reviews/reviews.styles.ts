import { css } from 'lit';
import { REVIEWS_FIRST_SCREEN } from '../shared/reserve-sizes.js';
import { distributionStyles, overviewStyles } from '../shared/reviews/distribution.js';
import { reviewTokens } from '../shared/reviews/review-tokens.js';
import { starsStyles } from '../shared/reviews/stars.js';

export const reviewsStyles = [
  reviewTokens,
  starsStyles,
  overviewStyles,
  distributionStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
      overflow-wrap: anywhere;
      --svc-review-thumb-size: 4.5rem;
      --_thumb: var(--svc-review-thumb-size);
    }
    .head {
      display: grid;
      gap: 1rem 2rem;
      padding-block-end: 1.25rem;
      border-block-end: 1px solid var(--_line);
    }
    @container (min-width: 34rem) {
      .head {
        grid-template-columns: auto minmax(0, 1fr);
        align-items: center;
      }
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.75rem 1rem;
      padding-block: 1rem;
    }
    .sort {
      display: inline-flex;
      align-items: center;
      gap: 0.5rem;
      font-size: 0.875em;
    }
    select {
      min-block-size: 32px;
      padding: 0.25rem 0.5rem;
      border: 1px solid var(--_muted);
      border-radius: var(--_radius);
      background: Canvas;
      color: inherit;
      font: inherit;
    }
    .filter {
      display: inline-flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      font-size: 0.875em;
    }
    .matching {
      margin: 0;
      font-weight: 600;
    }
    .list {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .review {
      padding-block: 1.25rem;
      border-block-start: 1px solid var(--_line);
    }
    .review:first-child {
      border-block-start: 0;
      padding-block-start: 0.25rem;
    }
    .review-article {
      display: grid;
      gap: 0.5rem;
    }
    .review-head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5rem;
      --_star-size: 1rem;
    }
    .review-date {
      color: var(--_muted);
      font-size: 0.8125em;
    }
    .review-text {
      display: grid;
      gap: 0.25rem;
    }
    .review-title {
      margin: 0;
      font-size: 1em;
      font-weight: 650;
      line-height: 1.35;
    }
    .review-body {
      margin: 0;
      line-height: 1.55;
    }
    .translation {
      margin: 0;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.625rem;
      color: var(--_muted);
      font-size: 0.8125em;
    }
    .review-author {
      margin: 0;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.75rem;
      font-size: 0.875em;
    }
    .author-name {
      font-weight: 600;
    }
    .verified {
      display: inline-flex;
      align-items: center;
      gap: 0.3em;
      color: #1d6b3a;
      font-size: 0.9em;
      font-weight: 500;
    }
    .verified-icon {
      inline-size: 1em;
      block-size: 1em;
      fill: currentColor;
    }
    .media {
      list-style: none;
      margin: 0.25rem 0 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
    .thumb {
      display: block;
      border-radius: var(--_radius);
      line-height: 0;
    }
    .thumb img {
      inline-size: var(--_thumb);
      block-size: var(--_thumb);
      object-fit: cover;
      border-radius: var(--_radius);
      background: var(--_track);
    }
    .reply {
      margin-block-start: 0.25rem;
      padding: 0.75rem 1rem;
      border-inline-start: 3px solid var(--_line);
      border-radius: var(--_radius);
      background: color-mix(in srgb, var(--_track) 45%, transparent);
      font-size: 0.9375em;
    }
    .reply p {
      margin: 0;
      line-height: 1.5;
    }
    .reply-head {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 0.75rem;
      margin-block-end: 0.25rem !important;
      font-size: 0.875em;
    }
    .reply-label {
      font-weight: 600;
    }
    .reply-head time {
      color: var(--_muted);
    }
    .more {
      display: flex;
      justify-content: center;
      padding-block-start: 1rem;
    }
    .load-more {
      min-block-size: 40px;
      padding: 0.5rem 1.25rem;
      border: 1px solid currentColor;
      border-radius: var(--_radius);
      background: none;
      color: inherit;
      font: inherit;
      font-weight: 600;
      cursor: pointer;
    }
    .load-more:hover {
      background: var(--_hover);
    }
    .load-more[aria-disabled='true'] {
      cursor: progress;
      opacity: 0.7;
    }
    .empty,
    .loading {
      margin: 0;
      padding-block: 1rem;
      color: var(--_muted);
    }
    /* The first screen until the reviews are in, as the reservation stylesheet holds it (reserve-sizes.ts): the list changes size once. */
    .waiting {
      min-block-size: ${REVIEWS_FIRST_SCREEN}px;
    }
    @media (forced-colors: active) {
      .verified {
        color: CanvasText;
      }
      .reply {
        border: 1px solid CanvasText;
      }
    }
  `,
];

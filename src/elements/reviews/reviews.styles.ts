import { css } from 'lit';
import { REVIEWS_FIRST_SCREEN } from '../shared/reserve-sizes.js';
import { distributionStyles, overviewStyles } from '../shared/reviews/distribution.js';
import { reviewTokens } from '../shared/reviews/review-tokens.js';
import { starsStyles } from '../shared/reviews/stars.js';
import { sharedTokens } from '../shared/tokens.js';

export const reviewsStyles = [
  sharedTokens,
  reviewTokens,
  starsStyles,
  overviewStyles,
  distributionStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
      overflow-wrap: anywhere;
      --_thumb: var(--svc-review-thumb-size, 4.5em);
    }
    .head {
      display: grid;
      gap: 1em 2em;
      padding-block-end: 1.25em;
      border-block-end: 1px solid var(--_line);
    }
    @container (min-width: 34em) {
      .head {
        grid-template-columns: auto minmax(0, 60cqi);
        justify-content: start;
        align-items: center;
      }
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.75em 1em;
      padding-block: 1em;
    }
    .sort {
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      font-size: 0.875em;
    }
    /* Drawn with the host's colours (a dark scheme's too); its options on a surface of the host's scheme. */
    select {
      min-block-size: var(--_control);
      padding: 0 0.5em;
      border: 1px solid var(--_muted);
      border-radius: var(--_radius);
      background: transparent;
      color: inherit;
      font: inherit;
    }
    option {
      background-color: var(--_surface);
      color: CanvasText;
    }
    @supports (color: contrast-color(red)) {
      option {
        color: contrast-color(var(--_surface));
      }
    }
    .filter {
      display: inline-flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5em;
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
      padding-block: 1.25em;
      border-block-start: 1px solid var(--_line);
    }
    .review:first-child {
      border-block-start: 0;
      padding-block-start: 0.25em;
    }
    .review-article {
      display: grid;
      gap: 0.5em;
    }
    .review-head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5em;
      --_star-size: 1em;
    }
    .review-date {
      color: var(--_muted);
      font-size: 0.875em;
    }
    .review-text {
      display: grid;
      gap: 0.25em;
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
      gap: 0.25em 0.625em;
      color: var(--_muted);
      font-size: 0.875em;
    }
    .review-author {
      margin: 0;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25em 0.75em;
      font-size: 0.875em;
    }
    .author-name {
      font-weight: 600;
    }
    .verified {
      display: inline-flex;
      align-items: center;
      gap: 0.3em;
      font-weight: 600;
    }
    .verified-icon {
      inline-size: 1em;
      block-size: 1em;
      fill: currentColor;
    }
    .media {
      list-style: none;
      margin: 0.25em 0 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.5em;
    }
    .thumb {
      display: block;
      border-radius: var(--_radius);
      line-height: 0;
      background: var(--_track);
    }
    .thumb img {
      /* A block: its size holds before the browser writes its URL (without one, an inline img is its alt text's box). */
      display: block;
      inline-size: var(--_thumb);
      block-size: var(--_thumb);
      object-fit: cover;
      border-radius: var(--_radius);
    }
    /* Until then (no script, or not hydrated yet): the link's quiet box, not a broken picture with its alt text. */
    img:not([src]) {
      visibility: hidden;
    }
    .reply {
      margin-block-start: 0.25em;
      padding: 0.75em 1em;
      border-inline-start: 3px solid var(--_line);
      border-radius: var(--_radius);
      background: color-mix(in srgb, var(--_track) 45%, transparent);
    }
    .reply p {
      margin: 0;
      line-height: 1.5;
    }
    .reply-head {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em 0.75em;
      margin-block-end: 0.25em !important;
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
      padding-block-start: 1em;
    }
    .load-more {
      min-block-size: var(--_control);
      padding: 0 1.25em;
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
    .empty {
      margin: 0;
      padding-block: 1em;
      color: var(--_muted);
    }
    /* The loading state: the toolbar's and two reviews' shapes, still under reduced motion. */
    .loading {
      display: grid;
      gap: 0.75em;
      padding-block: 1em;
    }
    .loading .skeleton-block {
      block-size: 1em;
    }
    .loading .skeleton-block:nth-child(3n + 2) {
      inline-size: 6em;
    }
    .loading .skeleton-block:nth-child(3n + 4) {
      inline-size: 70%;
      margin-block-end: 1.5em;
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

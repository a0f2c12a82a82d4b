import { css, html, svg, type TemplateResult } from 'lit';
import { cssText } from '../css-text.js';
import type { Localizer } from '../../../i18n/localize.js';

/**
 * The star rating shared by `<svc-review-summary>` and `<svc-reviews>`: one `role="img"`
 * element named like "4.6 out of 5 stars" in the element's language, over five empty
 * (outlined) stars and a clipped row of filled stars whose width is rating / 5. The
 * clip starts at the inline start, so under `dir="rtl"` the stars fill from the right.
 */

/**
 * Five stars side by side, 24 units apart: one path (a star drawn relative to its start,
 * then the next one 24 units on), so that a row is one `<svg>` and one `<path>`: with an
 * `<svg>` per star a list of reviews drew 20 nodes and 24 markers per rating.
 */
const STAR = 'l6.18 3.73-1.64-7.03 5.46-4.73-7.19-.61-2.81-6.63-2.81 6.63-7.19.61 5.46 4.73-1.64 7.03z';
const STARS_PATH = `M12 17.27${STAR}${`m24 0${STAR}`.repeat(4)}`;

const row = svg`<svg viewBox="0 0 120 24" focusable="false" aria-hidden="true"><path d=${STARS_PATH} /></svg>`;

/** A rating rounded to the one decimal shown on screen, within 0..5. */
export function displayRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(5, Math.max(0, Math.round(rating * 10) / 10));
}

/** The rating as the shopper reads it: "4.6" (or "4,6" in German), always one decimal. */
export function formatRating(rating: number, localizer: Localizer): string {
  return localizer.number(displayRating(rating), { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

/**
 * Renders the stars for `rating` (0..5, fractions allowed). `whole` ratings (a single
 * review's) are named without a decimal: "4 out of 5 stars".
 */
export function renderStars(rating: number, localizer: Localizer, options: { whole?: boolean; part?: string } = {}): TemplateResult {
  const value = displayRating(rating);
  const label = localizer.t('reviews.outOf5', { rating: options.whole ? localizer.number(value) : formatRating(value, localizer) });
  return html`<span class="stars" part=${options.part ?? 'stars'} role="img" aria-label=${label}>
    <span class="stars-row stars-empty" aria-hidden="true">${row}</span>
    <span class="stars-row stars-filled" aria-hidden="true" style=${cssText(`width: ${(value / 5) * 100}%`)}>${row}</span>
  </span>`;
}

/** Empty stars with no name, while the rating loads (the surrounding element is `aria-busy`). */
export function renderStarsPlaceholder(): TemplateResult {
  return html`<span class="stars stars-placeholder" part="stars" aria-hidden="true"><span class="stars-row stars-empty">${row}</span></span>`;
}

/** Styles for `renderStars`; the element maps `--_star-*` from its public properties. */
export const starsStyles = css`
  .stars {
    position: relative;
    display: inline-flex;
    flex: none;
    vertical-align: middle;
    line-height: 0;
  }
  .stars-row {
    display: inline-flex;
    white-space: nowrap;
  }
  .stars-filled {
    position: absolute;
    inset-block: 0;
    inset-inline-start: 0;
    overflow: hidden;
  }
  .stars svg {
    flex: none;
    inline-size: calc(var(--_star-size) * 5);
    block-size: var(--_star-size);
  }
  .stars-empty path {
    fill: var(--_star-empty);
    stroke: var(--_star-color);
    stroke-width: 1.5px;
    stroke-linejoin: round;
  }
  .stars-filled path {
    fill: var(--_star-color);
    stroke: var(--_star-color);
    stroke-width: 1.5px;
    stroke-linejoin: round;
  }
  .stars-placeholder path {
    stroke: var(--_muted-line);
  }
  @media (forced-colors: active) {
    .stars-empty path {
      fill: Canvas;
      stroke: CanvasText;
    }
    .stars-filled path {
      fill: CanvasText;
      stroke: CanvasText;
    }
  }
`;

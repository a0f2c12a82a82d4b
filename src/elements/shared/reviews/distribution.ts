import { css, html, type TemplateResult } from 'lit';
import { cssText } from '../css-text.js';
import type { ReviewSummary } from '../../../api/types.js';
import type { Localizer } from '../../../i18n/localize.js';
import { formatRating, renderStars, renderStarsPlaceholder } from './stars.js';

/**
 * The parts of a review summary shared by `<svc-review-summary>` and `<svc-reviews>`:
 * the overview (average, stars, count) and the distribution, five bars that are
 * toggle buttons filtering reviews by star.
 */

export type Star = 1 | 2 | 3 | 4 | 5;
export const STARS_DESCENDING: readonly Star[] = [5, 4, 3, 2, 1];

/** "5 stars: 84 reviews", the accessible name of a bar. */
export function barLabel(star: Star, count: number, localizer: Localizer): string {
  return localizer.t('reviews.barLabel', { stars: localizer.t('reviews.stars', { count: star }), reviews: localizer.t('reviews.count', { count }) });
}

/**
 * The average as a large number, the stars, and the number of reviews. A `placeholder`
 * overview has unnamed stars: it only holds the place while the figures load.
 */
export function renderOverview(summary: ReviewSummary, localizer: Localizer, options: { placeholder?: boolean } = {}): TemplateResult {
  return html`<div class="overview" part="overview">
    <span class="average" part="average" aria-hidden="true">${formatRating(summary.average, localizer)}</span>
    <span class="overview-detail">
      ${options.placeholder ? renderStarsPlaceholder() : renderStars(summary.average, localizer)}
      <span class="count" part="count">${localizer.t('reviews.count', { count: summary.count })}</span>
    </span>
  </div>`;
}

export interface DistributionOptions {
  /** The star the reviews are filtered by, if any: its bar is pressed. */
  selected: Star | null;
  /** Called with the star of a clicked bar, or `null` when the pressed bar is clicked again. */
  onSelect: (star: Star | null) => void;
  /** Accessible name of the group of bars. */
  label: string;
}

/** Five toggle buttons, 5 stars first, each with a bar as wide as its share of the reviews. */
export function renderDistribution(summary: ReviewSummary, localizer: Localizer, options: DistributionOptions): TemplateResult {
  const total = summary.count;
  return html`<ul class="distribution" part="distribution" role="list" aria-label=${options.label}>
    ${STARS_DESCENDING.map((star) => {
      const count = summary.distribution[star] ?? 0;
      const pressed = options.selected === star;
      const share = total > 0 ? Math.min(100, (count / total) * 100) : 0;
      // The count stays outside the button, so that the button's visible text ("5") is part
      // of its name ("5 stars: 28 reviews"); the button's ::after still covers the whole row.
      return html`<li class=${pressed ? 'bar-row pressed' : 'bar-row'} part=${pressed ? 'bar-row bar-row-pressed' : 'bar-row'}>
        <button
          class="bar"
          part=${pressed ? 'bar bar-pressed' : 'bar'}
          type="button"
          aria-pressed=${pressed ? 'true' : 'false'}
          aria-label=${barLabel(star, count, localizer)}
          @click=${() => options.onSelect(pressed ? null : star)}
        >
          <span class="bar-star" aria-hidden="true">${localizer.number(star)}<svg viewBox="0 0 24 24" focusable="false"><path d="M12 17.27l6.18 3.73-1.64-7.03 5.46-4.73-7.19-.61-2.81-6.63-2.81 6.63-7.19.61 5.46 4.73-1.64 7.03z" /></svg></span>
          <span class="bar-track" part="bar-track"><span class="bar-fill" part="bar-fill" style=${cssText(`width: ${share}%`)}></span></span>
        </button>
        <span class="bar-count" aria-hidden="true">${localizer.number(count)}</span>
      </li>`;
    })}
  </ul>`;
}

export const overviewStyles = css`
  .overview {
    display: flex;
    align-items: center;
    gap: 0.75em;
    line-height: 1.25;
  }
  .average {
    font-size: var(--_average-size);
    font-weight: 700;
    line-height: 1;
    letter-spacing: -0.02em;
    font-variant-numeric: tabular-nums;
  }
  .overview-detail {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.25em;
  }
  .count {
    color: var(--_muted);
    font-size: 0.875em;
  }
`;

export const distributionStyles = css`
  .distribution {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* Rows share their columns (subgrid), so the tracks line up whatever the counts' widths. */
    grid-template-columns: auto minmax(3em, 1fr) auto;
    column-gap: 0.625em;
    row-gap: 2px;
    min-inline-size: 0;
  }
  .bar-row {
    position: relative;
    display: grid;
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
    align-items: center;
    box-sizing: border-box;
    min-block-size: 28px;
    padding: 0 0.5em;
    border: 1px solid transparent;
    border-radius: var(--_radius);
    font-size: 0.875em;
    line-height: 1.25;
  }
  /* A finger's target (reserve-sizes.ts: SUMMARY.coarseBars). */
  @media (pointer: coarse) {
    .bar-row {
      min-block-size: 44px;
    }
  }
  .bar-row:hover {
    background: var(--_hover);
  }
  .bar-row.pressed {
    background: var(--_selected-bg);
    border-color: var(--_selected-line);
    font-weight: 600;
  }
  .bar {
    display: grid;
    grid-column: 1 / 3;
    grid-template-columns: subgrid;
    align-items: center;
    margin: 0;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  /* The whole row (count included) is the button's target. */
  .bar::after {
    content: '';
    position: absolute;
    inset: -1px;
    border-radius: inherit;
  }
  .bar-row .bar:focus-visible {
    outline: none;
  }
  .bar:focus-visible::after {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
    border-radius: var(--_radius);
  }
  .bar-star {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    font-variant-numeric: tabular-nums;
  }
  .bar-star svg {
    inline-size: 0.9em;
    block-size: 0.9em;
    fill: var(--_star-color);
  }
  .bar-track {
    position: relative;
    display: block;
    block-size: 0.5em;
    border-radius: var(--_radius);
    background: var(--_track);
    overflow: hidden;
  }
  .bar-fill {
    position: absolute;
    inset-block: 0;
    inset-inline-start: 0;
    border-radius: inherit;
    background: var(--_star-color);
  }
  .bar-count {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    text-align: end;
  }
  @media (forced-colors: active) {
    .bar-row {
      border-color: ButtonText;
    }
    .bar-row.pressed {
      border-width: 3px;
      border-color: Highlight;
    }
    .bar-track {
      border: 1px solid CanvasText;
    }
    .bar-fill {
      background: CanvasText;
    }
    .bar-star svg {
      fill: CanvasText;
    }
  }
`;

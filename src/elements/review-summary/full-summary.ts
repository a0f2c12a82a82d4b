import { css, html, nothing, type ReactiveControllerHost } from 'lit';
import type { ReviewSummary } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { distributionStyles, overviewStyles, renderDistribution, renderOverview, type Star } from '../shared/reviews/distribution.js';
import { ClampController, generatedSummaryStyles, renderGeneratedSummary } from './generated-summary.js';
import { summaryQuery, type SummaryController, type SummarySource } from './summary-query.js';

export { applyFilterToLists } from './list-filter.js';

/** What the loading state lays out, invisibly, to hold the summary's place. */
const EMPTY_SUMMARY: ReviewSummary = { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

/**
 * The full summary's part of `<svc-review-summary>`, a chunk of its own loaded by the
 * first full summary (or store badge) in a page: its read through query-core
 * (`summary-query.ts`), the overview, the five bars, the generated text and their
 * styles. A page of product badges loads none of it.
 */
export class FullSummary {
  readonly read: SummaryController;
  /** The generated text's clamp and its "Read more" toggle. */
  readonly clamp: ClampController;

  constructor(host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment }, source: () => SummarySource | undefined) {
    this.read = summaryQuery(host, source);
    this.clamp = new ClampController(host, () => host.renderRoot.querySelector('.summary .generated-text'));
  }

  /** The full layout with empty figures, hidden: the space the summary will take, reserved before the data arrives. */
  renderReserve(localizer: Localizer) {
    return html`<div class="reserve" aria-hidden="true">
      ${renderOverview(EMPTY_SUMMARY, localizer, { placeholder: true })}
      ${renderDistribution(EMPTY_SUMMARY, localizer, { selected: null, onSelect: () => {}, label: '' })}
      ${renderGeneratedSummary(undefined, localizer, this.clamp)}
    </div>`;
  }

  render(summary: ReviewSummary, localizer: Localizer, selected: Star | null, onSelect: (star: Star | null) => void) {
    return html`<div class="summary" part="base">
      ${renderOverview(summary, localizer)}
      ${renderDistribution(summary, localizer, { selected, onSelect, label: localizer.t('reviews.filterByRating') })}
      ${summary.summary ? renderGeneratedSummary(summary.summary, localizer, this.clamp) : nothing}
    </div>`;
  }
}

export const fullSummaryStyles = [
  overviewStyles,
  distributionStyles,
  generatedSummaryStyles,
  css`
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
    .reserve {
      visibility: hidden;
    }
  `,
];

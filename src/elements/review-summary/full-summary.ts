import { css, html, isServer, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ReviewSummary } from '../../api/types.js';
import { addEnglish } from '../../i18n/en.js';
import { enReviews } from '../../i18n/en-reviews.js';
import type { Localizer } from '../../i18n/localize.js';
import { emitFrom } from '../shared/base.js';
import { distributionStyles, overviewStyles, renderDistribution, renderOverview, type Star } from '../shared/reviews/distribution.js';
import { REVIEW_FILTER_EVENT, type ReviewFilterDetail } from '../shared/reviews/filter-event.js';
import { sameTarget } from '../shared/reviews/notices.js';
import { ClampController, generatedSummaryStyles, renderGeneratedSummary } from './generated-summary.js';
import { applyFilterToLists } from './list-filter.js';
import { summaryQuery, type SummaryController, type SummarySource } from './summary-query.js';

// English strings come with the code that shows them (see en.ts).
addEnglish(enReviews);

/** What the loading state lays out, invisibly, to hold the summary's place. */
const EMPTY_SUMMARY: ReviewSummary = { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

/**
 * The full summary's part of `<svc-review-summary>`, a chunk of its own loaded by the
 * first full summary (or store badge) in a page: its read through query-core
 * (`summary-query.ts`), the overview, the five bars (toggle buttons that filter the
 * lists for the same target, kept in step with them), the generated text and their
 * styles. A page of product badges loads none of it.
 */
export class FullSummary implements ReactiveController {
  readonly read: SummaryController;
  /** The generated text's clamp and its "Read more" toggle. */
  readonly clamp: ClampController;
  /** The star the reviews are filtered by (the pressed bar), or `null`. */
  private selected: Star | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly source: () => SummarySource | undefined,
  ) {
    this.read = summaryQuery(host, source);
    this.clamp = new ClampController(host, () => host.renderRoot.querySelector('.summary .generated-text'));
    host.addController(this);
  }

  hostConnected(): void {
    // A server render (Lit's SSR) has no document to listen to.
    if (!isServer) document.addEventListener(REVIEW_FILTER_EVENT, this.onFilter);
  }

  hostDisconnected(): void {
    if (!isServer) document.removeEventListener(REVIEW_FILTER_EVENT, this.onFilter);
  }

  /** Another product (or the store): no bar pressed, the text clamped. */
  reset(): void {
    this.selected = null;
    this.clamp.expanded = false;
  }

  /** Keeps the pressed bar in step with lists (or other summaries) filtered for the same target. */
  private readonly onFilter = (event: Event) => {
    if (event.target === this.host) return;
    const detail = (event as CustomEvent<ReviewFilterDetail>).detail;
    if (!detail || !sameTarget(detail.target, this.source()?.target)) return;
    this.selected = detail.rating;
    this.host.requestUpdate();
  };

  /** A bar was pressed: filter the lists for this target and tell the page. */
  private select(star: Star | null): void {
    const target = this.source()?.target;
    if (target === undefined) return;
    this.selected = star;
    this.host.requestUpdate();
    emitFrom<ReviewFilterDetail>(this.host, REVIEW_FILTER_EVENT, { rating: star, target });
    applyFilterToLists(this.host, target, star);
  }

  /** The full layout with empty figures as a skeleton (inert: its bars are not buttons yet): the space the summary will take, reserved before the data arrives. */
  renderReserve(localizer: Localizer) {
    return html`<div class="reserve" aria-hidden="true" inert>
      ${renderOverview(EMPTY_SUMMARY, localizer, { placeholder: true })}
      ${renderDistribution(EMPTY_SUMMARY, localizer, { selected: null, onSelect: () => {}, label: '' })}
      ${renderGeneratedSummary(undefined, localizer, this.clamp)}
    </div>`;
  }

  render(summary: ReviewSummary, localizer: Localizer) {
    return html`<div class="summary" part="base">
      ${renderOverview(summary, localizer)}
      ${renderDistribution(summary, localizer, { selected: this.selected, onSelect: (star) => this.select(star), label: localizer.t('reviews.filterByRating') })}
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
      gap: 1em 2em;
    }
    /* Beside the average from 34em; the bars never wider than 60 % of the element. */
    @container (min-width: 34em) {
      .summary,
      .reserve {
        grid-template-columns: auto minmax(0, 60cqi);
        justify-content: start;
        align-items: center;
      }
      .generated {
        grid-column: 1 / -1;
      }
    }
    /*
     * From 47em (750 px at 16 px) the text sits in a third column, as tall as the bars at
     * most (reserve-sizes.ts: SUMMARY.wideBars): the summary's height no longer depends on
     * the text, and the text's box fits its lines.
     */
    @container (min-width: 47em) {
      .summary,
      .reserve {
        grid-template-columns: auto minmax(0, 28em) minmax(0, 1fr);
        align-items: start;
      }
      .generated {
        grid-column: auto;
      }
      .generated-text {
        block-size: auto;
      }
      .bar-row {
        min-block-size: 40px;
      }
    }
    @media (pointer: coarse) {
      .bar-row {
        min-block-size: 44px !important;
      }
    }
    /* The loading state: the same layout, a still skeleton of it (no motion when the shopper asks for none). */
    .reserve {
      pointer-events: none;
    }
    /* The text hidden by its fill alone: currentColor, which the skeleton is made of, stays the host's. */
    .reserve :is(.average, .count, .bar-star, .bar-count, .generated-note) {
      border-radius: var(--_radius);
      background: var(--_skeleton);
      -webkit-text-fill-color: transparent;
    }
    .reserve .bar-star svg {
      visibility: hidden;
    }
    .reserve .generated {
      border-color: var(--_skeleton);
      background: none;
    }
    .reserve .generated-text {
      background: repeating-linear-gradient(to bottom, var(--_skeleton) 0 1em, transparent 1em 1.5em);
    }
    /* Below a text whose height the skeleton cannot know (beside the bars), the note would move when the text comes: not drawn. */
    .reserve .generated-foot {
      visibility: hidden;
    }
    @container (min-width: 47em) {
      .reserve .generated-text {
        block-size: 3em;
      }
    }
    .reserve > * {
      animation: svc-pulse 1.6s ease-in-out infinite;
    }
    @media (prefers-reduced-motion: reduce) {
      .reserve > * {
        animation: none;
      }
    }
  `,
];

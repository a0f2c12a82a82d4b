import { html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { InfiniteData, InfiniteQueryObserverResult, QueryObserverResult } from '@tanstack/query-core';
import type { ReviewQuery, ReviewTarget } from '../../api/client.js';
import type { StorefrontError } from '../../api/errors.js';
import type { Page, Review, ReviewSummary } from '../../api/types.js';
import type { ReviewSort } from '../../api/wire.js';
import { infiniteQueryController, queryController } from '../../controllers/query-controller.js';
import { reviewSummaryQuery, type ReviewsOptions, type ReviewSummaryOptions } from '../../queries/options.js';
import { reviewsQuery } from '../../queries/review-options.js';
import { queryClientFor } from '../../queries/query-client.js';
import { hostVisibility } from '../shared/host-visibility.js';
import { renderDistribution, renderOverview, type Star } from '../shared/reviews/distribution.js';
import { REVIEW_FILTER_EVENT, type ReviewFilterDetail } from '../shared/reviews/filter-event.js';
import { isSilentFailure, targetOf, warnSilentFailure } from '../shared/reviews/notices.js';
import { StorefrontElement } from '../shared/base.js';
import { renderCalmError, renderError, renderQuietError } from '../shared/states.js';
import { renderReview } from './review-item.js';
import { reviewsStyles } from './reviews.styles.js';
import { clampInteger, pickOption } from '../shared/options.js';
import { addEnglish } from '../../i18n/en.js';
import { enReviews } from '../../i18n/en-reviews.js';

// English strings come with the code that shows them (see en.ts).
addEnglish(enReviews);

type ReviewsResult = InfiniteQueryObserverResult<InfiniteData<Page<Review>, string | null>, StorefrontError>;
type SummaryResult = QueryObserverResult<ReviewSummary, StorefrontError>;

const TAG = 'svc-reviews';
const SORTS: readonly ReviewSort[] = ['newest', 'highest', 'lowest'];
/** A sort's label: `newest` → `reviews.sortNewest`. */
const sortLabel = (sort: ReviewSort) => `reviews.sort${sort[0]!.toUpperCase()}${sort.slice(1)}` as `reviews.sort${Capitalize<ReviewSort>}`;

const toStar = (value: unknown): Star | null => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? (n as Star) : null;
};

/**
 * What a list reads for its `sort`, `rating` and `page-size` (the values as written, or
 * their properties): its order, star filter and page size, with one warning for a value
 * out of range. A server render (`renderWidgets`) reads the same.
 */
export function listQuery(sort: string | null | undefined, rating: unknown, pageSize: string | number | null | undefined): { query: ReviewQuery; pageSize: number } {
  const star = toStar(rating);
  return {
    query: { sort: pickOption(TAG, 'sort', sort, SORTS, 'newest'), includeLocalization: true, ...(star ? { rating: star } : {}) },
    pageSize: clampInteger(TAG, 'page-size', pageSize, 1, 50, 10),
  };
}

/**
 * The reviews of a product (or of the store), newest first, page by page with "Load
 * more". A header repeats the summary (average, stars, count) with the distribution
 * bars, which filter the list by star; a select sorts it (newest, highest, lowest). A
 * polite live region says how many reviews match a filter. Reviews shown in translation
 * say so and can show their original text.
 *
 * @summary A paged, sortable, filterable list of reviews.
 *
 * @fires svc-review-filter - The shopper filtered by star; `detail`: `{ rating: 1..5 | null, target }`.
 * @fires svc-review-sort - The shopper changed the order; `detail`: `{ sort: 'newest' | 'highest' | 'lowest' }`.
 * @fires svc-error - A read failed; `detail`: `{ error }` (a `StorefrontError`).
 * @fires svc-widget-view - The element was at least half visible for the first time; `detail`: `{ kind: 'reviews' }`.
 *
 * @csspart base - The wrapper.
 * @csspart overview - The average, stars and count in the header.
 * @csspart average - The average as a number.
 * @csspart stars - The header's stars; `review-stars` are each review's.
 * @csspart count - The number of reviews.
 * @csspart distribution - The five bars; `bar-row`, `bar-row-pressed`, `bar`, `bar-pressed`, `bar-track`, `bar-fill` inside.
 * @csspart toolbar - The sort select and the filter status.
 * @csspart sort - The sort select.
 * @csspart matching - The live region saying how many reviews match.
 * @csspart clear-filter - The "Show all reviews" button.
 * @csspart list - The list of reviews.
 * @csspart review - One review; `review-text`, `review-title`, `review-body`, `review-author` inside.
 * @csspart verified-badge - "Verified buyer".
 * @csspart translation - "Translated from …" with its `translation-toggle` button.
 * @csspart media - A review's photos; `media-link` and `media-thumbnail` inside.
 * @csspart reply - The store's reply.
 * @csspart load-more - The "Load more reviews" button.
 * @csspart empty - The state without reviews.
 * @csspart error - An error state; `retry-button` is its button.
 *
 * @cssprop [--svc-star-color=#c7860a] - Filled stars, star outlines and bar fills.
 * @cssprop [--svc-star-empty-color=transparent] - The inside of empty stars.
 * @cssprop [--svc-star-size=1.25em] - One star in the header (reviews use 1em).
 * @cssprop [--svc-review-muted-color] - Secondary text. Default: the text colour at 80 %.
 * @cssprop [--svc-review-line-color] - Lines between reviews. Default: the text colour at 18 %.
 * @cssprop [--svc-review-track-color] - The bars' tracks, the reply's background. Default: the text colour at 12 %.
 * @cssprop [--svc-review-selected-color] - A pressed bar. Default: the text colour at 6 %.
 * @cssprop [--svc-review-focus-color] - Focus outlines. Default: `--svc-focus-color`, else the text colour.
 * @cssprop [--svc-review-radius] - Corner radius. Default: `--svc-radius` (0.125em).
 * @cssprop [--svc-review-average-size=2.75em] - The average's font size.
 * @cssprop [--svc-review-thumb-size=4.5em] - A review photo's thumbnail.
 */
export class SvcReviews extends StorefrontElement {
  static override styles = reviewsStyles;
  static override properties = {
    productRef: { attribute: 'product-ref', reflect: true },
    company: { type: Boolean, reflect: true },
    sort: { reflect: true },
    rating: { reflect: true, converter: { fromAttribute: toStar, toAttribute: (value: Star | null) => (value === null ? null : String(value)) } },
    pageSize: { type: Number, attribute: 'page-size' },
    originals: { state: true, attribute: false },
    announceMatching: { state: true, attribute: false },
  };

  /** The product (its id or handle) whose reviews to list. */
  productRef?: string;

  /** List the store's own reviews instead of a product's. */
  company = false;

  /** The order: `newest` (default), `highest` or `lowest`. */
  sort: ReviewSort = 'newest';

  /** Only reviews with this many stars (1 to 5), or `null` for all. */
  rating: Star | null = null;

  /** Reviews per page (1 to 50). */
  pageSize = 10;

  /** Ids of translated reviews whose original text is shown. */
  private originals = new Set<string>();

  /** Whether the filter changed since the element appeared (only then is the match count announced). */
  private announceMatching = false;

  private readonly setHidden = hostVisibility(this);
  private readonly reportedErrors = new Set<unknown>();

  private readonly summary = queryController<SummaryResult, ReviewSummaryOptions>(this, () => {
    const storefront = this.storefront;
    const target = this.target;
    return storefront.ok && target ? { queryClient: queryClientFor(storefront.client), options: reviewSummaryQuery(storefront.client, storefront.market, target) } : undefined;
  });

  private readonly reviews = infiniteQueryController<ReviewsResult, ReviewsOptions>(this, () => {
    const storefront = this.storefront;
    const target = this.target;
    if (!storefront.ok || !target) return undefined;
    const { query, pageSize } = listQuery(this.sort, this.rating, this.pageSize);
    return { queryClient: queryClientFor(storefront.client), options: reviewsQuery(storefront.client, storefront.market, target, query, pageSize) };
  });

  /** The order asked for by `sort`, or the default. */
  private get order(): ReviewSort {
    return pickOption(TAG, 'sort', this.sort, SORTS, 'newest');
  }

  /** Whose reviews these are, from `product-ref` or `company`. */
  get target(): ReviewTarget | undefined {
    return targetOf(this.productRef, this.company);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A filter set before the first render (by a summary's bar, for example) is announced too.
    if (changed.has('rating') && (this.hasUpdated || this.rating !== null)) this.announceMatching = true;
    if (changed.has('productRef') || changed.has('company')) this.originals = new Set();
    this.setHidden(this.silentFailure() !== undefined);
  }

  protected override updated(): void {
    const storefront = this.storefront;
    for (const error of [this.summary.result?.error, this.reviews.result?.error]) {
      if (!error || this.reportedErrors.has(error)) continue;
      this.reportedErrors.add(error);
      if (isSilentFailure(error) && storefront.ok && this.target) warnSilentFailure(error, storefront.client.publishableKey, this.target);
      else this.report(error);
      this.emit('svc-error', { error });
    }
  }

  /** A 403 (plan without Reviews) or 404 (unknown product) from either read: the element shows nothing. */
  private silentFailure(): StorefrontError | undefined {
    for (const result of [this.summary.result, this.reviews.result]) if (result && result.data === undefined && isSilentFailure(result.error)) return result.error;
    return undefined;
  }

  /** The dates of reviews and replies. */
  protected override formatsWithIntl(): boolean {
    return true;
  }

  protected override render() {
    const storefront = this.storefront;
    if (!storefront.ok) return renderError(storefront.error, this.localizer);
    if (this.target === undefined || this.silentFailure() !== undefined) return nothing;
    const reviews = this.reviews.result;
    // An error state is small at once (the first screen is held only for reviews on their way).
    const waiting = !reviews?.error && (reviews?.data === undefined || !this.pacing.near);
    return html`<section class="reviews ${waiting ? 'waiting' : ''}" part="base" aria-label=${this.localizer.t('reviews.label')} aria-busy=${reviews?.isFetching ? 'true' : 'false'}>
      ${this.renderHead()} ${this.renderToolbar()} ${reviews ? this.renderList(reviews) : nothing}
    </section>`;
  }

  private renderHead() {
    const result = this.summary.result;
    if (result?.data === undefined) {
      // The list below says it once, if its reviews failed too; the head alone heals quietly.
      return result?.error ? renderQuietError(result.error, this.localizer) : nothing;
    }
    if (result.data.count === 0) return nothing;
    return html`<div class="head">
      ${renderOverview(result.data, this.localizer)}
      ${renderDistribution(result.data, this.localizer, { selected: this.rating, onSelect: (star) => this.filter(star), label: this.localizer.t('reviews.filterByRating') })}
    </div>`;
  }

  private renderToolbar() {
    const localizer = this.localizer;
    const summary = this.summary.result?.data;
    const reviews = this.reviews.result;
    // No reviews, or none could be read (one calm line says so below): nothing to sort.
    if (summary?.count === 0 || (reviews?.error && reviews.data === undefined)) return nothing;
    const matching = summary ? (this.rating ? summary.distribution[this.rating] : summary.count) : undefined;
    return html`<div class="toolbar" part="toolbar">
      <div class="filter">
        <p class=${this.rating ? 'matching' : 'matching visually-hidden'} part="matching" role="status" aria-live="polite">
          ${this.announceMatching && matching !== undefined ? localizer.t('reviews.matching', { count: matching }) : nothing}
        </p>
        ${this.rating ? html`<button class="link-button" part="clear-filter" type="button" @click=${() => this.filter(null)}>${localizer.t('reviews.showAll')}</button>` : nothing}
      </div>
      <label class="sort">
        <span>${localizer.t('reviews.sort')}</span>
        <select part="sort" @change=${this.onSort}>
          ${SORTS.map((sort) => html`<option value=${sort} ?selected=${sort === this.order}>${localizer.t(sortLabel(sort))}</option>`)}
        </select>
      </label>
    </div>`;
  }

  private renderList(result: ReviewsResult) {
    const localizer = this.localizer;
    const items = result.data?.pages.flatMap((page) => page.items) ?? [];
    // Far below the fold of a loading page, the reviews wait (read already) until the list comes near.
    if (result.data === undefined || !this.pacing.near) {
      // A refresh that failed leaves the reviews read before: they wait for their turn, not an error.
      if (result.error && result.data === undefined) return renderCalmError(result.error, localizer, () => void result.refetch());
      // Two reviews' shapes (a rating, a title, a line), the words for assistive technologies only.
      return html`<div class="loading" role="status"><span class="visually-hidden">${localizer.t('loading')}</span>${[0, 1].map(() => html`<span class="skeleton-block"></span><span class="skeleton-block"></span><span class="skeleton-block"></span>`)}</div>`;
    }
    if (items.length === 0) return html`<p class="empty" part="empty">${this.rating ? localizer.t('reviews.matching', { count: 0 }) : localizer.t('reviews.none')}</p>`;
    // The previous order's or filter's reviews, while the new ones load: no next page of theirs.
    const busy = result.isFetchingNextPage || result.isPlaceholderData;
    // Keyed: a new order moves the reviews both orders share instead of rewriting every one.
    return html`<ol class="list" part="list" role="list">
        ${repeat(items, (review) => review.id, (review) => renderReview(review, localizer, { original: this.originals.has(review.id), onToggleOriginal: () => this.toggleOriginal(review.id) }))}
      </ol>
      ${result.isFetchNextPageError && result.error ? renderCalmError(result.error, localizer, () => void result.fetchNextPage()) : nothing}
      ${result.hasNextPage && !result.isFetchNextPageError
        ? html`<div class="more">
            <button class="load-more" part="load-more" type="button" aria-disabled=${busy ? 'true' : 'false'} @click=${() => this.loadMore()}>
              ${localizer.t(busy ? 'loading' : 'reviews.loadMore')}
            </button>
          </div>`
        : nothing}`;
  }

  private loadMore(): void {
    const result = this.reviews.result;
    if (result && !result.isFetchingNextPage && !result.isPlaceholderData && result.hasNextPage) void result.fetchNextPage();
  }

  /** The shopper filtered by star (or cleared the filter) here. */
  private filter(star: Star | null): void {
    const target = this.target;
    if (target === undefined) return;
    this.rating = star;
    this.emit<ReviewFilterDetail>(REVIEW_FILTER_EVENT, { rating: star, target });
  }

  private onSort(event: Event): void {
    const value = (event.target as HTMLSelectElement).value as ReviewSort;
    if (!SORTS.includes(value) || value === this.order) return;
    this.sort = value;
    this.emit('svc-review-sort', { sort: value });
  }

  private toggleOriginal(id: string): void {
    const originals = new Set(this.originals);
    if (originals.has(id)) originals.delete(id);
    else originals.add(id);
    this.originals = originals;
  }
}

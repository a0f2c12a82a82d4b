import { adoptStyles, html, isServer, nothing, type PropertyValues } from 'lit';
import type { ReviewTarget } from '../../api/client.js';
import type { StorefrontError } from '../../api/errors.js';
import type { ProductRating, ReviewSummary } from '../../api/types.js';
import { RatingController } from '../../controllers/rating-controller.js';
import { StorefrontElement } from '../shared/base.js';
import { ModuleSlot, onDemand } from '../shared/on-demand.js';
import { renderError, renderQuietError } from '../shared/states.js';
import { hostVisibility } from '../shared/host-visibility.js';
import { NEAR } from '../shared/render-pacing.js';
import { pickOption } from '../shared/options.js';
import { isSilentFailure, targetOf, warnSilentFailure } from '../shared/reviews/notices.js';
import { renderStars, renderStarsPlaceholder } from '../shared/reviews/stars.js';
import type { FullSummary } from './full-summary.js';
import { reviewSummaryStyles } from './review-summary.styles.js';

/**
 * The full summary's part, a chunk of its own (see `full-summary.ts`). It imports the
 * `query` chunk, which a page with a review list, a gallery or a shoppable post has
 * loaded already. (Asking for that chunk here too, in parallel, would make the bundler
 * add a runtime chunk to every page for the module namespaces of two dynamic imports.)
 */
const fullSummaryPart = onDemand(() => import('./full-summary.js'), "could not load the full review summary's part.");

/** Full summaries near the viewport when their tag was defined: their part came first, and their first render shows its reserve (before pacing's observer has seen them). */
const nearWhenDefined = new WeakSet<Element>();

/** What the element renders from: a read's data, or its error and a retry. */
interface SummaryResult {
  data?: ReviewSummary | ProductRating | undefined;
  error?: StorefrontError | null | undefined;
  refetch(): unknown;
}

/**
 * A product's (or the store's) rating: the average as stars and as a number, the number
 * of reviews, the distribution as five bars, and the automatically generated summary
 * when the API has one. The compact `variant="badge"` shows stars and count only, for
 * product cards. With no reviews it says so (or shows nothing with `hide-empty`); on a
 * plan without Reviews, or for an unknown product, it shows nothing and warns once per
 * page on the console.
 *
 * The bars are toggle buttons: pressing one filters the `<svc-reviews>` lists for the
 * same product in the same document (or shadow root) by that star, loading the list's
 * code on demand if the page has a list element that is not defined yet.
 *
 * @summary Star rating, review count and rating distribution of a product or the store.
 *
 * @fires svc-review-filter - A bar was pressed; `detail`: `{ rating: 1..5 | null, target: { productRef } | { company: true } }`.
 * @fires svc-error - The summary could not be read; `detail`: `{ error }` (a `StorefrontError`).
 * @fires svc-widget-view - The element was at least half visible for the first time; `detail`: `{ kind: 'review-summary' }`.
 *
 * @csspart base - The full summary's wrapper.
 * @csspart badge - The badge variant's wrapper.
 * @csspart overview - The average, stars and count.
 * @csspart average - The average as a number.
 * @csspart stars - The stars (`role="img"`).
 * @csspart count - The number of reviews.
 * @csspart distribution - The list of five bars.
 * @csspart bar-row - A bar's row (button and count); `bar-row-pressed` too while it filters.
 * @csspart bar - A bar's button; `bar-pressed` too while it filters.
 * @csspart bar-track - A bar's track.
 * @csspart bar-fill - A bar's filled share.
 * @csspart generated-summary - The automatically generated text summary, clamped to `--svc-review-summary-lines`.
 * @csspart read-more - The button that shows the whole generated summary (and clamps it again).
 * @csspart empty - The "No reviews yet" state.
 * @csspart error - The error state; `retry-button` is its button.
 *
 * @cssprop [--svc-star-color=#c7860a] - Filled stars, star outlines and bar fills.
 * @cssprop [--svc-star-empty-color=transparent] - The inside of empty stars.
 * @cssprop [--svc-star-size=1.25em] - One star (1em in the badge: as tall as the text beside it).
 * @cssprop [--svc-review-muted-color] - Secondary text (counts, notes). Default: the text colour at 80 %.
 * @cssprop [--svc-review-line-color] - Lines and placeholders. Default: the text colour at 18 %.
 * @cssprop [--svc-review-track-color] - The bars' tracks. Default: the text colour at 12 %.
 * @cssprop [--svc-review-selected-color] - A pressed bar and the summary text's background. Default: the text colour at 6 %.
 * @cssprop [--svc-review-focus-color] - Focus outlines. Default: `--svc-focus-color`, else the text colour.
 * @cssprop [--svc-review-radius] - Corner radius. Default: `--svc-radius` (0.125em).
 * @cssprop [--svc-review-average-size=2.75em] - The average's font size.
 * @cssprop [--svc-review-summary-lines=4] - Lines of the generated summary shown before "Read more"; its box always takes that many, so nothing moves when it arrives.
 */
export class SvcReviewSummary extends StorefrontElement {
  static override styles = reviewSummaryStyles;
  static override properties = {
    productRef: { attribute: 'product-ref', reflect: true },
    company: { type: Boolean, reflect: true },
    variant: { reflect: true },
    hideEmpty: { type: Boolean, attribute: 'hide-empty', reflect: true },
  };

  /** The product (its id or handle) whose reviews to summarize. */
  productRef?: string;

  /** Summarize the store's own reviews instead of a product's. */
  company = false;

  /** `full` (default) or `badge`: stars and count only, inline. */
  variant: 'full' | 'badge' = 'full';

  /** Show nothing, instead of "No reviews yet", when there are no reviews. */
  hideEmpty = false;

  /**
   * A full summary also needs its part: its loading state lays out the full summary, invisibly, to hold its place (a badge's host holds its own).
   * Not one far below the fold (a badge's code defined it): it loads its part once near (`partsLoading`).
   * @internal
   */
  static override firstRenderNeeds(element: Element): Promise<unknown> | undefined {
    const strings = super.firstRenderNeeds(element);
    // Near the viewport as the tag is defined (as pacing's observer will say): a read of its box, once.
    if (element.getAttribute('variant') === 'badge' || element.getBoundingClientRect().top > (1 + NEAR) * innerHeight) return strings;
    nearWhenDefined.add(element);
    return Promise.all([strings, fullSummaryPart()]);
  }

  private readonly setHidden = hostVisibility(this);
  private reportedError: unknown;

  /**
   * A product's badge needs only the average and count: it reads them in one batch with
   * every badge that asks at the same time, without query-core. The full summary (and
   * the store's badge) read the review summary through query-core, in the full
   * summary's part, which loads with the first element that needs it.
   */
  private readonly rating = new RatingController(this, () => {
    const storefront = this.storefront;
    return storefront.ok && this.readsRating && this.productRef ? { client: storefront.client, market: storefront.market, productRef: this.productRef } : undefined;
  });
  private full: FullSummary | undefined;
  private readonly fullSummaryPart = new ModuleSlot(this, fullSummaryPart, () => {
    const part = this.fullSummaryPart.value;
    if (!part) return;
    this.full = new part.FullSummary(this, () => {
      const storefront = this.storefront;
      const target = this.target;
      return storefront.ok && target && !this.readsRating ? { client: storefront.client, market: storefront.market, target } : undefined;
    });
    if (!isServer && this.renderRoot instanceof ShadowRoot) adoptStyles(this.renderRoot, [...SvcReviewSummary.elementStyles, ...part.fullSummaryStyles]);
  });

  /** The full summary's styles, which it adopts with its part: a server render writes them out beside the element's own. */
  get partStyles() {
    return this.fullSummaryPart.value?.fullSummaryStyles ?? [];
  }

  /** Whether this element reads a product's rating (a product's badge) rather than the review summary. */
  private get readsRating(): boolean {
    const target = this.target;
    return this.badge && target !== undefined && 'productRef' in target;
  }

  /**
   * The read this element renders: the rating's or the summary's; `undefined` while
   * there is nothing to read, `null` while the summary's chunk is on its way (or could
   * not load: then `fullSummaryPart.value` is `null`).
   */
  private get summary(): SummaryResult | null | undefined {
    if (!this.storefront.ok || !this.target) return undefined;
    if (this.readsRating) return this.rating.result;
    return this.full ? this.full.read.result : null;
  }

  /** Whether `variant` asks for the badge (an unknown variant is the full summary, with a warning). */
  private get badge(): boolean {
    return pickOption('svc-review-summary', 'variant', this.variant, ['full', 'badge'] as const, 'full') === 'badge';
  }

  /** Whose reviews these are, from `product-ref` or `company`. */
  get target(): ReviewTarget | undefined {
    return targetOf(this.productRef, this.company);
  }

  /**
   * The full summary's part, asked for by the first update that needs it, which waits for
   * it; once near the viewport: a badge's code defines the full summary at the foot of
   * the page too, which reads nothing until a shopper comes near.
   */
  protected override partsLoading(): Promise<unknown> | undefined {
    return this.storefront.ok && this.target && !this.readsRating && (this.pacing.near || nearWhenDefined.has(this)) ? this.fullSummaryPart.loading() : undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('productRef') || changed.has('company')) this.full?.reset();
    const result = this.summary ?? undefined;
    const silent = result !== undefined && result.data === undefined && isSilentFailure(result.error);
    const empty = result?.data?.count === 0 && this.hideEmpty;
    this.setHidden(silent || empty);
  }

  protected override updated(): void {
    const readError = this.summary?.error ?? undefined;
    const error = readError ?? (this.storefront.ok ? undefined : this.storefront.error);
    if (error && error !== this.reportedError) {
      this.reportedError = error;
      const storefront = this.storefront;
      if (isSilentFailure(error) && storefront.ok && this.target) warnSilentFailure(error, storefront.client.publishableKey, this.target);
      else if (readError) this.report(error);
      this.emit('svc-error', { error });
    }
  }

  protected override render() {
    const storefront = this.storefront;
    if (!storefront.ok) return renderError(storefront.error, this.localizer);
    const result = this.summary;
    if (result === undefined) return nothing;
    // The summary's chunk on its way holds the summary's place; one that could not load is an error (logged once by onDemand).
    if (result === null) return this.fullSummaryPart.value === null ? this.renderFailed(undefined) : this.renderLoading();
    const summary = result.data;
    if (summary === undefined) {
      if (result.error) return isSilentFailure(result.error) ? nothing : this.renderFailed(result.error);
      return this.renderLoading();
    }
    // Far below the fold: the data is read, the content waits (in the reserved space) until it comes near.
    if (!this.pacing.near) return this.renderLoading();
    if (summary.count === 0) return this.hideEmpty ? nothing : this.renderNone();
    if (this.badge) return this.renderBadge(summary);
    return 'distribution' in summary ? this.renderFull(summary) : this.renderLoading();
  }

  private renderLoading() {
    // "Loading…" in a polite live region (not aria-busy, which would keep it from being read).
    const loading = html`<span class="visually-hidden">${this.localizer.t('loading')}</span>`;
    if (this.badge) return html`<span class="badge loading" role="status">${loading}${renderStarsPlaceholder()}<span class="count" aria-hidden="true"></span></span>`;
    // The full layout with empty figures as a skeleton: the space the summary will take is
    // reserved before the data arrives, so the page below does not move.
    return html`<div class="loading"><span role="status">${loading}</span>${this.full?.renderReserve(this.localizer) ?? nothing}</div>`;
  }

  /** A read that failed: nothing drawn while the element heals, in the box its loading state held (nothing below moves). */
  private renderFailed(error: unknown) {
    const box = this.badge ? html`<span class="badge failed" aria-hidden="true"></span>` : html`<div class="loading failed" aria-hidden="true">${this.full?.renderReserve(this.localizer) ?? nothing}</div>`;
    return html`${renderQuietError(error, this.localizer)}${box}`;
  }

  private renderNone() {
    // A badge keeps a rated badge's height and text size: empty stars and the words, so a row of product cards stays even.
    if (this.badge) return html`<span class="badge none" part="badge empty">${renderStars(0, this.localizer)}<span class="count">${this.localizer.t('reviews.none')}</span></span>`;
    return html`<p class="none" part="empty">${renderStars(0, this.localizer)}<span>${this.localizer.t('reviews.none')}</span></p>`;
  }

  private renderBadge(summary: Pick<ReviewSummary, 'average' | 'count'>) {
    const count = this.localizer.t('reviews.count', { count: summary.count });
    return html`<span class="badge" part="badge">
      ${renderStars(summary.average, this.localizer)}
      <span class="count" part="count"><span aria-hidden="true">(${this.localizer.number(summary.count)})</span><span class="visually-hidden">${count}</span></span>
    </span>`;
  }

  private renderFull(summary: ReviewSummary) {
    return this.full ? this.full.render(summary, this.localizer) : this.renderLoading();
  }
}

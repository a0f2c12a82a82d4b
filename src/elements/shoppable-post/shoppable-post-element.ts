import type { QueryObserverResult } from '@tanstack/query-core';
import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import { normalizePost } from '../../api/normalize-post.js';
import type { Post, Product } from '../../api/types.js';
import { queryController } from '../../controllers/query-controller.js';
import type { PostOptions } from '../../queries/options.js';
import { postQuery } from '../../queries/post-options.js';
import { queryClientFor } from '../../queries/query-client.js';
import { StorefrontElement } from '../shared/base.js';
import { watchFold } from '../shared/fold.js';
import { cssText } from '../shared/css-text.js';
import { renderError, renderQuietError } from '../shared/states.js';
import { sharedTokens } from '../shared/tokens.js';
import type { Fit } from './media-box.js';
import { priceNeedsIntl, type ProductUrlMode } from './product-view.js';
import { styles } from './shoppable-post.styles.js';
import { ViewTracker } from '../../controllers/view-tracker.js';
import { ShoppableView } from './shoppable-view.js';
import { viewStyles } from './shoppable-view.styles.js';
import { addEnglish } from '../../i18n/en.js';
import { enPosts } from '../../i18n/en-posts.js';

// English strings come with the code that shows them (see en.ts).
addEnglish(enPosts);

/**
 * One post's photo (or video poster) with a hotspot on each tagged product, a card per
 * hotspot and a list of every tagged product (below the media; beside it once the element
 * is 640 px wide).
 *
 * The media area takes the media's aspect ratio (reserved from `width`/`height` before the
 * picture loads). Give the element a CSS `height`, `--svc-shoppable-aspect` or
 * `--svc-shoppable-max-height` to fit the media into another shape: `fit` then decides
 * between showing all of it and cropping, and the hotspots stay on their products' points.
 * Every hotspot is drawn whole inside the media: one whose point is nearer an edge than
 * its own radius sits just inside that edge.
 *
 * @summary A shoppable post: hotspots on the exact point of each tagged product, with product cards and a product list.
 *
 * @fires svc-product-select - A product link was clicked. `detail: {product, post}`. Cancelable: `preventDefault()` keeps the page (for example to add to cart instead).
 * @fires svc-load - The post is shown. `detail: {post}`.
 * @fires svc-post-view - The post was at least half visible for one continuous second; once per post per element and page view. `detail: {post}`.
 * @fires svc-widget-view - The element was at least half visible for the first time. `detail: {kind: 'shoppable-post'}`.
 * @fires svc-product-view - A product's card was opened from its hotspot. `detail: {product, post}`.
 * @fires svc-video-play - The video started playing at the shopper's request (the play button or its controls); once each time the post is shown. `detail: {post}`.
 * @fires svc-error - Reading the post failed. `detail: {error}` (a `StorefrontError` with a `code`).
 *
 * @csspart media - The media area (picture or video, hotspots, cards).
 * @csspart hotspot - Each hotspot button.
 * @csspart card - A hotspot's product card.
 * @csspart product - Each entry of the product list; `product-open` too for the open hotspot's product.
 * @csspart product-list - The list of tagged products.
 * @csspart price - A price (sale and struck-through regular price during a sale).
 * @csspart link - A link to a product page (in a card or the list).
 * @csspart play-button - The button that starts a video.
 * @csspart error - The error state.
 *
 * @cssprop [--svc-shoppable-aspect] - Fixes the media area's aspect ratio (e.g. `1`, `4 / 5`); the media is then fitted by `fit`. Default: the media's own.
 * @cssprop [--svc-shoppable-max-height=100svh] - Caps the media area's height (the media is then fitted by `fit`); by default the window's.
 * @cssprop [--svc-hotspot-size=28px] - Diameter of the visible hotspot dot (its hit area is 16 px larger).
 * @cssprop [--svc-hotspot-color=#fff] - Colour of the dot.
 * @cssprop [--svc-hotspot-center=#111] - Colour of the dot's centre.
 * @cssprop [--svc-card-background] - Card and list background; by default an opaque surface of the host's scheme (the opposite of its text colour).
 * @cssprop [--svc-card-color=currentColor] - Card and list text colour.
 * @cssprop [--svc-card-radius] - Card corner radius; by default `--svc-radius`.
 * @cssprop [--svc-card-shadow] - Card shadow.
 * @cssprop [--svc-accent=currentColor] - Link buttons and the open hotspot's product (every element's accent).
 * @cssprop [--svc-accent-contrast] - Text on the accent colour; by default the surface colour.
 * @cssprop [--svc-sale-color=currentColor] - Sale prices.
 * @cssprop [--svc-focus-color=currentColor] - Focus rings (every element's).
 * @cssprop [--svc-font-family=inherit] - Font of the cards and list.
 * @cssprop [--svc-media-radius] - Corner radius of the media; by default `--svc-radius`.
 * @cssprop [--svc-radius=0.125em] - Corners of every element's controls, cards and media.
 * @cssprop [--svc-control-height=2.5em] - Buttons' height (at least 44 px on a touch screen).
 */
export class SvcShoppablePost extends StorefrontElement {
  static override styles = [sharedTokens, styles, ...viewStyles];
  static override properties = {
    postId: { attribute: 'post-id' },
    post: { attribute: false },
    fit: { reflect: true },
    productUrl: { attribute: 'product-url' },
    hideProducts: { type: Boolean, attribute: 'hide-products', reflect: true },
  };

  /** The post to read from the Storefront API. Ignored while `post` is set. */
  postId?: string;

  /**
   * The post itself (no request): wire snake_case, API v1 camelCase or already
   * normalized. Beats `post-id`. A post that cannot be read shows nothing (one console warning).
   */
  post?: unknown;

  /** How the media fills a media area of another shape: `contain` (all of it) or `cover` (cropped). */
  fit: Fit = 'contain';

  /** `development` links products to their development URLs. */
  productUrl: ProductUrlMode = 'production';

  /** Hides the product list (hotspots stay). */
  hideProducts = false;

  private given: Post | null | undefined;
  private shownKey = '';
  private emittedPost: Post | undefined;
  private emittedError: unknown;
  /** Whether it was in the first viewport: its picture loads eagerly then. */
  private readonly aboveFold = watchFold(this, this.pacing);
  private readonly view = new ShoppableView(this, (event, product, post) => this.select(event, product, post), {
    productView: (detail) => this.emit('svc-product-view', detail),
    videoPlay: (detail) => this.emit('svc-video-play', detail),
  }, this.aboveFold);

  /** `svc-post-view` once the shown post has been at least half visible for a second (again for another post). */
  protected readonly postView = new ViewTracker(this, {
    targets: () => (this.shown ? [this] : []),
    key: () => this.shown?.id,
    onView: () => this.shown && this.emit('svc-post-view', { post: this.shown }),
  });

  private readonly query = queryController<QueryObserverResult<Post, StorefrontError>, PostOptions>(this, () => {
    if (this.post != null || !this.postId) return undefined;
    const storefront = this.storefront;
    return storefront.ok ? { queryClient: queryClientFor(storefront.client), options: postQuery(storefront.client, storefront.market, this.postId) } : undefined;
  });

  /** The post on screen: the `post` property's, else the fetched one. */
  private get shown(): Post | undefined {
    return this.post != null ? (this.given ?? undefined) : this.query.result?.data;
  }

  /** Prices (in hotspot names and the product list) that the plain formats do not cover: another currency, 1,000 or more. */
  protected override formatsWithIntl(): boolean {
    return (this.shown?.taggedProducts ?? []).some(({ product }) => priceNeedsIntl(product.price, this.localizer));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('post')) this.given = this.post == null ? undefined : this.read(this.post);
    const shown = this.shown;
    const key = shown === undefined ? '' : `${shown.id}|${shown.media.url}`;
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.view.reset();
    }
  }

  private read(raw: unknown): Post | null {
    const storefront = this.storefront;
    const result = normalizePost(raw, storefront.ok ? storefront.client.apiBase : location.href);
    if (result.ok) return result.value;
    console.warn(`<svc-shoppable-post>: the post property cannot be shown (${result.problem}).`);
    return null;
  }

  protected override updated(): void {
    const error = this.post == null && this.postId ? (this.storefront.ok ? this.query.result?.error : this.storefront.error) : undefined;
    if (error && error !== this.emittedError) this.emit('svc-error', { error });
    this.emittedError = error ?? undefined;
    const shown = this.pacing.near && this.shown;
    if (shown && shown !== this.emittedPost) this.emit('svc-load', { post: shown });
    this.emittedPost = shown || undefined;
    this.view.updated(this.isRtl());
  }

  private isRtl(): boolean {
    // A server render knows the element's own `dir` (its language's, or its author's), not the page's.
    if (isServer) return this.getAttribute('dir') === 'rtl';
    try {
      return this.matches(':dir(rtl)');
    } catch {
      return getComputedStyle(this).direction === 'rtl';
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    if (this.post != null) return this.given ? this.renderPost(this.given) : nothing;
    if (!this.postId) return nothing;
    const storefront = this.storefront;
    if (!storefront.ok) return renderError(storefront.error, this.localizer);
    const result = this.query.result;
    if (result?.data !== undefined) return this.renderPost(result.data);
    // Nothing drawn while it heals: the loading state's box, empty (nothing below moves).
    if (result?.error) return html`${renderQuietError(result.error, this.localizer)}<div class="loading failed ${this.hideProducts ? '' : 'listed'}" aria-hidden="true"></div>`;
    return this.renderLoading();
  }

  /** The media's box while the post (or, in the script tag, its view) loads: the post's aspect ratio as soon as it is known. */
  private renderLoading(post?: Post): TemplateResult {
    const { width, height } = post?.media ?? {};
    const aspect = width && height ? `--_media-aspect:${width} / ${height}` : undefined;
    // With a product list, its place too (`listed`), as the reservation stylesheet holds it.
    return html`<div class="loading ${this.hideProducts ? '' : 'listed'}" role="status" style=${cssText(aspect)}><span class="vh">${this.localizer.t('loading')}</span></div>`;
  }

  /** The post once the element is near the viewport; the loading state until then. */
  private renderPost(post: Post): TemplateResult {
    if (this.pacing.near) return this.view.render(post, this.localizer, this.isRtl());
    return this.renderLoading(post);
  }

  /** A product link was clicked: the theme may cancel the navigation (to add to cart instead). */
  private select(event: MouseEvent, product: Product, post: Post): void {
    if (!this.emit('svc-product-select', { product, post }, { cancelable: true })) event.preventDefault();
  }
}

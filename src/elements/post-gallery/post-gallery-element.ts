import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/query-core';
import { adoptStyles, html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import type { Page, Post } from '../../api/types.js';
import { infiniteQueryController } from '../../controllers/query-controller.js';
import type { PostsOptions } from '../../queries/options.js';
import { postsQuery } from '../../queries/post-options.js';
import { queryClientFor } from '../../queries/query-client.js';
import { StorefrontElement } from '../shared/base.js';
import { watchFold } from '../shared/fold.js';
import { ModuleSlot } from '../shared/on-demand.js';
import { renderError, renderQuietError } from '../shared/states.js';
import type { CarouselController } from './carousel-controller.js';
import { afterPaint } from '../../shared/time-slice.js';
import { ColumnFit } from './column-fit.js';
import { extraLayouts, type LayoutExtras } from './extra-layouts.js';
import type { LabelMatch } from '../../api/wire.js';
import { FocusReturn } from './focus-return.js';
import { GalleryState } from './gallery-state.js';
import { parseColumns, parseFilters, parseLayout, parseLoadMode, parsePageSize, type GalleryLayout, type LoadMode } from './gallery-options.js';
import { renderGrid } from './grid.js';
import { renderGridSkeleton, type LayoutContext } from './layouts.js';
import type { LightboxNavigateEvent } from './lightbox-element.js';
import { CHUNK, PacedRender } from './paced-render.js';
import { galleryStyles } from './post-gallery.styles.js';
import { ScrollLoader } from './scroll-loader.js';
import { trackPostViews } from './post-views.js';
import { tileStyles } from './tile.styles.js';
import { addEnglish } from '../../i18n/en.js';
import { enPosts } from '../../i18n/en-posts.js';

/**
 * What shows intent to open a post: a pointer coming over the gallery (a mouse, or a
 * finger touching it: `pointerover` comes before `pointerdown`), focus in it, and the
 * gallery coming into view (half of it: `svc-widget-view`), which on a touch screen is
 * the only sign before the tap itself.
 */
const INTENT = ['pointerover', 'focusin', 'svc-widget-view'];

// English strings come with the code that shows them (see en.ts).
addEnglish(enPosts);

type PostsResult = InfiniteQueryObserverResult<InfiniteData<Page<Post>, string | null>, StorefrontError>;

/**
 * A gallery of customer photos and videos (UGC) from the Storefront API, as a grid, a
 * carousel or a masonry, with blurhash placeholders, paging and a lightbox that shows
 * each post with its tagged products. Space is reserved before the data arrives, so
 * the page does not jump. The lightbox and its video code load on first open.
 *
 * The host carries a custom state a theme can style: `:state(loading)`, `:state(loaded)`,
 * `:state(empty)` (nothing matched: the element collapses unless the `empty` slot is
 * filled) or `:state(error)`. A page that loads the library as a deferred or module
 * script paints before the element is defined; to keep that first paint steady too,
 * reserve its space in the page's CSS, e.g.
 * `svc-post-gallery:not(:defined) { display: block; min-height: 640px; }`.
 *
 * @summary Customer photo and video gallery with a shoppable lightbox.
 *
 * @slot empty - Shown when no post matches; without it the gallery collapses to nothing.
 * @slot load-more - Label of the "Load more" button.
 *
 * @fires svc-post-open - A post was opened in the lightbox (by a tile, or by moving in it). `detail: {post, index}`; cancelable on a tile: cancel to show your own UI instead.
 * @fires svc-product-select - A tagged product was chosen in the lightbox (from `<svc-shoppable-post>`; it reaches the page once). `detail: {product, post}`; cancelable.
 * @fires svc-load - The first page is on screen. `detail: {count}`.
 * @fires svc-post-view - A post (tile, carousel slide, or post shown in the lightbox) was at least half visible for one continuous second; once per post per gallery and page view. `detail: {post, index}`.
 * @fires svc-widget-view - The gallery was at least half visible (or filled half the viewport) for the first time. `detail: {kind: 'post-gallery'}`.
 * @fires svc-product-view - A product was listed in the lightbox (with its post), or its card opened from a hotspot there. `detail: {product, post}`.
 * @fires svc-video-play - A video started playing in the lightbox at the shopper's request (not a muted autoplay). `detail: {post}`.
 * @fires svc-error - A page could not be read. `detail: {error}` (a `StorefrontError`).
 *
 * @csspart base - The wrapper around the posts and the footer.
 * @csspart tile - Each post's button.
 * @csspart media - Each tile's image.
 * @csspart button - Every button (load more, carousel and lightbox navigation, close, retry).
 * @csspart load-more - The "Load more" button.
 * @csspart prev - Previous buttons (carousel and lightbox).
 * @csspart next - Next buttons (carousel and lightbox).
 * @csspart close - The lightbox's close button.
 * @csspart dialog - The lightbox `<dialog>`.
 * @csspart caption - The post's caption in the lightbox.
 * @csspart lightbox-media - The lightbox's media area (the shoppable post's, or the `<video>`).
 * @csspart error - The error message (with its retry button).
 * @csspart retry-button - The retry button of an error.
 *
 * @cssprop [--svc-gallery-gap=12px] - Space between tiles.
 * @cssprop [--svc-gallery-radius] - Corner radius of tiles, buttons and the lightbox. Default: `--svc-radius` (0.125em).
 * @cssprop [--svc-gallery-columns=4] - Most columns of the grid and masonry (slides in view for the carousel) when the `columns` attribute is not set; read when the element is measured.
 * @cssprop [--svc-gallery-tile-aspect=1] - Aspect ratio (width / height) of grid and carousel tiles, e.g. `4 / 5`.
 * @cssprop [--svc-gallery-text=currentColor] - Text colour.
 * @cssprop [--svc-gallery-muted] - Secondary text colour. Default: the text colour at 80 %.
 * @cssprop [--svc-gallery-background] - Background of the lightbox. Default: an opaque surface of the host's scheme.
 * @cssprop [--svc-gallery-placeholder] - Skeleton tiles' colour. Default: the text colour at 9 %.
 * @cssprop [--svc-gallery-accent] - Default: `--svc-accent`, else the text colour. Accent colour: the "Load more" button's text and border, links in the lightbox.
 * @cssprop [--svc-gallery-focus-ring] - Focus outline colour. Default: `--svc-focus-color`, else the text colour.
 * @cssprop [--svc-gallery-font=inherit] - Font family.
 * @cssprop [--svc-gallery-backdrop=rgb(0 0 0 / 0.8)] - The lightbox's backdrop.
 */
export class SvcPostGallery extends StorefrontElement {
  static override styles = [galleryStyles, tileStyles];
  static override properties = {
    productRef: { attribute: 'product-ref' },
    galleryId: { attribute: 'gallery-id' },
    profileId: { attribute: 'profile-id' },
    labelId: { attribute: 'label-id' },
    labelMatch: { attribute: 'label-match' },
    layout: { reflect: true },
    pageSize: { attribute: 'page-size', type: Number },
    columns: { type: Number },
    load: {},
    autoplay: { type: Boolean },
    firstViewport: { attribute: 'first-viewport', type: Boolean },
    productUrl: { attribute: 'product-url' },
    openIndex: { state: true, attribute: false },
    lightboxLoaded: { state: true, attribute: false },
  };

  /** Only posts that tag this product (its id or handle). */
  productRef?: string;
  /** Only posts of this gallery. */
  galleryId?: string;
  /** Only posts of this profile. */
  profileId?: string;
  /** Only posts with this label; several ids separated by commas. */
  labelId?: string;
  /** With several labels: posts with `any` of them (default) or `all`. */
  labelMatch?: LabelMatch;
  /** `grid` (default), `carousel` or `masonry`. */
  layout?: GalleryLayout;
  /** Posts per page, 1 to 50 (default 12). */
  pageSize?: number;
  /** Most columns of the grid and masonry (default 4); fewer on narrow screens. */
  columns?: number;
  /** Further pages: `button` ("Load more", default), `scroll` (at the end) or `none`. */
  load?: LoadMode;
  /** Lets videos in the lightbox start by themselves (muted, and never under reduced motion). */
  autoplay = false;
  /**
   * The gallery is in the page's first viewport, where its first photo is often the page's
   * largest element (its LCP): rendered on the server, its first row's pictures are in the
   * HTML (`src`, loaded at once, the first with high priority, the rest with low) and show
   * before the script runs, without the blurhash and fade. Without it a server render leaves
   * picture URLs out.
   */
  firstViewport = false;
  /** `development` links the lightbox's products to their development URLs (as `<svc-shoppable-post>` does). */
  productUrl?: string;

  private openIndex: number | undefined;
  /** The post the lightbox showed last: closed, it keeps that post's card for the next open to reuse. */
  private lightboxIndex = 0;
  private lightboxLoaded = false;
  private lightboxOpened = false;

  private readonly posts = infiniteQueryController<PostsResult, PostsOptions>(this, () => {
    const s = this.storefront;
    if (!s.ok) return undefined;
    const filters = parseFilters(this);
    return { queryClient: queryClientFor(s.client), options: postsQuery(s.client, s.market, filters, parsePageSize(this.pageSize)) };
  });
  private readonly view = new GalleryState(
    this,
    () => this.posts.result,
    (name, detail) => this.emit(name, detail),
    () => this.layoutReady(),
  );
  /** The masonry and carousel layouts, asked for by the first layout other than the grid: `undefined` while they load, `null` if they could not. */
  private readonly extras = new ModuleSlot<LayoutExtras>(this, extraLayouts, () => this.adoptLayoutStyles());
  private readonly fit = new ColumnFit(this);
  private readonly paced = new PacedRender(this);
  /** Whether it was in the first viewport: its first row loads eagerly then. */
  private readonly aboveFold = watchFold(this, this.pacing);
  private readonly focusReturn = new FocusReturn(this);
  private carousel: CarouselController | undefined;
  /** `load="scroll"`: the next page when the end comes into view. */
  protected readonly scrollLoader = new ScrollLoader(
    this,
    () => this.canFetchMore && !this.posts.result?.isFetchingNextPage && !this.posts.result?.isFetchNextPageError,
    () => void this.fetchMore(),
    () => this.view.posts.length,
  );
  /** `svc-post-view` for tiles and slides, not under the open lightbox, which shares what was seen (`viewedPosts`). */
  private readonly postViews = trackPostViews(this, {
    selector: '.tile[data-post-id]',
    posts: () => this.view.posts,
    emit: (detail) => this.emit('svc-post-view', detail),
    active: () => this.openIndex === undefined,
  });

  private get mode() {
    return parseLayout(this.layout);
  }

  private get canFetchMore(): boolean {
    return parseLoadMode(this.load) !== 'none' && this.posts.result?.hasNextPage === true;
  }

  /** Asks for the next page (sharing one in flight); resolves to whether more posts arrived. */
  private async fetchMore(): Promise<boolean> {
    const result = this.posts.result;
    if (!result || !this.canFetchMore) return false;
    const before = this.view.posts.length;
    const next = await result.fetchNextPage({ cancelRefetch: false });
    const arrived = (next.data?.pages ?? []).reduce((sum, page) => sum + page.items.length, 0);
    // query-core tells observers on a zero timeout: wait for this element to render what came in.
    for (let tries = 0; tries < 5 && arrived > before && this.view.posts.length <= before; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await this.updateComplete;
    }
    // The shopper asked for these: the first of them are tiles at once (to move focus to them).
    if (this.paced.showAtLeast(before + CHUNK, this.view.posts.length)) await this.updateComplete;
    return this.view.posts.length > before;
  }

  /**
   * Prepares the lightbox when a shopper shows intent (`INTENT`: the gallery in view, a
   * pointer over it, a finger on it, focus in it): fetches its chunk, then, in a task after
   * the next frame, makes it closed (its shadow root, styles and the first post's card,
   * each element's first render in a task of its own), so that the first tap only opens
   * it (making it there was most of that tap's 150 ms on a phone). Not in idle time once
   * the gallery has rendered: on a shop's page that time is the page's own, and a gallery
   * no one comes to never loads it.
   */
  private readonly prepareLightbox = () =>
    void import('./svc-post-lightbox.js')
      .then(afterPaint)
      .then(() => {
        if (this.isConnected) this.lightboxLoaded = true;
      })
      .catch(() => undefined);

  override connectedCallback(): void {
    super.connectedCallback();
    // A failure is the first tap's to report (it imports the chunk again).
    for (const type of INTENT) this.addEventListener(type, this.prepareLightbox, { once: true, passive: true });
  }

  private readonly openTile = async (index: number, tile: HTMLElement) => {
    const post = this.view.posts[index];
    if (!post || !this.emit('svc-post-open', { post, index }, { cancelable: true })) return;
    this.focusReturn.remember(tile);
    if (!this.lightboxLoaded) {
      // The lightbox (dialog, video, shoppable post) is its own chunk, fetched on first open.
      try {
        await import('./svc-post-lightbox.js');
      } catch (error) {
        console.error('storefront-widgets: <svc-post-gallery> could not load its lightbox.', error);
        return;
      }
      this.lightboxLoaded = true;
    } else {
      // The tap's own frame first (the tile's pressed look), then the opening in a task of
      // its own: a tap's next paint is not held up by the dialog's first frame.
      await afterPaint();
    }
    // Meanwhile the gallery may have left the page, or its posts changed (new filters).
    if (!this.isConnected || this.view.posts[index] !== post) return;
    this.lightboxOpened = true;
    this.openIndex = index;
  };

  private readonly navigate = async (event: LightboxNavigateEvent) => {
    const to = event.detail.index;
    if (to < 0 || this.openIndex === undefined) return;
    if (to >= this.view.posts.length && !(await this.fetchMore())) return;
    const post = this.view.posts[to];
    if (!post || this.openIndex === undefined) return;
    this.openIndex = to;
    this.emit('svc-post-open', { post, index: to });
  };

  private readonly closeLightbox = () => {
    this.openIndex = undefined;
    void this.focusReturn.restore();
  };

  /**
   * A carousel or masonry rendered on the server, and the browser's first render over it,
   * wait for their code (one in the browser shows its loading state meanwhile instead).
   */
  protected override partsLoading(): Promise<unknown> | undefined {
    return this.mode !== 'grid' && this.rendersServerMarkup ? this.extras.loading() : undefined;
  }

  /** The carousel's and masonry's styles, which they adopt with their code: a server render writes them out beside the gallery's own. */
  get partStyles() {
    const layouts = this.mode !== 'grid' ? this.extras.value?.layoutStyles : undefined;
    return layouts ? [layouts] : [];
  }

  /** Whether the posts can be shown: for the masonry or carousel, once their code is there (the loading state stays meanwhile). */
  private layoutReady(): boolean {
    return this.mode === 'grid' || this.extras.value !== undefined;
  }

  /** The gallery's own styles, then the masonry and carousel's once they are loaded. */
  private adoptLayoutStyles(): void {
    const layouts = this.extras.value?.layoutStyles;
    if (!isServer && this.renderRoot instanceof ShadowRoot && layouts) adoptStyles(this.renderRoot, [...SvcPostGallery.elementStyles, layouts]);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const extras = this.mode === 'grid' ? this.extras.value : this.extras.request();
    if (extras && this.mode === 'carousel') this.carousel ??= new extras.CarouselController(this, (index) => this.view.announcePosition(index, this.localizer), () => this.fetchMore());
    if (changed.has('layout') || changed.has('columns')) this.fit.refit();
    this.view.sync(this.localizer);
    this.paced.pace(this.view.posts, this.fit.current, this.fit.width, this.aboveFold(), this.rendersServerMarkup);
    // The posts changed under an open lightbox (new filters): its post is gone, so close it.
    if (this.openIndex !== undefined && this.view.posts[this.openIndex] === undefined) {
      this.openIndex = undefined;
      this.focusReturn.forget();
    }
    if (this.openIndex !== undefined) this.lightboxIndex = this.openIndex;
    // Never opened, the closed lightbox holds a photo's card (a video's would fetch the video's start, and is made anew on open).
    else if (!this.lightboxOpened && this.view.posts[this.lightboxIndex]?.type !== 'IMAGE') this.lightboxIndex = Math.max(0, this.view.posts.findIndex((post) => post.type === 'IMAGE'));
  }

  protected override render(): TemplateResult | typeof nothing {
    const storefront = this.storefront;
    if (!storefront.ok) return html`<div part="base" class="base">${renderError(storefront.error, this.localizer)}</div>`;
    const result = this.posts.result;
    // Nothing drawn while it heals: the loading state's box (its tiles hidden), so nothing below moves.
    if (result?.isError && !result.data) {
      return html`<div part="base" class="base failed" aria-hidden="true">${renderGridSkeleton({ posts: undefined, skeletons: parsePageSize(this.pageSize), columns: this.fit.current, gridColumns: this.fit.columns, measured: this.fit.columns !== undefined, localizer: this.localizer, onOpen: this.openTile, sentinel: false, rendered: 0, aboveFold: false, inHtml: 0 })}${this.renderFooter(undefined, false)}</div>${renderQuietError(result.error, this.localizer)}`;
    }
    const mode = this.mode;
    const extras = this.extras.value;
    const posts = result?.data && this.layoutReady() && this.pacing.near ? this.view.posts : undefined;
    if (posts && posts.length === 0 && !result?.hasNextPage) return html`<slot name="empty"></slot>`;
    const ctx: LayoutContext = {
      posts,
      skeletons: parsePageSize(this.pageSize),
      columns: this.fit.current,
      gridColumns: this.fit.columns ?? (this.columns == null ? undefined : parseColumns(this.columns)),
      measured: this.fit.columns !== undefined,
      localizer: this.localizer,
      onOpen: this.openTile,
      sentinel: parseLoadMode(this.load) === 'scroll' && this.canFetchMore,
      rendered: this.paced.rendered,
      aboveFold: this.aboveFold(),
      inHtml: this.firstViewport ? parseColumns(this.columns) : 0,
    };
    const body =
      mode === 'carousel' && extras && this.carousel
        ? extras.renderCarousel({ ...ctx, carousel: this.carousel, hasMore: this.canFetchMore })
        : mode === 'masonry' && extras
          ? extras.renderMasonry(ctx)
          : posts
            ? renderGrid({ ...ctx, posts })
            : renderGridSkeleton(ctx);
    return html`<div part="base" class="base layout-${mode} ${this.pacing.near ? '' : 'far'}" aria-busy=${posts ? 'false' : 'true'}>
        <div class="measure"></div>
        ${body} ${this.renderFooter(result, posts !== undefined)}
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.view.announcement}</div>
      </div>
      ${this.renderLightbox()}`;
  }

  private renderFooter(result: PostsResult | undefined, loaded: boolean): TemplateResult | typeof nothing {
    const mode = parseLoadMode(this.load);
    if (result?.isFetchNextPageError) {
      return html`<div class="footer">${renderError(result.error, this.localizer, () => void result.fetchNextPage({ cancelRefetch: false }))}</div>`;
    }
    const busy = result?.isFetchingNextPage === true;
    if (busy && mode === 'scroll') return html`<div class="footer"><span class="spinner" aria-hidden="true"></span></div>`;
    if (mode !== 'button' || this.mode === 'carousel') return nothing;
    // Before the first page the button's space is reserved (hidden), so the page does not jump.
    if (!loaded) return html`<div class="footer reserve" aria-hidden="true"><span class="load-more" part="button load-more">&nbsp;</span></div>`;
    if (!this.canFetchMore) return nothing;
    return html`<div class="footer">
      <button part="button load-more" class="load-more" type="button" aria-busy=${busy ? 'true' : 'false'} @click=${() => void this.fetchMore()}>
        ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}<slot name="load-more">${this.localizer.t('gallery.loadMore')}</slot>
      </button>
    </div>`;
  }

  private renderLightbox(): TemplateResult | typeof nothing {
    // Not in the first render over the server's markup, which has none (it may come into view before that render): in the next.
    if (!this.lightboxLoaded) return nothing;
    if (this.rendersServerMarkup) {
      void this.updateComplete.then(() => this.requestUpdate());
      return nothing;
    }
    const storefront = this.storefront;
    return html`<svc-post-lightbox
      exportparts="dialog, close, prev, next, button, caption, lightbox-media"
      .posts=${this.view.posts}
      .open=${this.openIndex !== undefined}
      .index=${this.lightboxIndex}
      .localizer=${this.localizer}
      .hasMore=${this.canFetchMore}
      .loadingMore=${this.posts.result?.isFetchingNextPage === true}
      .autoplay=${this.autoplay}
      .viewedPosts=${this.postViews.ownSeen}
      .market=${storefront.ok ? storefront.market : undefined}
      .productUrl=${this.productUrl}
      .publishableKey=${this.publishableKey}
      .apiBase=${this.apiBase}
      @lightbox-navigate=${this.navigate}
      @lightbox-close=${this.closeLightbox}
    ></svc-post-lightbox>`;
  }
}

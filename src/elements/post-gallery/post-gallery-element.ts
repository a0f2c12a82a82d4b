import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/query-core';
import { adoptStyles, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import type { Page, Post } from '../../api/types.js';
import { infiniteQueryController } from '../../controllers/query-controller.js';
import { postsQuery, type PostsOptions } from '../../queries/options.js';
import { StorefrontElement } from '../shared/base.js';
import { ModuleSlot } from '../shared/on-demand.js';
import { renderError } from '../shared/states.js';
import type { CarouselController } from './carousel-controller.js';
import { extraLayouts, type LayoutExtras } from './extra-layouts.js';
import { parseColumns, parseFilters, parseLayout, parseLoadMode, parsePageSize } from './gallery-options.js';
import { renderGridSkeleton, type LayoutContext } from './layouts.js';
import { galleryTiles, type TilesModule } from './load-tiles.js';
import type { LightboxNavigateEvent } from './lightbox-element.js';
import { galleryStyles } from './post-gallery.styles.js';
import { ScrollLoader } from './scroll-loader.js';
import { GalleryState } from './gallery-state.js';

type PostsResult = InfiniteQueryObserverResult<InfiniteData<Page<Post>, string | null>, StorefrontError>;

/** Narrowest tile before the grid and masonry drop a column (and the carousel shows fewer slides). */
const MIN_TILE = 140;
const MIN_SLIDE = 200;
/** Tiles rendered per task after the first screenful. */
const CHUNK = 12;

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
 * @cssprop [--svc-gallery-radius=12px] - Corner radius of tiles, buttons and the lightbox.
 * @cssprop [--svc-gallery-columns=4] - Most columns of the grid and masonry (slides in view for the carousel) when the `columns` attribute is not set; read when the element is measured.
 * @cssprop [--svc-gallery-tile-aspect=1] - Aspect ratio (width / height) of grid and carousel tiles, e.g. `4 / 5`.
 * @cssprop [--svc-gallery-text=#1d1d1f] - Text colour.
 * @cssprop [--svc-gallery-muted=#5f6368] - Secondary text colour.
 * @cssprop [--svc-gallery-background=#ffffff] - Background of buttons and the lightbox.
 * @cssprop [--svc-gallery-placeholder=#eceef1] - Skeleton tiles' colour.
 * @cssprop [--svc-gallery-accent=#1d1d1f] - Accent colour: the "Load more" button's text and border, links in the lightbox.
 * @cssprop [--svc-gallery-focus-ring=#0b57d0] - Focus outline colour.
 * @cssprop [--svc-gallery-font=inherit] - Font family.
 * @cssprop [--svc-gallery-backdrop=rgb(0 0 0 / 0.8)] - The lightbox's backdrop.
 */
export class SvcPostGallery extends StorefrontElement {
  static override styles = galleryStyles;
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
    productUrl: { attribute: 'product-url' },
    fitColumns: { state: true, attribute: false },
    openIndex: { state: true, attribute: false },
    lightboxLoaded: { state: true, attribute: false },
    rendered: { state: true, attribute: false },
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
  labelMatch?: string;
  /** `grid` (default), `carousel` or `masonry`. */
  layout?: string;
  /** Posts per page, 1 to 50 (default 12). */
  pageSize?: number;
  /** Most columns of the grid and masonry (default 4); fewer on narrow screens. */
  columns?: number;
  /** Further pages: `button` ("Load more", default), `scroll` (at the end) or `none`. */
  load?: string;
  /** Lets videos in the lightbox start by themselves (muted, and never under reduced motion). */
  autoplay = false;
  /** `development` links the lightbox's products to their development URLs (as `<svc-shoppable-post>` does). */
  productUrl?: string;

  /** Columns that fit the element's current width (measured). */
  private fitColumns: number | undefined;
  private openIndex: number | undefined;
  private lightboxLoaded = false;
  /** Posts rendered as tiles so far: a long page is rendered over a few tasks, not in one long one. */
  private rendered = 0;

  private readonly posts = infiniteQueryController<PostsResult, PostsOptions>(this, () => {
    const s = this.storefront;
    if (!s.ok) return undefined;
    const filters = parseFilters(this);
    return { queryClient: s.queryClient, options: postsQuery(s.client, s.market, filters, parsePageSize(this.pageSize)) };
  });
  private readonly view = new GalleryState(
    this,
    () => this.posts.result,
    (name, detail) => this.emit(name, detail),
    () => this.layoutReady(),
  );
  /** The tiles and the grid of posts: `undefined` while the script tag loads them, `null` if they could not. */
  private readonly tiles = new ModuleSlot<TilesModule>(this, galleryTiles, () => this.adoptLoadedStyles());
  /** The masonry and carousel layouts, asked for by the first layout other than the grid: `undefined` while they load (CDN builds), `null` if they could not. */
  private readonly extras = new ModuleSlot<LayoutExtras>(this, extraLayouts, () => this.adoptLoadedStyles());
  private carousel: CarouselController | undefined;
  /** `load="scroll"`: the next page when the end comes into view. */
  protected readonly scrollLoader = new ScrollLoader(
    this,
    () => this.canFetchMore && !this.posts.result?.isFetchingNextPage && !this.posts.result?.isFetchNextPageError,
    () => void this.fetchMore(),
    () => this.view.posts.length,
  );
  private resizeObserver: ResizeObserver | undefined;
  private opener: HTMLElement | undefined;
  private renderedFirst: string | undefined;
  private chunkTimer: ReturnType<typeof setTimeout> | undefined;

  private get mode() {
    return parseLayout(this.layout);
  }

  private get canFetchMore(): boolean {
    return parseLoadMode(this.load) !== 'none' && this.posts.result?.hasNextPage === true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Asked for at once, so that the script tag loads the tiles while the first page is read.
    this.tiles.request();
    // A frame later: changing the columns changes the element's height, which would loop the observer.
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? 0;
      requestAnimationFrame(() => this.measure(width));
    });
    this.resizeObserver.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.resizeObserver = undefined;
    clearTimeout(this.chunkTimer);
    this.chunkTimer = undefined;
  }

  /** Tiles in the first task: what likely fits the viewport (at least two rows). */
  private firstChunk(columns: number): number {
    const rowHeight = Math.max(80, (this.clientWidth || 800) / columns);
    return columns * Math.max(2, Math.ceil((window.innerHeight || 800) / rowHeight) + 1);
  }

  /**
   * Keeps `rendered` moving: a new list starts with what fits the viewport, and the rest
   * follows a chunk per task (skeletons of the same size hold the place meanwhile).
   */
  private pace(columns: number): void {
    const posts = this.view.posts;
    if (posts[0]?.id !== this.renderedFirst) {
      this.renderedFirst = posts[0]?.id;
      this.rendered = Math.min(posts.length, this.firstChunk(columns));
    }
    if (this.rendered >= posts.length || this.chunkTimer !== undefined) return;
    this.chunkTimer = setTimeout(() => {
      this.chunkTimer = undefined;
      this.rendered = Math.min(this.view.posts.length, this.rendered + CHUNK);
    }, 0);
  }

  /** Columns (or carousel slides) that fit `width`, at most `columns`. */
  private fit(width: number): number | undefined {
    if (width <= 0) return undefined;
    const list = this.renderRoot?.querySelector('.grid, .masonry, .carousel-track');
    const gap = list ? parseFloat(getComputedStyle(list).columnGap) || 0 : parseFloat(getComputedStyle(this).getPropertyValue('--svc-gallery-gap')) || 12;
    const min = this.mode === 'carousel' ? MIN_SLIDE : MIN_TILE;
    return Math.max(1, Math.min(this.maxColumns(), Math.floor((width + gap) / (min + gap))));
  }

  /** The `columns` attribute, else the theme's `--svc-gallery-columns`, else 4. */
  private maxColumns(): number {
    if (this.columns !== undefined && this.columns !== null) return parseColumns(this.columns);
    const themed = getComputedStyle(this).getPropertyValue('--svc-gallery-columns').trim();
    return parseColumns(themed === '' ? undefined : themed);
  }

  private measure(width: number): void {
    const fit = this.fit(width);
    if (fit !== undefined && fit !== this.fitColumns) this.fitColumns = fit;
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
    if (this.rendered < before + CHUNK) {
      this.rendered = Math.min(this.view.posts.length, before + CHUNK);
      await this.updateComplete;
    }
    return this.view.posts.length > before;
  }

  private readonly openTile = async (index: number, tile: HTMLElement) => {
    const post = this.view.posts[index];
    if (!post || !this.emit('svc-post-open', { post, index }, { cancelable: true })) return;
    this.opener = tile;
    if (!this.lightboxLoaded) {
      // The lightbox (dialog, video, shoppable post) is its own chunk, fetched on first open.
      try {
        await import('./svc-post-lightbox.js');
      } catch (error) {
        console.error('storefront-widgets: <svc-post-gallery> could not load its lightbox.', error);
        return;
      }
      this.lightboxLoaded = true;
    }
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

  private readonly closeLightbox = async () => {
    this.openIndex = undefined;
    await this.updateComplete;
    const opener = this.opener?.isConnected ? this.opener : undefined;
    opener?.focus();
    this.opener = undefined;
  };

  /**
   * Whether the posts can be shown: the tiles' code is there and, for the masonry or
   * carousel, theirs (the script tag loads them on demand; the loading state stays meanwhile).
   */
  private layoutReady(): boolean {
    return this.tiles.value != null && (this.mode === 'grid' || this.extras.value !== undefined);
  }

  /** The gallery's own styles, then those of the tiles and the layouts that are loaded. */
  private adoptLoadedStyles(): void {
    if (!(this.renderRoot instanceof ShadowRoot)) return;
    const loaded = [this.tiles.value?.tileStyles, this.extras.value?.layoutStyles].filter((sheet) => sheet !== undefined);
    adoptStyles(this.renderRoot, [...SvcPostGallery.elementStyles, ...loaded]);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const extras = this.mode === 'grid' ? this.extras.value : this.extras.request();
    if (extras && this.mode === 'carousel') this.carousel ??= new extras.CarouselController(this, (index) => this.view.announcePosition(index, this.localizer), () => this.fetchMore());
    // Measured before rendering, so that the first frame already has the right columns.
    if (this.fitColumns === undefined || changed.has('layout') || changed.has('columns')) this.fitColumns = this.fit(this.clientWidth);
    this.view.sync(this.localizer);
    this.pace(this.fitColumns ?? this.maxColumns());
    // The posts changed under an open lightbox (new filters): its post is gone, so close it.
    if (this.openIndex !== undefined && this.view.posts[this.openIndex] === undefined) {
      this.openIndex = undefined;
      this.opener = undefined;
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const storefront = this.storefront;
    if (!storefront.ok) return html`<div part="base" class="base">${renderError(storefront.error, this.localizer)}</div>`;
    const result = this.posts.result;
    if (result?.isError && !result.data) {
      return html`<div part="base" class="base">${renderError(result.error, this.localizer, () => void result.refetch())}</div>`;
    }
    const mode = this.mode;
    const extras = this.extras.value;
    const tiles = this.tiles.value;
    // The tiles' code could not load (script tag): nothing to show the posts with.
    if (tiles === null) return html`<div part="base" class="base">${renderError(undefined, this.localizer)}</div>`;
    const posts = result?.data && this.layoutReady() && this.pacing.near ? this.view.posts : undefined;
    if (posts && posts.length === 0 && !result?.hasNextPage) return html`<slot name="empty"></slot>`;
    const ctx: LayoutContext = {
      posts,
      skeletons: parsePageSize(this.pageSize),
      columns: this.fitColumns ?? this.maxColumns(),
      localizer: this.localizer,
      onOpen: this.openTile,
      sentinel: parseLoadMode(this.load) === 'scroll' && this.canFetchMore,
      rendered: this.rendered,
      aboveFold: this.pacing.aboveFold,
    };
    const body =
      mode === 'carousel' && extras && this.carousel
        ? extras.renderCarousel({ ...ctx, carousel: this.carousel, hasMore: this.canFetchMore })
        : mode === 'masonry' && extras
          ? extras.renderMasonry(ctx)
          : posts && tiles
            ? tiles.renderGrid({ ...ctx, posts })
            : renderGridSkeleton(ctx);
    return html`<div part="base" class="base layout-${mode}" aria-busy=${posts ? 'false' : 'true'}>
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
    if (!this.lightboxLoaded || this.openIndex === undefined) return nothing;
    const storefront = this.storefront;
    return html`<svc-post-lightbox
      exportparts="dialog, close, prev, next, button, caption, lightbox-media"
      .posts=${this.view.posts}
      .index=${this.openIndex}
      .localizer=${this.localizer}
      .hasMore=${this.canFetchMore}
      .loadingMore=${this.posts.result?.isFetchingNextPage === true}
      .autoplay=${this.autoplay}
      .market=${storefront.ok ? storefront.market : undefined}
      .productUrl=${this.productUrl}
      .publishableKey=${this.publishableKey}
      .apiBase=${this.apiBase}
      @lightbox-navigate=${this.navigate}
      @lightbox-close=${this.closeLightbox}
    ></svc-post-lightbox>`;
  }
}

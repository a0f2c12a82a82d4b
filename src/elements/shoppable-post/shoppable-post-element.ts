import type { QueryObserverResult } from '@tanstack/query-core';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { StorefrontError } from '../../api/errors.js';
import { normalizePost } from '../../api/normalize.js';
import type { Media, Post, Product } from '../../api/types.js';
import { queryController } from '../../controllers/query-controller.js';
import { postQuery, type PostOptions } from '../../queries/options.js';
import { StorefrontElement } from '../shared/base.js';
import { blurhash } from '../shared/placeholder.js';
import { cssText } from '../shared/css-text.js';
import { renderError } from '../shared/states.js';
import { CardController } from './card-controller.js';
import { hotspotPoint, isVisible, mediaBox, readingOrder, type Fit, type Size } from './media-box.js';
import { hotspotName, productHref, renderCardBody, renderListEntry, type ProductUrlMode } from './product-view.js';
import { productStyles } from './product.styles.js';
import { styles } from './shoppable-post.styles.js';
import { StageController } from './stage-controller.js';

/** From this width (CSS px) on, the product list sits beside the media instead of below it. */
export const WIDE_MIN_WIDTH = 640;

/** The picture the hotspots sit on: the image, or a video's poster. */
function pictureOf(post: Post): Media | undefined {
  if (post.type === 'IMAGE') return post.media;
  return post.media.poster === undefined ? undefined : { ...post.media, url: post.media.poster };
}

const sizeOf = (media: Media | undefined): Size | undefined =>
  media?.width !== undefined && media.height !== undefined ? { width: media.width, height: media.height } : undefined;

/**
 * One post's photo (or video poster) with a hotspot on each tagged product, a card per
 * hotspot and a list of every tagged product (below the media; beside it once the element
 * is 640 px wide).
 *
 * The media area takes the media's aspect ratio (reserved from `width`/`height` before the
 * picture loads). Give the element a CSS `height`, `--svc-shoppable-aspect` or
 * `--svc-shoppable-max-height` to fit the media into another shape: `fit` then decides
 * between showing all of it and cropping, and the hotspots stay on their products' points.
 *
 * @summary A shoppable post: hotspots on the exact point of each tagged product, with product cards and a product list.
 *
 * @fires svc-product-select - A product link was clicked. `detail: {product, post}`. Cancelable: `preventDefault()` keeps the page (for example to add to cart instead).
 * @fires svc-load - The post is shown. `detail: {post}`.
 * @fires svc-error - Reading the post failed. `detail: {error}` (a `StorefrontError` with a `code`).
 *
 * @csspart media - The media area (picture or video, hotspots, cards).
 * @csspart hotspot - Each hotspot button.
 * @csspart card - A hotspot's product card.
 * @csspart product - Each entry of the product list.
 * @csspart product-list - The list of tagged products.
 * @csspart price - A price (sale and struck-through regular price during a sale).
 * @csspart link - A link to a product page (in a card or the list).
 * @csspart play-button - The button that starts a video.
 * @csspart error - The error state.
 *
 * @cssprop [--svc-shoppable-aspect] - Fixes the media area's aspect ratio (e.g. `1`, `4 / 5`); the media is then fitted by `fit`. Default: the media's own.
 * @cssprop [--svc-shoppable-max-height=none] - Caps the media area's height (the media is then fitted by `fit`).
 * @cssprop [--svc-hotspot-size=28px] - Diameter of the visible hotspot dot (its hit area is 16 px larger).
 * @cssprop [--svc-hotspot-color=#fff] - Colour of the dot.
 * @cssprop [--svc-hotspot-center=#111] - Colour of the dot's centre.
 * @cssprop [--svc-card-background=#fff] - Card and list background.
 * @cssprop [--svc-card-color=#1a1a1a] - Card and list text colour.
 * @cssprop [--svc-card-radius=12px] - Card corner radius.
 * @cssprop [--svc-card-shadow] - Card shadow.
 * @cssprop [--svc-accent=#1a1a1a] - Link buttons and the open hotspot.
 * @cssprop [--svc-accent-contrast=#fff] - Text on the accent colour.
 * @cssprop [--svc-sale-color=#b3261e] - Sale prices.
 * @cssprop [--svc-focus-color=#1a73e8] - Focus rings.
 * @cssprop [--svc-font-family=inherit] - Font of the cards and list.
 * @cssprop [--svc-media-radius=8px] - Corner radius of the media.
 */
export class SvcShoppablePost extends StorefrontElement {
  static override styles = [styles, productStyles];

  /** The post to read from the Storefront API. Ignored while `post` is set. */
  @property({ attribute: 'post-id' }) postId?: string;

  /**
   * The post itself (no request): wire snake_case, API v1 camelCase or already
   * normalized. Beats `post-id`. A post that cannot be read shows nothing (one console warning).
   */
  @property({ attribute: false }) post?: unknown;

  /** How the media fills a media area of another shape: `contain` (all of it) or `cover` (cropped). */
  @property({ reflect: true }) fit: Fit = 'contain';

  /** `development` links products to their development URLs. */
  @property({ attribute: 'product-url' }) productUrl: ProductUrlMode = 'production';

  /** Hides the product list (hotspots stay). */
  @property({ type: Boolean, attribute: 'hide-products', reflect: true }) hideProducts = false;

  @state() private natural: Size | undefined;
  @state() private loaded = false;
  @state() private settled = false;
  @state() private playing = false;
  @state() private highlighted: number | undefined;

  private given: Post | null | undefined;
  private shownKey = '';
  private emittedPost: Post | undefined;
  private emittedError: unknown;
  private readonly stage = new StageController(this, () => this.renderRoot?.querySelector('.stage') ?? null);
  private readonly card = new CardController(this, (index) => this.renderRoot.querySelector<HTMLElement>(`#hotspot-${index}`));

  private readonly query = queryController<QueryObserverResult<Post, StorefrontError>, PostOptions>(this, () => {
    if (this.post != null || !this.postId) return undefined;
    const storefront = this.storefront;
    return storefront.ok ? { queryClient: storefront.queryClient, options: postQuery(storefront.client, storefront.market, this.postId) } : undefined;
  });

  /** The post on screen: the `post` property's, else the fetched one. */
  private get shown(): Post | undefined {
    return this.post != null ? (this.given ?? undefined) : this.query.result?.data;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('post')) this.given = this.post == null ? undefined : this.read(this.post);
    const shown = this.shown;
    const key = shown === undefined ? '' : `${shown.id}|${shown.media.url}`;
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.natural = undefined;
      this.loaded = this.settled = this.playing = false;
      this.card.open = undefined;
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
    const shown = this.shown;
    if (shown !== undefined && shown !== this.emittedPost) this.emit('svc-load', { post: shown });
    this.emittedPost = shown;
    this.card.place(this.renderRoot.querySelector('.stage'), this.isRtl());
  }

  private isRtl(): boolean {
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
    if (result?.error) return renderError(result.error, this.localizer, () => void result.refetch());
    return html`<div class="loading" role="status"><span class="vh">${this.localizer.t('loading')}</span></div>`;
  }

  private renderPost(post: Post): TemplateResult {
    const picture = pictureOf(post);
    const reserved = sizeOf(post.media) ?? this.natural;
    const mediaSize = this.natural ?? reserved;
    const stage = this.stage.size;
    const box = stage && mediaSize ? mediaBox(stage, mediaSize, this.fit) : undefined;
    const frame = box ? `left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px` : 'inset:0';
    const tagged = post.taggedProducts;
    const order = readingOrder(tagged, 0.05, this.isRtl());
    const showHotspots = picture !== undefined && !this.playing;
    const showList = !this.hideProducts && tagged.length > 0;
    // Beside the media only while the media is shown (a theme may hide it: `::part(media) {display: none}`).
    const beside = this.stage.hostWidth >= WIDE_MIN_WIDTH && showList && stage?.width !== 0;
    return html`<div class="layout ${beside ? 'wide' : ''}" @keydown=${this.card.onKeydown}>
      <div class="stage" part="media" style=${cssText(reserved ? `--_media-aspect:${reserved.width} / ${reserved.height}` : undefined)}>
        <div class="clip">
          ${picture?.hash && !this.settled ? html`<canvas class="placeholder" style=${cssText(frame)} ${blurhash(picture.hash)} aria-hidden="true"></canvas>` : nothing}
          ${picture && !this.playing ? this.renderPicture(post, picture) : nothing}
          ${post.type === 'VIDEO' && (this.playing || picture === undefined) ? this.renderVideo(post) : nothing}
        </div>
        ${showHotspots
          ? html`<div class="overlay ${this.card.open === undefined ? '' : 'has-open'}">
              ${order.map((index) => {
                const point = box ? hotspotPoint(box, tagged[index]!.x, tagged[index]!.y) : undefined;
                const visible = point === undefined || isVisible(point, stage!);
                const at = point ? `left:${point.x}px;top:${point.y}px` : `left:${tagged[index]!.x * 100}%;top:${tagged[index]!.y * 100}%`;
                return this.renderHotspot(post, tagged[index]!.product, index, at, visible);
              })}
            </div>`
          : nothing}
        ${post.type === 'VIDEO' && !this.playing && picture !== undefined
          ? html`<button part="play-button" class="play" type="button" aria-label=${this.localizer.t('gallery.playVideo')} @click=${this.play}></button>`
          : nothing}
      </div>
      ${showList ? this.renderList(post, order) : nothing}
    </div>`;
  }

  private renderPicture(post: Post, picture: Media): TemplateResult {
    const alt = post.alt ?? (post.uploadedBy ? this.localizer.t('gallery.photoBy', { user: post.uploadedBy.username }) : this.localizer.t('gallery.photo'));
    return html`<img
      class="picture ${this.loaded ? 'loaded' : ''}"
      src=${picture.url}
      alt=${alt}
      decoding="async"
      @load=${this.pictureLoaded}
      @transitionend=${() => (this.settled = true)}
    />`;
  }

  private renderVideo(post: Post): TemplateResult {
    return html`<video class="picture loaded" src=${post.media.url} poster=${post.media.poster ?? nothing} controls muted playsinline preload="metadata" @ended=${() => (this.playing = false)}></video>`;
  }

  private renderHotspot(post: Post, product: Product, index: number, at: string, visible: boolean): TemplateResult {
    const open = this.card.open === index;
    const options = { product, href: productHref(product, this.productUrl), localizer: this.localizer, onSelect: (event: MouseEvent) => this.select(event, product, post) };
    return html`<button
        part="hotspot"
        class="hotspot ${this.highlighted === index ? 'highlighted' : ''}"
        id="hotspot-${index}"
        type="button"
        style=${cssText(at)}
        ?hidden=${!visible}
        aria-label=${hotspotName(product, this.localizer)}
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="card-${index}"
        @click=${() => this.card.toggle(index)}
      >
        <span class="dot" aria-hidden="true"></span>
      </button>
      <div part="card" class="card" id="card-${index}" role="group" aria-label=${hotspotName(product, this.localizer)} ?hidden=${!open || !visible}>
        ${open ? renderCardBody(options, () => this.card.close(true)) : nothing}
      </div>`;
  }

  private renderList(post: Post, order: number[]): TemplateResult {
    return html`<div class="products">
      <p class="products-heading" id="products-heading">${this.localizer.t('gallery.products')}</p>
      <ul part="product-list" class="product-list" aria-labelledby="products-heading">
        ${order.map((index) => {
          const product = post.taggedProducts[index]!.product;
          const href = productHref(product, this.productUrl);
          return html`<li part="product" class="product" @pointerenter=${() => (this.highlighted = index)} @pointerleave=${() => (this.highlighted = undefined)} @focusin=${() => (this.highlighted = index)} @focusout=${() => (this.highlighted = undefined)}>
            ${renderListEntry({ product, href, localizer: this.localizer, onSelect: (event) => this.select(event, product, post) })}
          </li>`;
        })}
      </ul>
    </div>`;
  }

  private pictureLoaded(event: Event): void {
    const img = event.target as HTMLImageElement;
    if (img.naturalWidth > 0 && img.naturalHeight > 0) this.natural = { width: img.naturalWidth, height: img.naturalHeight };
    this.loaded = true;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) this.settled = true;
  }

  private async play(): Promise<void> {
    this.card.open = undefined;
    this.playing = true;
    await this.updateComplete;
    const video = this.renderRoot.querySelector('video');
    video?.focus();
    video?.play().catch(() => undefined);
  }

  /** A product link was clicked: the theme may cancel the navigation (to add to cart instead). */
  private select(event: MouseEvent, product: Product, post: Post): void {
    if (!this.emit('svc-product-select', { product, post }, { cancelable: true })) event.preventDefault();
  }
}

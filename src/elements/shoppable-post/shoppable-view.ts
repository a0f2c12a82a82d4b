import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Media, Post, Product } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { cssText } from '../shared/css-text.js';
import { blurhash } from '../shared/placeholder.js';
import { CardController } from './card-controller.js';
import { pickOption } from '../shared/options.js';
import { FITS, hotspotPoint, isVisible, mediaBox, readingOrder, type Fit, type Size } from './media-box.js';
import { hotspotName, productHref, renderCardBody, renderListEntry, type ProductUrlMode } from './product-view.js';
import { StageController } from './stage-controller.js';
import { spreadPushes, spreadStyle } from './spread.js';
import { noteVideoTouched, shopperStartedVideo } from '../shared/video-play.js';
import type { ProductViewDetail, VideoPlayDetail } from '../../events.js';
import { browserUrl } from '../shared/css-text.js';

/** The engagement events a shown post reports through its element. */
export interface ViewReports {
  productView: (detail: ProductViewDetail) => void;
  videoPlay: (detail: VideoPlayDetail) => void;
}

/** What the view reads from its `<svc-shoppable-post>`. */
export interface ShoppableHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly fit: Fit;
  readonly productUrl: ProductUrlMode;
  readonly hideProducts: boolean;
}

/** The picture the hotspots sit on: the image, or a video's poster. */
function pictureOf(post: Post): Media | undefined {
  if (post.type === 'IMAGE') return post.media;
  return post.media.poster === undefined ? undefined : { ...post.media, url: post.media.poster };
}

/** The picture's natural size once loaded; whether it has loaded and faded in; whether the video plays; the list entry under the pointer. */
interface ViewState {
  natural?: Size | undefined;
  loaded: boolean;
  settled: boolean;
  playing: boolean;
  highlighted?: number | undefined;
}

const sizeOf = (media: Media | undefined): Size | undefined =>
  media?.width !== undefined && media.height !== undefined ? { width: media.width, height: media.height } : undefined;

/**
 * A shown post of `<svc-shoppable-post>`: the media with its hotspots and cards, the
 * product list, and what they need (measuring, card placement, video). The element
 * keeps the reading and the states.
 */
export class ShoppableView {
  private state: ViewState = { loaded: false, settled: false, playing: false };
  private readonly stage: StageController;
  private readonly card: CardController;

  constructor(
    private readonly host: ShoppableHost,
    private readonly select: (event: MouseEvent, product: Product, post: Post) => void,
    private readonly reports: ViewReports,
    /** Whether the element is above the fold: its picture then loads at once, else lazily with low priority. */
    private readonly aboveFold: () => boolean = () => false,
  ) {
    this.stage = new StageController(host, () => host.renderRoot.querySelector('.stage'));
    this.card = new CardController(host, (index) => host.renderRoot.querySelector<HTMLElement>(`#hotspot-${index}`));
  }

  /** Another post is shown: the picture is not loaded yet and no card is open. */
  reset(): void {
    this.state = { loaded: false, settled: false, playing: false };
    this.card.open = undefined;
  }

  /**
   * After each render: a picture the browser already has (a gallery tile's, opened in its
   * lightbox) is complete at once, and shows at once, without fading in (its class set
   * before the browser styles it has no transition to run); places the open card beside its hotspot.
   */
  updated(rtl: boolean): void {
    const img = this.host.renderRoot.querySelector<HTMLImageElement>('img.picture:not(.loaded)');
    if (img?.complete && img.naturalWidth) {
      // No update for this: the `load` event, which follows, updates the rest (size, placeholder).
      img.classList.add('loaded');
      this.state.loaded = this.state.settled = true;
    }
    this.card.place(this.host.renderRoot.querySelector('.stage'), rtl);
  }

  private set(change: Partial<ViewState>): void {
    this.state = { ...this.state, ...change };
    this.host.requestUpdate();
  }

  render(post: Post, localizer: Localizer, rtl: boolean): TemplateResult {
    const { natural, settled, playing } = this.state;
    const picture = pictureOf(post);
    const reserved = sizeOf(post.media) ?? natural;
    const mediaSize = natural ?? reserved;
    const stage = this.stage.size;
    // Measured only to hide the hotspots a `cover` crop cuts away: placing them is the styles' (shoppable-view.styles.ts).
    const box = stage && mediaSize ? mediaBox(stage, mediaSize, pickOption('svc-shoppable-post', 'fit', this.host.fit, FITS, 'contain')) : undefined;
    const tagged = post.taggedProducts;
    const order = readingOrder(tagged, 0.05, rtl);
    const showHotspots = picture !== undefined && !playing;
    const showList = !this.host.hideProducts && tagged.length > 0;
    // Close products' hotspots spread apart: from the data alone, as the server computes them.
    const pushes = spreadPushes(tagged, mediaSize ? mediaSize.width / mediaSize.height : 1);
    // The picture's own shape where it differs from the one the post names (read once it has loaded).
    const differs = natural && reserved && Math.abs(natural.width * reserved.height - reserved.width * natural.height) > natural.height * reserved.height * 1e-3;
    const aspect = [reserved && `--_media-aspect:${reserved.width} / ${reserved.height}`, differs && `--_aspect:${natural.width} / ${natural.height}`].filter(Boolean).join(';');
    return html`<div class="layout" @keydown=${this.card.onKeydown}>
      <div class="stage" part="media" style=${cssText(aspect || undefined)}>
        <div class="clip">
          ${picture?.hash && !settled ? html`<canvas class="placeholder" ${blurhash(picture.hash, mediaSize)} aria-hidden="true"></canvas>` : nothing}
          ${picture && !playing ? this.renderPicture(post, picture, localizer) : nothing}
          ${post.type === 'VIDEO' && (playing || picture === undefined) ? this.renderVideo(post) : nothing}
        </div>
        ${showHotspots
          ? html`<div class="overlay ${this.card.open === undefined ? '' : 'has-open'}">
              ${order.map((index) => {
                const point = box ? hotspotPoint(box, tagged[index]!.x, tagged[index]!.y) : undefined;
                const visible = point === undefined || isVisible(point, stage!);
                const at = `--_x:${tagged[index]!.x};--_y:${tagged[index]!.y}${spreadStyle(pushes[index]!)}`;
                return this.renderHotspot(post, tagged[index]!.product, index, at, visible, localizer);
              })}
            </div>`
          : nothing}
        ${post.type === 'VIDEO' && !playing && picture !== undefined
          ? html`<button part="play-button" class="play" type="button" aria-label=${localizer.t('gallery.playVideo')} @click=${this.play}></button>`
          : nothing}
      </div>
      ${showList ? this.renderList(post, order, localizer) : nothing}
    </div>`;
  }

  private renderPicture(post: Post, picture: Media, localizer: Localizer): TemplateResult {
    const alt = post.alt ?? (post.uploadedBy ? localizer.t('gallery.photoBy', { user: post.uploadedBy.username }) : localizer.t('gallery.photo'));
    const eager = this.aboveFold();
    // `src` is bound last, so that `loading` is already set when the picture is requested.
    return html`<img
      class="picture ${this.state.loaded ? 'loaded' : ''}"
      alt=${alt}
      loading=${eager ? 'eager' : 'lazy'}
      fetchpriority=${eager ? 'auto' : 'low'}
      decoding="async"
      src=${browserUrl(picture.url)}
      @load=${this.pictureLoaded}
      @transitionend=${() => this.set({ settled: true })}
    />`;
  }

  private renderVideo(post: Post): TemplateResult {
    const onPlay = (event: Event) => shopperStartedVideo(event, post.id) && this.reports.videoPlay({ post });
    return html`<video
      class="picture loaded"
      src=${browserUrl(post.media.url)}
      poster=${browserUrl(post.media.poster)}
      controls
      muted
      playsinline
      preload="metadata"
      @ended=${() => this.set({ playing: false })}
      @pointerdown=${noteVideoTouched}
      @keydown=${noteVideoTouched}
      @play=${onPlay}
    ></video>`;
  }

  private renderHotspot(post: Post, product: Product, index: number, at: string, visible: boolean, localizer: Localizer): TemplateResult {
    const open = this.card.open === index;
    const name = hotspotName(product, localizer);
    const options = { product, href: productHref(product, this.host.productUrl), localizer, onSelect: (event: MouseEvent) => this.select(event, product, post) };
    return html`<button
        part="hotspot"
        class="hotspot ${this.state.highlighted === index ? 'highlighted' : ''}"
        id="hotspot-${index}"
        type="button"
        style=${cssText(at)}
        ?hidden=${!visible}
        aria-label=${name}
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="card-${index}"
        @click=${() => this.toggleCard(index, product, post)}
      >
        <span class="dot" aria-hidden="true"></span>
      </button>
      <div part="card" class="card" id="card-${index}" role="group" aria-label=${name} ?hidden=${!open || !visible}>
        ${open ? renderCardBody(options, () => this.card.close(true)) : nothing}
      </div>`;
  }

  /** Opens or closes a hotspot's card; an opened card is a `svc-product-view`. */
  private toggleCard(index: number, product: Product, post: Post): void {
    this.card.toggle(index);
    if (this.card.open === index) this.reports.productView({ product, post });
  }

  private renderList(post: Post, order: number[], localizer: Localizer): TemplateResult {
    const highlight = (index: number | undefined) => () => this.set({ highlighted: index });
    return html`<div class="products">
      <p class="products-heading" id="products-heading">${localizer.t('gallery.products')}</p>
      <ul part="product-list" class="product-list" aria-labelledby="products-heading">
        ${order.map((index) => {
          const product = post.taggedProducts[index]!.product;
          const href = productHref(product, this.host.productUrl);
          // The open hotspot's product stands out in the list too.
          const open = this.card.open === index;
          return html`<li part=${open ? 'product product-open' : 'product'} class=${open ? 'product open' : 'product'} @pointerenter=${highlight(index)} @pointerleave=${highlight(undefined)} @focusin=${highlight(index)} @focusout=${highlight(undefined)}>
            ${renderListEntry({ product, href, localizer, onSelect: (event) => this.select(event, product, post) })}
          </li>`;
        })}
      </ul>
    </div>`;
  }

  private readonly pictureLoaded = (event: Event): void => {
    const img = event.target as HTMLImageElement;
    this.set({
      natural: img.naturalWidth > 0 && img.naturalHeight > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : this.state.natural,
      loaded: true,
      settled: this.state.settled || matchMedia('(prefers-reduced-motion: reduce)').matches,
    });
  };

  private readonly play = async (): Promise<void> => {
    this.card.open = undefined;
    this.set({ playing: true });
    await this.host.updateComplete;
    const video = this.host.renderRoot.querySelector('video');
    video?.focus();
    video?.play().catch(() => undefined);
  };
}

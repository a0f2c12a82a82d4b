import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { isRtl, prefersReducedMotion } from './motion.js';
import { renderPanel, renderVideo } from './lightbox-panel.js';
import { lightboxStyles } from './lightbox.styles.js';
import { wrapTab } from './focus-trap.js';
import { hideOthers } from './hide-others.js';
import { describePost } from './tile.js';
import { emitFrom } from '../shared/base.js';
import { shopperStartedVideo } from '../shared/video-play.js';
import { trackPostViews } from './post-views.js';

/** Asks the gallery to show another post (it may load the next page first). */
export type LightboxNavigateEvent = CustomEvent<{ index: number }>;

/** Whether the caption panel is stacked under the media (narrower than lightbox.styles.ts's 900 px), where it may come a frame after it. */
const stacked = globalThis.matchMedia?.('(width < 900px)');

/** Horizontal travel (CSS px) that makes a swipe. */
const SWIPE_THRESHOLD = 50;

const arrow = (flip: boolean) =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class=${flip ? 'flip' : ''}><path d="M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z" fill="currentColor"></path></svg>`;
const cross = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" fill="currentColor"></path></svg>`;

/**
 * The gallery's lightbox: a modal `<dialog>` with one post (through
 * `<svc-shoppable-post>` for photos, a `<video>` for videos), its caption panel, and
 * previous/next by buttons, arrow keys (mirrored right to left) and swipes. Internal to
 * `<svc-post-gallery>`, which loads this module on first open; it reports moves and
 * closing with `lightbox-navigate` and `lightbox-close` (not bubbling).
 *
 * @internal
 */
export class SvcPostLightbox extends LitElement {
  static override styles = lightboxStyles;
  static override properties = {
    open: { attribute: false },
    posts: { attribute: false },
    index: { attribute: false },
    localizer: { attribute: false },
    hasMore: { attribute: false },
    loadingMore: { attribute: false },
    autoplay: { attribute: false },
    market: { attribute: false },
    publishableKey: { attribute: false },
    apiBase: { attribute: false },
    productUrl: { attribute: false },
    viewedPosts: { attribute: false },
  };

  /** Whether the dialog is open. Closed, the lightbox stays, with the last post's card, for the next open to reuse. */
  open = false;
  posts: readonly Post[] = [];
  index = 0;
  localizer!: Localizer;
  /** Whether a further page exists beyond the loaded posts. */
  hasMore = false;
  loadingMore = false;
  autoplay = false;
  market?: string;
  publishableKey?: string;
  apiBase?: string;
  productUrl?: string;
  /** Ids of the posts the gallery already reported as seen (`svc-post-view` is once per post per gallery). */
  viewedPosts?: Set<string>;

  private swipeStart: { x: number; y: number; id: number } | undefined;

  /** The post whose listed products were reported (`svc-product-view`). */
  private productsShownFor: string | undefined;

  /** `svc-post-view` for the post on show, unless its tile was seen before. */
  protected readonly postViews = trackPostViews(this, {
    selector: '.card[data-post-id]',
    posts: () => this.posts,
    emit: (detail) => emitFrom(this, 'svc-post-view', detail),
    seen: () => this.viewedPosts,
  });

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** How many times it opened: a video is made anew on each open, as a new lightbox's would be (its autoplay, from the start). */
  private opens = 0;

  /** Undoes `hideOthers` once the lightbox closes. */
  private unhide: (() => void) | undefined;

  /**
   * Opens the dialog in the top layer as a popover over an open non-modal dialog, not
   * with `showModal()`: a modal dialog makes the rest of the page inert, and the browser
   * restyles all of it, on open and again on close (some 60 ms of a phone's tap). What
   * the modal gave is kept: the top layer and the dialog over the whole viewport keep
   * clicks from the page, `hideOthers` keeps screen readers from it, `wrapTab` keeps Tab
   * in it, and Escape closes it. Browsers without popovers get the modal dialog.
   */
  private showDialog(dialog: HTMLDialogElement): void {
    // What the first frame shows renders now, in the tap's task, not in the task of its own
    // that render pacing gives a first render: the tapped photo (the tile's, decoded, so
    // complete at once) and, in a panel not held back, the list of its products (a list that
    // came later beside the photo would grow the card and move it). Before the dialog opens,
    // so that opening styles and lays out their content with the rest, once.
    for (const post of dialog.querySelectorAll('.media > svc-shoppable-post, .panel:not(.pending) svc-shoppable-post')) (post as unknown as { performUpdate(): void }).performUpdate();
    if (typeof dialog.showPopover === 'function') {
      // Opened by its attribute, not with `show()`, whose focusing lays the dialog out in the
      // page before the top layer lays all of it out again (a third of the tap's task).
      dialog.setAttribute('open', '');
      dialog.showPopover();
      this.unhide = hideOthers(this);
      this.renderRoot.querySelector<HTMLElement>('.close')?.focus({ preventScroll: true });
    } else {
      dialog.removeAttribute('popover');
      dialog.showModal();
    }
  }

  /**
   * Another post in the same card: the shoppable posts are kept and given the new post
   * (creating them again, with their shadow roots and styles, was most of a "next"), the
   * caption panel and a video are made anew (no transcript left open, no avatar or video of
   * the post before). The card scrolls back to its top, as a new one would be. Read before
   * the render, while the layout is still clean.
   */
  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) this.opens++;
    if (!changed.has('index') || changed.get('index') === undefined) return;
    const card = this.renderRoot.querySelector('.card');
    if (card && card.scrollTop !== 0) card.scrollTop = 0;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const dialog = this.dialog;
    if (changed.has('open') && dialog && this.open !== dialog.open) {
      if (this.open) this.showDialog(dialog);
      else this.close();
    }
    if (!this.open) return;
    if (changed.has('index') && changed.get('index') !== undefined) {
      // The post's content was replaced: keep focus inside the dialog.
      if (!this.renderRoot.querySelector(':focus')) this.renderRoot.querySelector<HTMLElement>('.close')?.focus({ preventScroll: true });
    }
    this.afterFirstFrame();
    this.reportListedProducts();
  }

  /** `svc-product-view` for each product the shown post lists (once each time a post is shown). */
  private reportListedProducts(): void {
    const post = this.posts[this.index];
    if (post?.id === this.productsShownFor) return;
    this.productsShownFor = post?.id;
    for (const { product } of post?.taggedProducts ?? []) emitFrom(this, 'svc-product-view', { product, post });
  }

  /** A video started: reported when the shopper asked for it (not its muted autoplay). */
  private readonly onVideoPlay = (event: Event) => {
    const post = this.posts[this.index];
    if (post && shopperStartedVideo(event, post.id)) emitFrom(this, 'svc-video-play', { post });
  };

  /** The post whose first frame was awaited: its panel and the next photo come after it. */
  private shownFor: string | undefined;

  /** The post whose caption panel was let in (stacked under the media, a post's panel waits for its first frame). */
  private panelFor: string | undefined;

  /**
   * After the frame that shows a post (a task after the next animation frame), once per
   * post shown: its caption panel, which on a narrow screen sits below the picture (it
   * cannot move it) and would double the tap's style and layout work, and the next photo,
   * warmed in the cache so that "next" shows it at once.
   */
  private afterFirstFrame(): void {
    const shown = this.posts[this.index]?.id;
    if (shown === this.shownFor) return;
    this.shownFor = shown;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (!this.open || this.posts[this.index]?.id !== shown) return;
        this.panelFor = shown;
        this.requestUpdate();
        const next = this.posts[this.index + 1];
        const url = next?.type === 'IMAGE' ? next.media.url : next?.media.poster;
        if (url) new Image().src = url;
      }),
    );
  }

  close(): void {
    const dialog = this.dialog;
    if (dialog?.matches(':popover-open')) dialog.hidePopover();
    dialog?.close();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unhide?.();
    this.unhide = undefined;
  }

  private go(delta: number): void {
    const index = this.index + delta;
    if (index < 0 || (index >= this.posts.length && !this.hasMore)) return;
    this.dispatchEvent(new CustomEvent('lightbox-navigate', { detail: { index } }));
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    // Tab cycles inside the dialog (a modal dialog alone lets it leave for the browser's toolbar).
    if (event.key === 'Tab') return wrapTab(event, event.currentTarget as HTMLElement);
    // A modal dialog's Escape, for the popover (a card's or a video's own Escape comes first).
    if (event.key === 'Escape' && !event.defaultPrevented && !(event.currentTarget as HTMLDialogElement).matches(':modal')) {
      event.preventDefault();
      return this.close();
    }
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // Media controls, sliders and text fields use the arrow keys themselves.
    const origin = event.composedPath()[0] as Element | undefined;
    if (origin?.closest?.('video, audio, input, textarea, select, [role="slider"], [contenteditable]')) return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== isRtl(this);
    this.go(forward ? 1 : -1);
  };

  private readonly onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    this.swipeStart = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };

  private readonly onPointerUp = (event: PointerEvent) => {
    const start = this.swipeStart;
    this.swipeStart = undefined;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    const forward = dx < 0 !== isRtl(this);
    this.go(forward ? 1 : -1);
  };

  /** A click on the dialog itself (around the card, on the backdrop) closes it. */
  private readonly onDialogClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) this.close();
  };

  private readonly onClosed = (event: Event) => {
    // Closed by its own close() (a script's too): out of the top layer as well, where it would still take every click.
    const dialog = event.currentTarget as HTMLDialogElement;
    if (dialog.matches(':popover-open')) dialog.hidePopover();
    this.unhide?.();
    this.unhide = undefined;
    // Closed, it stays in the page: nothing plays, and the next open reports its products again.
    this.renderRoot.querySelector('video')?.pause();
    this.productsShownFor = this.shownFor = this.panelFor = undefined;
    this.dispatchEvent(new CustomEvent('lightbox-close'));
  };

  /** The shoppable post's own load, error and view events are not the gallery's (which reports its posts' views itself): keep them in. */
  private readonly contain = (event: Event) => event.stopPropagation();

  private renderMedia(post: Post): TemplateResult | ReturnType<typeof keyed> {
    if (post.type === 'VIDEO') return keyed(`${this.opens} ${post.id}`, renderVideo(post, { autoplay: this.autoplay && !prefersReducedMotion(), localizer: this.localizer, onPlay: this.onVideoPlay }));
    return this.renderShoppable(post, true);
  }

  /** The tagged products, through the shoppable post's own list (its media hidden here). */
  private renderProducts(post: Post): TemplateResult | typeof nothing {
    if (post.taggedProducts.length === 0) return nothing;
    return html`<div class="products">${this.renderShoppable(post, false)}</div>`;
  }

  /** The post as `<svc-shoppable-post>`: its media (hotspots, no product list), or its product list (media hidden by the lightbox's styles). */
  private renderShoppable(post: Post, media: boolean): TemplateResult {
    return html`<svc-shoppable-post
      .post=${post}
      fit=${media ? 'contain' : nothing}
      ?hide-products=${media}
      exportparts=${media ? 'media: lightbox-media' : nothing}
      market=${this.market ?? nothing}
      lang=${this.localizer.locale}
      publishable-key=${this.publishableKey ?? nothing}
      api-base=${this.apiBase ?? nothing}
      product-url=${this.productUrl ?? nothing}
      @svc-load=${this.contain}
      @svc-error=${this.contain}
      @svc-post-view=${this.contain}
      @svc-widget-view=${this.contain}
    ></svc-shoppable-post>`;
  }

  protected override render(): TemplateResult {
    const post = this.posts[this.index];
    const l = this.localizer;
    const t = l.t.bind(l);
    const total = this.posts.length;
    const atEnd = this.index >= total - 1 && !this.hasMore;
    return html`<dialog
      part="dialog"
      class="dialog"
      popover="manual"
      aria-modal="true"
      aria-label=${post ? describePost(post, l) : t('gallery.label')}
      @click=${this.onDialogClick}
      @close=${this.onClosed}
      @keydown=${this.onKeyDown}
    >
      <button part="button close" class="close" type="button" aria-label=${t('close')} autofocus @click=${() => this.close()}>${cross}</button>
      <button part="button prev" class="nav prev" type="button" aria-label=${t('gallery.previousPost')} ?disabled=${this.index <= 0} @click=${() => this.go(-1)}>${arrow(true)}</button>
      <button part="button next" class="nav next" type="button" aria-label=${t('gallery.nextPost')} ?disabled=${atEnd} aria-busy=${this.loadingMore ? 'true' : 'false'} @click=${() => this.go(1)}>
        ${this.loadingMore ? html`<span class="spinner" aria-hidden="true"></span>` : arrow(false)}
      </button>
      <p class="position" aria-live="polite">${t('gallery.position', { current: this.index + 1, total })}</p>
      ${post
        ? html`<article class="card" data-post-id=${post.id}>
            <div class="media" @pointerdown=${this.onPointerDown} @pointerup=${this.onPointerUp} @pointercancel=${() => (this.swipeStart = undefined)}>${this.renderMedia(post)}</div>
            <div class="panel ${post.id !== this.panelFor && stacked?.matches ? 'pending' : ''}">
              ${keyed(post.id, renderPanel(post, l))}
              ${this.renderProducts(post)}
            </div>
          </article>`
        : nothing}
    </dialog>`;
  }
}

import { html, isServer, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { blurhash } from '../shared/placeholder.js';
import { browserUrl } from '../shared/css-text.js';

/** "Photo by @user" / "Video by @user", or just "Photo" / "Video" without an uploader. */
export function describePost(post: Post, localizer: Localizer): string {
  const user = post.uploadedBy?.username?.trim();
  const video = post.type === 'VIDEO';
  if (user) return localizer.t(video ? 'gallery.videoBy' : 'gallery.photoBy', { user: user.replace(/^@/, '') });
  return localizer.t(video ? 'gallery.video' : 'gallery.photo');
}

/** The image's text alternative: the post's own `alt`, never empty. */
export function altText(post: Post, localizer: Localizer): string {
  return post.alt?.trim() || describePost(post, localizer);
}

/** A tile's accessible name: "Photo by @user: alt text". */
export function tileLabel(post: Post, localizer: Localizer): string {
  const description = describePost(post, localizer);
  const alt = post.alt?.trim();
  return alt ? localizer.t('gallery.tile', { description, alt }) : description;
}

/** Height over width of a post's media, when the data says; `undefined` otherwise. */
export function mediaRatio(post: Post): number | undefined {
  const { width, height } = post.media;
  return width && height && width > 0 && height > 0 ? height / width : undefined;
}

/** The picture a tile shows: the image itself, or a video's poster (possibly none). */
export function tileImage(post: Post): string | undefined {
  return post.type === 'VIDEO' ? post.media.poster : post.media.url;
}

/** Fades the image in once it has loaded (the blurhash stays under it until then). */
function onImageLoad(event: Event): void {
  const image = event.currentTarget as HTMLElement;
  image.classList.add('loaded');
  // No fade to wait for: under reduced motion, or in a tile off screen that content-visibility
  // skips (its picture shows loaded when it comes into view).
  // A picture that loads before its tile's first layout is not skipped yet: asked again a frame on.
  const skipped = () => image.checkVisibility?.({ contentVisibilityAuto: true }) === false;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches || skipped()) uncover(image);
  else requestAnimationFrame(() => skipped() && uncover(image));
}

/**
 * Once the picture covers it, the blurhash's canvas leaves the rendering: a canvas is a
 * layer of its own, and each tile's made every frame of the page (a tap's too) composite
 * it and what overlaps it, a dozen layers for a page of tiles.
 */
function uncover(image: HTMLElement): void {
  image.parentElement?.querySelector('.placeholder')?.classList.add('covered');
}

function onImageShown(event: TransitionEvent): void {
  if (event.propertyName === 'opacity' && event.target === event.currentTarget) uncover(event.currentTarget as HTMLElement);
}

/** A broken image leaves the blurhash on show, rather than the browser's broken-image icon. */
function onImageError(event: Event): void {
  (event.currentTarget as HTMLElement).classList.add('failed');
}

export interface TileOptions {
  index: number;
  /** The first row of a gallery above the fold loads at once; every other tile lazily, with low priority (the page's own hero comes first). */
  eager: boolean;
  /**
   * In the first viewport by the page's word (`first-viewport`; `eager` too): a server
   * render writes its URL, for it to show as it loads, without waiting for the script (no
   * fade, no blurhash: as a page's own `<img>`). The first (the page's LCP) is loaded with
   * high priority, the rest of its row with low: loaded at once all the same, but after it
   * rather than sharing its bandwidth (Chromium would raise them to high once laid out).
   */
  inHtml?: boolean;
  localizer: Localizer;
  onOpen: (index: number, tile: HTMLElement) => void;
}

const playIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 5.5v13l11-6.5z" fill="currentColor"></path></svg>`;

/**
 * One post as a button: the blurhash on a canvas, the image fading in over it, a play
 * badge on videos, and the uploader on hover. The button's name says who posted what.
 */
export function renderTile(post: Post, options: TileOptions): TemplateResult {
  const { index, eager, inHtml = false, localizer } = options;
  const src = tileImage(post);
  const user = post.uploadedBy?.username?.replace(/^@/, '');
  // `src` is bound last, so that `loading` is already set when the image is requested.
  // A picture in the HTML shows as it loads. Only the server writes that (hydration leaves the server's attributes
  // as they are, and the browser's value never changes): loaded before the script listens for it, it stays shown.
  const shown = isServer && inHtml;
  return html`<button
    part="tile"
    class="tile"
    type="button"
    data-index=${index}
    data-post-id=${post.id}
    aria-label=${tileLabel(post, localizer)}
    @click=${(event: Event) => options.onOpen(index, event.currentTarget as HTMLElement)}
  >
    <canvas class=${shown ? 'placeholder covered' : 'placeholder'} ${blurhash(post.media.hash, post.media)} aria-hidden="true"></canvas>
    ${src
      ? html`<img
          part="media"
          class=${shown ? 'media loaded' : 'media'}
          decoding="async"
          draggable="false"
          loading=${eager ? 'eager' : 'lazy'}
          fetchpriority=${inHtml ? (index ? 'low' : 'high') : eager ? 'auto' : 'low'}
          width=${ifDefined(post.media.width)}
          height=${ifDefined(post.media.height)}
          alt=${altText(post, localizer)}
          @load=${onImageLoad}
          @transitionend=${onImageShown}
          @error=${onImageError}
          src=${browserUrl(src, inHtml)}
        />`
      : nothing}
    ${post.type === 'VIDEO' ? html`<span class="badge" aria-hidden="true">${playIcon}</span>` : nothing}
    ${user ? html`<span class="byline" aria-hidden="true"><bdi dir="ltr">@${user}</bdi></span>` : nothing}
  </button>`;
}

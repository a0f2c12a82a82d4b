import { html, nothing, type TemplateResult } from 'lit';
import type { Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { blurhash } from '../shared/placeholder.js';
import { cssText } from '../shared/css-text.js';
import { altText } from './tile.js';
import { noteVideoTouched } from '../shared/video-play.js';

/** Display names of the platforms posts come from; anything else is capitalized. */
const ORIGIN_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  twitter: 'X',
  x: 'X',
  threads: 'Threads',
};

/** The platform's name, or `undefined` for posts made in the store itself (`upload`, `manual`). */
export function originName(origin: string | undefined): string | undefined {
  const key = origin?.trim().toLowerCase();
  if (!key || key === 'upload' || key === 'manual') return undefined;
  return ORIGIN_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function renderAvatar(post: Post): TemplateResult {
  const user = post.uploadedBy?.username?.replace(/^@/, '') ?? '';
  const image = post.uploadedBy?.image;
  return html`<span class="avatar" aria-hidden="true">
    ${image
      ? html`<canvas ${blurhash(image.hash)}></canvas><img src=${image.url} alt="" width="40" height="40" loading="lazy" fetchpriority="low" decoding="async" />`
      : html`<span class="initial">${(user.charAt(0) || '•').toUpperCase()}</span>`}
  </span>`;
}

/**
 * The side panel: who posted it and where, when, the caption (plain text: hashtags and
 * mentions stay text, never links), and for videos the description and transcript.
 */
export function renderPanel(post: Post, localizer: Localizer): TemplateResult {
  const user = post.uploadedBy?.username?.replace(/^@/, '');
  const origin = originName(post.origin);
  const date = localizer.date(post.socialDate ?? post.createdAt);
  const at = post.socialDate ?? post.createdAt;
  const video = post.type === 'VIDEO';
  return html`<header class="author">
      ${renderAvatar(post)}
      <div class="who">
        ${user ? html`<p class="username"><bdi dir="ltr">@${user}</bdi></p>` : nothing}
        <p class="meta">
          ${date ? html`<time datetime=${at}>${localizer.t('gallery.posted', { date })}</time>` : nothing}
          ${origin && !post.socialUrl ? html`<span class="origin">· ${origin}</span>` : nothing}
        </p>
      </div>
    </header>
    ${!post.hideCaption && post.comment?.trim() ? html`<p part="caption" class="caption" dir="auto">${post.comment.trim()}</p>` : nothing}
    ${post.socialUrl
      ? html`<a class="origin-link" href=${post.socialUrl} target="_blank" rel="noopener noreferrer"
          >${localizer.t('gallery.viewOriginal', { origin: origin ?? hostOf(post.socialUrl) })}<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M14 4h6v6h-2V7.4l-8.3 8.3-1.4-1.4L16.6 6H14zM6 6h5v2H6v10h10v-5h2v5a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z" fill="currentColor"></path></svg
        ></a>`
      : nothing}
    ${video && (post.videoDescription || post.videoCaptions)
      ? html`<details class="transcript">
          <summary>${localizer.t('gallery.transcript')}</summary>
          ${post.videoDescription ? html`<p><strong>${localizer.t('gallery.videoDescription')}:</strong> ${post.videoDescription}</p>` : nothing}
          ${post.videoCaptions ? html`<p class="captions">${post.videoCaptions}</p>` : nothing}
        </details>`
      : nothing}`;
}

export interface VideoOptions {
  autoplay: boolean;
  localizer: Localizer;
  /** The video's `play` event. */
  onPlay: (event: Event) => void;
}

/**
 * A video post: `<video>` with controls, muted, inline on phones, never autoplaying
 * unless asked (and never under reduced motion); its description is read out with it.
 */
export function renderVideo(post: Post, options: VideoOptions): TemplateResult {
  const { width, height, poster, hash } = post.media;
  const ratio = width && height ? `aspect-ratio: ${width} / ${height}` : '';
  return html`<div class="video-frame" style=${cssText(ratio)}>
    ${!poster && hash ? html`<canvas class="video-placeholder" ${blurhash(hash)} aria-hidden="true"></canvas>` : nothing}
    <video
      part="lightbox-media"
      class="video"
      src=${post.media.url}
      poster=${poster ?? nothing}
      width=${width ?? nothing}
      height=${height ?? nothing}
      controls
      muted
      .muted=${true}
      playsinline
      preload="metadata"
      ?autoplay=${options.autoplay}
      aria-label=${altText(post, options.localizer)}
      aria-describedby=${post.videoDescription ? 'video-description' : nothing}
      @pointerdown=${noteVideoTouched}
      @keydown=${noteVideoTouched}
      @play=${options.onPlay}
    ></video>
    ${post.videoDescription ? html`<p id="video-description" class="visually-hidden">${post.videoDescription}</p>` : nothing}
  </div>`;
}

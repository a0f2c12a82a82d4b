import { html, nothing, type TemplateResult } from 'lit';
import type { Review } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { renderStars } from '../shared/reviews/stars.js';
import { browserUrl } from '../shared/css-text.js';

export interface ReviewItemOptions {
  /** Whether the shopper asked for the original text of a translated review. */
  original: boolean;
  onToggleOriginal: () => void;
}

const check = html`<svg class="verified-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm3.53 5.97-4 4a.75.75 0 0 1-1.06 0l-2-2a.75.75 0 1 1 1.06-1.06L7 8.38l3.47-3.47a.75.75 0 1 1 1.06 1.06Z" /></svg>`;

/**
 * One review: its stars, title, author (with the verified-buyer badge), date, text,
 * photos and the store's reply. A review shown in translation says so and offers its
 * original text (marked with the original language), and back.
 */
export function renderReview(review: Review, localizer: Localizer, options: ReviewItemOptions): TemplateResult {
  const localization = review.localization;
  const showOriginal = options.original && localization !== undefined;
  const title = showOriginal ? localization.title : review.title;
  const body = showOriginal ? localization.body : review.body;
  const lang = showOriginal ? localization.language : review.language;
  const date = localizer.date(review.createdAt);
  return html`<li class="review" part="review" data-rating=${review.rating}>
    <article class="review-article">
      <div class="review-head">
        ${renderStars(review.rating, localizer, { whole: true, part: 'review-stars' })}
        ${date ? html`<time class="review-date" datetime=${review.createdAt}>${date}</time>` : nothing}
      </div>
      <div class="review-text" part="review-text" lang=${lang ?? nothing} dir="auto">
        ${title ? html`<h3 class="review-title" part="review-title">${title}</h3>` : nothing}
        ${body ? html`<p class="review-body" part="review-body">${body}</p>` : nothing}
      </div>
      ${localization
        ? html`<p class="translation" part="translation">
            ${showOriginal ? nothing : html`<span class="translated-from">${localizer.t('reviews.translatedFrom', { language: localizer.languageName(localization.language) })}</span>`}
            <button class="link-button" part="translation-toggle" type="button" @click=${options.onToggleOriginal}>${localizer.t(showOriginal ? 'reviews.showTranslation' : 'reviews.showOriginal')}</button>
          </p>`
        : nothing}
      <p class="review-author" part="review-author">
        ${review.authorName ? html`<span class="author-name" dir="auto">${review.authorName}</span>` : nothing}
        ${review.verifiedBuyer ? html`<span class="verified" part="verified-badge">${check}${localizer.t('reviews.verifiedBuyer')}</span>` : nothing}
      </p>
      ${review.media.length > 0 ? renderMedia(review, localizer) : nothing}
      ${review.reply
        ? html`<div class="reply" part="reply">
            <p class="reply-head">
              <span class="reply-label">${localizer.t('reviews.reply')}</span>
              ${review.reply.createdAt ? html`<time datetime=${review.reply.createdAt}>${localizer.date(review.reply.createdAt)}</time>` : nothing}
            </p>
            <p class="reply-body" lang=${review.language ?? nothing} dir="auto">${review.reply.body}</p>
          </div>`
        : nothing}
    </article>
  </li>`;
}

/**
 * A review's photos. A server render leaves their URL out (their links keep it), and the
 * browser writes it as the list hydrates, once a shopper comes near: "lazy" and of low
 * priority as they were, Chromium requested them with the page's first pictures (it loads
 * lazy ones within about 1,250 px of the viewport), sharing the bandwidth of a gallery's
 * first photo. Written that late, "lazy" is enough (a lazy image starts with low priority).
 */
function renderMedia(review: Review, localizer: Localizer): TemplateResult {
  const total = review.media.length;
  return html`<ul class="media" part="media" role="list">
    ${review.media.map(
      (media, index) => html`<li>
        <a class="thumb" part="media-link" href=${media.url} target="_blank" rel="noopener noreferrer">
          <img
            part="media-thumbnail"
            src=${browserUrl(media.url, false)}
            alt=${localizer.t('reviews.mediaAlt', { index: index + 1, total })}
            loading="lazy"
            decoding="async"
            width=${media.width ?? 96}
            height=${media.height ?? 96}
          />
        </a>
      </li>`,
    )}
  </ul>`;
}

import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { cssText } from '../shared/css-text.js';
import type { CarouselController } from './carousel-controller.js';
import { containerStyle, layoutMasonry, placementStyle, SKELETON_RATIOS } from './masonry.js';
import { mediaRatio, renderSkeleton, renderTile } from './tile.js';

/** What every layout needs to render: the posts (or, before the first page, a count of skeletons). */
export interface LayoutContext {
  posts: readonly Post[] | undefined;
  skeletons: number;
  /** Columns in use at the element's current width (slides in view for the carousel). */
  columns: number;
  localizer: Localizer;
  onOpen: (index: number, tile: HTMLElement) => void;
  /** Whether to put the `load="scroll"` sentinel after the posts. */
  sentinel: boolean;
  /** Posts rendered as tiles so far; the rest hold their place as skeletons until the next frames. */
  rendered: number;
}

const sentinel = (ctx: LayoutContext) => (ctx.sentinel ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing);

function tile(ctx: LayoutContext, post: Post, index: number): TemplateResult {
  if (index >= ctx.rendered) return renderSkeleton();
  return renderTile(post, { index, eager: index < ctx.columns, localizer: ctx.localizer, onOpen: ctx.onOpen });
}

/** Skeletons that stand in for tiles not rendered yet are hidden from assistive technology. */
const pending = (ctx: LayoutContext, index: number) => (index >= ctx.rendered ? 'true' : nothing);

/** Responsive columns (`columns` at most), tiles of one aspect ratio, object-fit cover. */
export function renderGrid(ctx: LayoutContext): TemplateResult {
  const style = `--_cols: ${ctx.columns}`;
  if (!ctx.posts) {
    return html`<div class="grid" style=${cssText(style)} aria-hidden="true">
      ${Array.from({ length: ctx.skeletons }, () => html`<div class="cell">${renderSkeleton()}</div>`)}
    </div>`;
  }
  return html`<ul class="grid" style=${cssText(style)} role="list" aria-label=${ctx.localizer.t('gallery.label')}>
      ${repeat(ctx.posts, (post) => post.id, (post, index) => html`<li class="cell" aria-hidden=${pending(ctx, index)}>${tile(ctx, post, index)}</li>`)}
    </ul>
    ${sentinel(ctx)}`;
}

/** Columns of tiles in their own aspect ratios, placed by {@link layoutMasonry}. */
export function renderMasonry(ctx: LayoutContext): TemplateResult {
  const ratios = ctx.posts ? ctx.posts.map((post) => mediaRatio(post) ?? 1) : Array.from({ length: ctx.skeletons }, (_, i) => SKELETON_RATIOS[i % SKELETON_RATIOS.length]!);
  const layout = layoutMasonry(ratios, ctx.columns);
  if (!ctx.posts) {
    return html`<div class="masonry-frame"><div class="masonry" style=${cssText(containerStyle(layout, ctx.columns))} aria-hidden="true">
      ${layout.placements.map((p) => html`<div class="cell" style=${cssText(placementStyle(p))}>${renderSkeleton()}</div>`)}
    </div></div>`;
  }
  return html`<div class="masonry-frame">
      <ul class="masonry" style=${cssText(containerStyle(layout, ctx.columns))} role="list" aria-label=${ctx.localizer.t('gallery.label')}>
        ${repeat(ctx.posts, (post) => post.id, (post, index) =>
            html`<li class="cell" style=${cssText(placementStyle(layout.placements[index]!))} aria-hidden=${pending(ctx, index)}>${tile(ctx, post, index)}</li>`,
        )}
      </ul>
    </div>
    ${sentinel(ctx)}`;
}

export interface CarouselContext extends LayoutContext {
  carousel: CarouselController;
  /** Whether a next page exists (the next button then stays active at the end). */
  hasMore: boolean;
}

const chevron = (flip: boolean) =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class=${flip ? 'flip' : ''}><path d="M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z" fill="currentColor"></path></svg>`;

/**
 * A horizontal, scroll-snapping track with previous/next buttons, following the APG
 * carousel pattern: a region with `aria-roledescription="carousel"`, each slide a
 * group "3 of 12" with `aria-roledescription="slide"`.
 */
export function renderCarousel(ctx: CarouselContext): TemplateResult {
  const { localizer, carousel } = ctx;
  const total = ctx.posts?.length ?? 0;
  const slides = ctx.posts
    ? repeat(
        ctx.posts,
        (post) => post.id,
        (post, index) =>
          html`<div
            class="slide"
            role="group"
            aria-roledescription=${localizer.t('gallery.slide')}
            aria-label=${localizer.t('gallery.slideLabel', { current: index + 1, total })}
            aria-hidden=${pending(ctx, index)}
          >
            ${tile(ctx, post, index)}
          </div>`,
      )
    : Array.from({ length: ctx.skeletons }, () => html`<div class="slide" aria-hidden="true">${renderSkeleton()}</div>`);
  const prevDisabled = !ctx.posts || carousel.atStart;
  const nextDisabled = !ctx.posts || (carousel.atEnd && !ctx.hasMore);
  return html`<div class="carousel" role="region" aria-roledescription=${localizer.t('gallery.carousel')} aria-label=${localizer.t('gallery.label')} style=${cssText(`--_cols: ${ctx.columns}; --_peek: ${ctx.columns < 3 ? 0.25 : 0}`)}>
    <button
      part="button prev"
      class="nav prev"
      type="button"
      aria-label=${localizer.t('gallery.previousPost')}
      aria-disabled=${prevDisabled ? 'true' : 'false'}
      @click=${() => !prevDisabled && carousel.move(-1)}
    >${chevron(true)}</button>
    <div class="carousel-track" @keydown=${carousel.onKeyDown}>${slides}${sentinel(ctx)}</div>
    <button
      part="button next"
      class="nav next"
      type="button"
      aria-label=${localizer.t('gallery.nextPost')}
      aria-disabled=${nextDisabled ? 'true' : 'false'}
      @click=${() => !nextDisabled && carousel.move(1)}
    >${chevron(false)}</button>
  </div>`;
}

import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { cssText } from '../shared/css-text.js';
import type { CarouselController } from './carousel-controller.js';
import { layoutPending, layoutSentinel, layoutTile } from './grid.js';
import { carouselStyle, fitColumns, renderSkeleton, type LayoutContext } from './layouts.js';
import { masonryStyles, SKELETON_RATIOS } from './masonry.js';
import { MAX_COLUMNS } from './gallery-options.js';
import { mediaRatio } from './tile.js';

/**
 * The gallery's other layouts, masonry and carousel (with the carousel's controller),
 * loaded when a gallery first asks for one of them (see `extra-layouts.ts`); the grid is
 * in `grid.ts`, the skeletons in `layouts.ts`.
 */
export { CarouselController } from './carousel-controller.js';
export { layoutStyles } from './layout-extras.styles.js';

/**
 * Columns of tiles in their own aspect ratios, placed by `layoutMasonry`: for the
 * columns measured, or, before a measurement (a server render), for every count the
 * stylesheet may pick at the gallery's width (at most the `columns` attribute).
 */
export function renderMasonry(ctx: LayoutContext): TemplateResult {
  const ratios = ctx.posts ? ctx.posts.map((post) => mediaRatio(post) ?? 1) : Array.from({ length: ctx.skeletons }, (_, i) => SKELETON_RATIOS[i % SKELETON_RATIOS.length]!);
  const counts = ctx.measured ? [ctx.columns] : Array.from({ length: ctx.gridColumns ?? MAX_COLUMNS }, (_, i) => i + 1);
  const { list, cells } = masonryStyles(ratios, counts);
  const listStyle = cssText([fitColumns(ctx), list].filter(Boolean).join(';'));
  if (!ctx.posts) {
    return html`<div class="masonry-frame"><div class="masonry" style=${listStyle} aria-hidden="true">
      ${cells.map((cell) => html`<div class="cell" style=${cssText(cell)}>${renderSkeleton()}</div>`)}
    </div></div>`;
  }
  return html`<div class="masonry-frame">
      <ul class="masonry" style=${listStyle} role="list" aria-label=${ctx.localizer.t('gallery.label')}>
        ${repeat(ctx.posts, (post) => post.id, (post, index) =>
            html`<li class="cell" style=${cssText(cells[index])} aria-hidden=${layoutPending(ctx, index)}>${layoutTile(ctx, post, index)}</li>`,
        )}
      </ul>
    </div>
    ${layoutSentinel(ctx)}`;
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
            aria-hidden=${layoutPending(ctx, index)}
          >
            ${layoutTile(ctx, post, index)}
          </div>`,
      )
    : Array.from({ length: ctx.skeletons }, () => html`<div class="slide" aria-hidden="true">${renderSkeleton()}</div>`);
  const prevDisabled = !ctx.posts || carousel.atStart;
  const nextDisabled = !ctx.posts || (carousel.atEnd && !ctx.hasMore);
  return html`<div class="carousel" role="region" aria-roledescription=${localizer.t('gallery.carousel')} aria-label=${localizer.t('gallery.label')} style=${cssText(carouselStyle(ctx))}>
    <button
      part="button prev"
      class="nav prev"
      type="button"
      aria-label=${localizer.t('gallery.previousPost')}
      aria-disabled=${prevDisabled ? 'true' : 'false'}
      @click=${() => !prevDisabled && carousel.move(-1)}
    >${chevron(true)}</button>
    <div class="carousel-track" @keydown=${carousel.onKeyDown}>${slides}${layoutSentinel(ctx)}</div>
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

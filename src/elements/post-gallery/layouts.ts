import { html, type TemplateResult } from 'lit';
import type { Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { cssText } from '../shared/css-text.js';

/** What every layout needs to render: the posts (or, before the first page, a count of skeletons). */
export interface LayoutContext {
  posts: readonly Post[] | undefined;
  skeletons: number;
  /** Columns in use at the element's current width (slides in view for the carousel). */
  columns: number;
  /**
   * The grid's most columns, as its style names them: measured, or the `columns`
   * attribute; `undefined` before a measurement without one (a server render), when the
   * grid's CSS takes the theme's `--svc-gallery-columns`, else 4.
   */
  gridColumns: number | undefined;
  /** Whether `columns` was measured (in a browser, at the element's width). */
  measured: boolean;
  localizer: Localizer;
  onOpen: (index: number, tile: HTMLElement) => void;
  /** Whether to put the `load="scroll"` sentinel after the posts. */
  sentinel: boolean;
  /** Posts rendered as tiles so far; the rest hold their place as skeletons until the next frames. */
  rendered: number;
  /** Whether the gallery was in the first viewport: its first row's images then load at once. */
  aboveFold: boolean;
  /** `first-viewport`: the tiles the server writes with their URL, shown at once (the first row at the most columns, as server and browser both count them); else 0. */
  inHtml: number;
}

/** The grid's style: its most columns, where known (the grid's CSS fits as many as 140 px tiles allow). */
export const gridStyle = (ctx: LayoutContext): string | undefined => (ctx.gridColumns === undefined ? undefined : `--_cols: ${ctx.gridColumns}`);

/**
 * A carousel's or masonry's columns (slides in view): once measured, `--_cols`; before (a
 * server render, the browser's first render), the most the `columns` attribute allows,
 * where given, and their CSS fits the columns as the measurement will.
 */
export const fitColumns = (ctx: LayoutContext): string | undefined =>
  ctx.measured ? `--_cols: ${ctx.columns}` : ctx.gridColumns === undefined ? undefined : `--_most: ${ctx.gridColumns}`;

/** The carousel's style: its slides in view ({@link fitColumns}) and, once measured, the next one's peek. */
export const carouselStyle = (ctx: LayoutContext): string | undefined => (ctx.measured ? `${fitColumns(ctx)}; --_peek: ${ctx.columns < 3 ? 0.25 : 0}` : fitColumns(ctx));

/** A grey, blurhash-less stand-in for a tile while the first page loads. */
export function renderSkeleton(ratio?: number): TemplateResult {
  return html`<div class="tile skeleton" style=${cssText(ratio ? `aspect-ratio: 1 / ${ratio}` : undefined)}></div>`;
}

/**
 * The grid before its posts are there: skeletons in the columns the posts will take. The grid with posts is in `grid.ts`.
 */
export function renderGridSkeleton(ctx: LayoutContext): TemplateResult {
  return html`<div class="grid" style=${cssText(gridStyle(ctx))} aria-hidden="true">
    ${Array.from({ length: ctx.skeletons }, () => html`<div class="cell">${renderSkeleton()}</div>`)}
  </div>`;
}

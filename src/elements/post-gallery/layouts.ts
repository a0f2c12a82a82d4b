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
  localizer: Localizer;
  onOpen: (index: number, tile: HTMLElement) => void;
  /** Whether to put the `load="scroll"` sentinel after the posts. */
  sentinel: boolean;
  /** Posts rendered as tiles so far; the rest hold their place as skeletons until the next frames. */
  rendered: number;
  /** Whether the gallery was in the first viewport: its first row's images then load at once. */
  aboveFold: boolean;
}

/** A grey, blurhash-less stand-in for a tile while the first page loads. */
export function renderSkeleton(ratio?: number): TemplateResult {
  return html`<div class="tile skeleton" style=${cssText(ratio ? `aspect-ratio: 1 / ${ratio}` : undefined)}></div>`;
}

/**
 * The grid before its posts are there: skeletons in the columns the posts will take. The grid with posts is in `grid.ts`.
 */
export function renderGridSkeleton(ctx: LayoutContext): TemplateResult {
  return html`<div class="grid" style=${cssText(`--_cols: ${ctx.columns}`)} aria-hidden="true">
    ${Array.from({ length: ctx.skeletons }, () => html`<div class="cell">${renderSkeleton()}</div>`)}
  </div>`;
}

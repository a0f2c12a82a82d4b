import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';
import { cssText } from '../shared/css-text.js';
import { renderSkeleton, renderTile } from './tile.js';

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

/** The `load="scroll"` sentinel after the posts, when asked for. */
export const layoutSentinel = (ctx: LayoutContext) => (ctx.sentinel ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing);

/** A post's tile, or a skeleton while it waits for its turn to render. */
export function layoutTile(ctx: LayoutContext, post: Post, index: number): TemplateResult {
  if (index >= ctx.rendered) return renderSkeleton();
  return renderTile(post, { index, eager: index < ctx.columns, localizer: ctx.localizer, onOpen: ctx.onOpen });
}

/** Skeletons that stand in for tiles not rendered yet are hidden from assistive technology. */
export const layoutPending = (ctx: LayoutContext, index: number) => (index >= ctx.rendered ? 'true' : nothing);

/** Responsive columns (`columns` at most), tiles of one aspect ratio, object-fit cover. */
export function renderGrid(ctx: LayoutContext): TemplateResult {
  const style = `--_cols: ${ctx.columns}`;
  if (!ctx.posts) {
    return html`<div class="grid" style=${cssText(style)} aria-hidden="true">
      ${Array.from({ length: ctx.skeletons }, () => html`<div class="cell">${renderSkeleton()}</div>`)}
    </div>`;
  }
  return html`<ul class="grid" style=${cssText(style)} role="list" aria-label=${ctx.localizer.t('gallery.label')}>
      ${repeat(ctx.posts, (post) => post.id, (post, index) => html`<li class="cell" aria-hidden=${layoutPending(ctx, index)}>${layoutTile(ctx, post, index)}</li>`)}
    </ul>
    ${layoutSentinel(ctx)}`;
}

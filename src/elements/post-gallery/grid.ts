import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Post } from '../../api/types.js';
import { cssText } from '../shared/css-text.js';
import { gridStyle, renderSkeleton, type LayoutContext } from './layouts.js';
import { renderTile } from './tile.js';

/** The gallery's tiles and its grid of posts (every layout's tiles come from here). */

/** The `load="scroll"` sentinel after the posts, when asked for. */
export const layoutSentinel = (ctx: LayoutContext) => (ctx.sentinel ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing);

/** A post's tile, or a skeleton while it waits for its turn to render. */
export function layoutTile(ctx: LayoutContext, post: Post, index: number): TemplateResult {
  if (index >= ctx.rendered) return renderSkeleton();
  const inHtml = index < ctx.inHtml;
  return renderTile(post, { index, eager: inHtml || (ctx.aboveFold && index < ctx.columns), inHtml, localizer: ctx.localizer, onOpen: ctx.onOpen });
}

/** Skeletons that stand in for tiles not rendered yet are hidden from assistive technology. */
export const layoutPending = (ctx: LayoutContext, index: number) => (index >= ctx.rendered ? 'true' : nothing);

/** Responsive columns (`columns` at most), tiles of one aspect ratio, object-fit cover. */
export function renderGrid(ctx: LayoutContext & { posts: readonly Post[] }): TemplateResult {
  return html`<ul class="grid" style=${cssText(gridStyle(ctx))} role="list" aria-label=${ctx.localizer.t('gallery.label')}>
      ${repeat(ctx.posts, (post) => post.id, (post, index) => html`<li class="cell" aria-hidden=${layoutPending(ctx, index)}>${layoutTile(ctx, post, index)}</li>`)}
    </ul>
    ${layoutSentinel(ctx)}`;
}

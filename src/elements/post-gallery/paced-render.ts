import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Post } from '../../api/types.js';

/** Tiles rendered per task after the first screenful. */
export const CHUNK = 12;

/**
 * Paces how many posts the gallery renders as tiles (`rendered`): a new list starts with
 * what fits the viewport, and the rest follows a chunk per task, so that a long page
 * is rendered over a few short tasks, not in one long one. Skeletons of the same size
 * hold the place of the posts not rendered yet.
 */
export class PacedRender implements ReactiveController {
  rendered = 0;
  private first: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Called from `willUpdate` with the posts and the columns in use; `width` is the gallery's, when measured. */
  pace(posts: readonly Post[], columns: number, width: number): void {
    if (posts[0]?.id !== this.first) {
      this.first = posts[0]?.id;
      this.rendered = Math.min(posts.length, firstChunk(columns, width));
    }
    if (this.rendered >= posts.length || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.rendered = Math.min(posts.length, this.rendered + CHUNK);
      this.host.requestUpdate();
    }, 0);
  }

  /** The shopper asked for posts up to `count`: render them at once (to move focus to them). */
  showAtLeast(count: number, total: number): boolean {
    if (this.rendered >= count) return false;
    this.rendered = Math.min(total, count);
    this.host.requestUpdate();
    return true;
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Tiles in the first task: what likely fits the viewport (at least two rows). */
function firstChunk(columns: number, width: number): number {
  const rowHeight = Math.max(80, (width || 800) / columns);
  return columns * Math.max(2, Math.ceil((window.innerHeight || 800) / rowHeight) + 1);
}

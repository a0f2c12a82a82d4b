import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Post } from '../../api/types.js';
import { SLICE_MS } from '../../shared/time-slice.js';

/** Most tiles rendered per task after the first screenful. */
export const CHUNK = 12;

/**
 * Paces how many posts the gallery renders as tiles (`rendered`): a new list starts with
 * what fits the viewport, and the rest follows a chunk per task, so that a long page
 * is rendered over a few short tasks, not in one long one. A chunk holds as many tiles
 * as the last ones took to render in the page's time slice (`SLICE_MS`, measured on the
 * device itself: a phone renders fewer a task than a desktop; one at least, `CHUNK` at most).
 * Skeletons of the same size hold the place of the posts not rendered yet.
 */
export class PacedRender implements ReactiveController {
  rendered = 0;
  private first: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Milliseconds one tile took to render, from the last update that added tiles. */
  private perTile: number | undefined;
  private measuring: { from: number; since?: number } | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /**
   * Called from `willUpdate` with the posts and the columns in use; `width` is the
   * gallery's, when measured; `inView` whether it was in the first viewport (else its
   * first chunk is one row); `all` renders every post at once (a server render, and the
   * browser's first render over it, which must match it).
   */
  pace(posts: readonly Post[], columns: number, width: number, inView = true, all = false): void {
    if (posts[0]?.id !== this.first) {
      this.first = posts[0]?.id;
      this.rendered = all ? posts.length : Math.min(posts.length, inView ? firstChunk(columns, width) : columns);
      this.measuring = { from: 0 };
    }
    // From the update's start: not the wait for its turn.
    if (this.measuring) this.measuring.since ??= performance.now();
    if (this.rendered >= posts.length || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const chunk = this.perTile === undefined ? CHUNK : Math.max(1, Math.min(CHUNK, Math.floor(SLICE_MS / this.perTile)));
      this.measuring = { from: this.rendered };
      this.rendered = Math.min(posts.length, this.rendered + chunk);
      this.host.requestUpdate();
    }, 0);
  }

  /** The new tiles' render time: from the start of the update that rendered them (`pace`, from `willUpdate`) to its end. */
  hostUpdated(): void {
    const measuring = this.measuring;
    if (measuring?.since === undefined || this.rendered <= measuring.from) return;
    this.measuring = undefined;
    this.perTile = (performance.now() - measuring.since) / (this.rendered - measuring.from);
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
  return columns * Math.max(2, Math.ceil((globalThis.innerHeight || 800) / rowHeight) + 1);
}

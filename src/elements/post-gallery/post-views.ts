import type { ReactiveControllerHost } from 'lit';
import type { Post } from '../../api/types.js';
import { ViewTracker } from '../../controllers/view-tracker.js';
import type { PostViewDetail } from '../../events.js';

interface PostViewHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface PostViewOptions {
  /** The nodes that show a post, each with its id in `data-post-id`. */
  selector: string;
  /** The posts, to find a seen node's post and index. */
  posts: () => readonly Post[];
  emit: (detail: PostViewDetail) => void;
  /** Ids already reported by another tracker, sharing them (a tile seen in the grid is not reported again in the lightbox). */
  seen?: () => Set<string> | undefined;
  /** While `false`, nothing is watched (the tiles under an open lightbox are not seen). */
  active?: () => boolean;
}

/** `svc-post-view` for the posts a gallery or its lightbox shows. */
export function trackPostViews(host: PostViewHost, { selector, posts, emit, seen, active }: PostViewOptions): ViewTracker {
  return new ViewTracker(host, {
    targets: () => (active?.() === false ? [] : host.renderRoot.querySelectorAll(selector)),
    key: (node) => (node as HTMLElement).dataset['postId'],
    seen,
    onView: (_node, id) => {
      const list = posts();
      const index = list.findIndex((post) => post.id === id);
      if (index >= 0) emit({ post: list[index]!, index });
    },
  });
}

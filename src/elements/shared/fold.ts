import type { ReactiveControllerHost } from 'lit';
import { NEAR, type RenderPacing } from './render-pacing.js';

// Whether an element was in the first viewport, for the elements whose images load
// eagerly there (a gallery's first row, a shoppable post's picture) and lazily with low
// priority everywhere else. A module of their own: a page of badges never needs it.

/**
 * Whether an entry of render-pacing.ts's `NEAR_MARGIN` observer is in the viewport:
 * whether what shows of its element (through the frames around it) is inside the
 * observer's root less its margins. Not from `innerHeight`, which makes the browser lay
 * the page out first when other elements have just changed it (on the bench's
 * server-rendered page, 6 ms of style and layout in this callback, four times that on a
 * phone). Without a root box (a cross-origin frame), from the window's size.
 */
function inViewport(entry: IntersectionObserverEntry): boolean {
  const root = entry.rootBounds;
  const box = entry.boundingClientRect;
  if (!root) return box.top < innerHeight && box.bottom >= 0 && box.right >= 0 && box.left < innerWidth;
  // The margins are above and below only: an intersecting element is inside the root's width.
  const height = root.height / (1 + 2 * NEAR);
  const top = root.top + NEAR * height;
  const shown = entry.intersectionRect;
  // An element that only touches a frame's edge intersects with no height: it does not show.
  return entry.isIntersecting && (shown.height > 0 || box.height === 0) && shown.top < top + height && shown.bottom >= top;
}

/**
 * Whether `host` was in the viewport when `pacing`'s observer first saw it: `false` until
 * known, and the host updates once it turns out true.
 */
export function watchFold(host: ReactiveControllerHost, pacing: RenderPacing): () => boolean {
  let above = false;
  pacing.firstSeen = (entry) => {
    above = inViewport(entry);
    if (above) host.requestUpdate();
  };
  return () => above;
}

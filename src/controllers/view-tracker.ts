import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';

/**
 * How long (ms) a node must stay at least half visible to count as seen. Internal:
 * tests shorten it; the elements always use the default.
 * @internal
 */
export const viewTiming = { dwell: 1000 };

/** Share of a node that must be visible (or, for a node larger than the viewport, share of the viewport it must fill). */
const SHARE = 0.5;
/**
 * 0.5 is the rule; the lower steps only wake the observer for nodes larger than the
 * viewport, which never reach half visible (a tall gallery counts once it fills half
 * the viewport; a node more than ten viewports tall is never seen).
 */
const THRESHOLDS = [0, 0.1, 0.2, 0.3, 0.4, SHARE];

export interface ViewTrackerOptions {
  /** The nodes to watch, read again after every update of the host. */
  targets: () => Iterable<Element>;
  /** What a node stands for (a post id, say): each key is reported once; `undefined` is not watched. */
  key: (node: Element) => string | undefined;
  /** A node was seen (at least half visible for the dwell time, page visible). */
  onView: (node: Element, key: string) => void;
  /** Keys already reported, when several trackers share them (a gallery's and its lightbox's); the tracker's own `seen` otherwise. */
  seen?: () => Set<string> | undefined;
  /** Dwell time in ms; `viewTiming.dwell` (one second) by default. */
  dwell?: number;
}

type EntryHandler = (entry: IntersectionObserverEntry) => void;

/**
 * One observer for the page, handing each entry to the trackers watching its node. A
 * per-element observer's callback (which holds its element) outlived the element after
 * `disconnect()` in Chromium, keeping removed elements alive a while longer.
 */
const handlers = new Map<Element, Set<EntryHandler>>();
let observer: IntersectionObserver | undefined;
/** Nodes in view with no box yet, watched until they have one. */
let boxless: ResizeObserver | undefined;

const area = (box: DOMRectReadOnly) => box.width * box.height;

function observe(node: Element, handler: EntryHandler): void {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      // In view with no box (its first render to come, or held at no height by the page): growing
      // in full view crosses no threshold, so the observer is asked anew once the node has a box.
      if (entry.isIntersecting && !area(entry.boundingClientRect)) {
        boxless ??= new ResizeObserver((sized) => {
          for (const { target, contentRect } of sized) if (area(contentRect)) observeAnew(target);
        });
        boxless.observe(entry.target);
      }
      for (const handle of handlers.get(entry.target) ?? []) handle(entry);
    }
  }, { threshold: THRESHOLDS });
  const set = handlers.get(node);
  if (set) {
    set.add(handler);
    // The observer reports a node's state only when it starts observing: a second tracker asks again.
    observer.unobserve(node);
  } else handlers.set(node, new Set([handler]));
  observer.observe(node);
}

function observeAnew(node: Element): void {
  boxless?.unobserve(node);
  if (!handlers.has(node)) return;
  observer?.unobserve(node);
  observer?.observe(node);
}

function unobserve(node: Element, handler: EntryHandler): void {
  const set = handlers.get(node);
  if (!set?.delete(handler) || set.size > 0) return;
  handlers.delete(node);
  observer?.unobserve(node);
  boxless?.unobserve(node);
}

/** Whether an intersection counts: half the node, or half the viewport for a node larger than it. */
function halfVisible(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting || entry.boundingClientRect.width <= 0 || entry.boundingClientRect.height <= 0) return false;
  if (entry.intersectionRatio >= SHARE) return true;
  const root = entry.rootBounds;
  const visible = entry.intersectionRect.width * entry.intersectionRect.height;
  return root !== null && visible >= SHARE * root.width * root.height;
}

/** Not hidden by CSS (`visibility`, `opacity: 0`, `display: none` or `content-visibility` on it or an ancestor). */
function rendered(node: Element): boolean {
  return node.isConnected && node.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
}

/**
 * Reports each watched node once it has been at least half visible for one continuous
 * second while the page is visible: an IntersectionObserver (threshold 0.5) and a
 * dwell timer per node, cancelled when the node leaves, when the tab is hidden or
 * when the node is removed. A node that is hidden or has no size never counts; a
 * tile scrolled past quickly never does either. Each key is reported at most once per
 * tracker (per element and page view); seen nodes are no longer observed.
 */
export class ViewTracker implements ReactiveController {
  /** Watched nodes, the key each was watched for, and the dwell timer of those in view. */
  private readonly watched = new Map<Element, { key: string; inView: boolean; timer?: ReturnType<typeof setTimeout> | undefined }>();
  /** Keys reported by this tracker (unless `options.seen` gives another set). */
  readonly ownSeen = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly options: ViewTrackerOptions,
  ) {
    host.addController(this);
  }

  private get seen(): Set<string> {
    return this.options.seen?.() ?? this.ownSeen;
  }

  hostConnected(): void {
    // A server render (Lit's SSR) is never in view.
    if (isServer) return;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    // A moved element may not render again: watch what it already shows.
    this.scan();
  }

  hostUpdated(): void {
    this.scan();
  }

  hostDisconnected(): void {
    if (isServer) return;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    for (const node of [...this.watched.keys()]) this.unwatch(node);
  }

  /** Watches the current targets not seen yet; drops those removed, seen, or now standing for another key. */
  private scan(): void {
    if (!this.host.isConnected || typeof IntersectionObserver === 'undefined') return;
    const current = new Map<Element, string>();
    for (const node of this.options.targets()) {
      const key = this.options.key(node);
      if (key !== undefined && !this.seen.has(key)) current.set(node, key);
    }
    for (const [node, state] of this.watched) {
      if (current.get(node) !== state.key) this.unwatch(node);
    }
    for (const [node, key] of current) {
      if (this.watched.has(node)) continue;
      this.watched.set(node, { key, inView: false });
      observe(node, this.onIntersect);
    }
  }

  private unwatch(node: Element): void {
    clearTimeout(this.watched.get(node)?.timer);
    this.watched.delete(node);
    unobserve(node, this.onIntersect);
  }

  private readonly onIntersect = (entry: IntersectionObserverEntry): void => {
    const state = this.watched.get(entry.target);
    if (!state) return;
    state.inView = halfVisible(entry);
    this.arm(entry.target);
  };

  private readonly onVisibilityChange = (): void => {
    for (const node of this.watched.keys()) this.arm(node);
  };

  /** Starts the node's dwell timer while it is in view and the page visible; cancels it otherwise. */
  private arm(node: Element): void {
    const state = this.watched.get(node);
    if (!state) return;
    const counting = state.inView && document.visibilityState === 'visible';
    if (!counting) {
      clearTimeout(state.timer);
      state.timer = undefined;
    } else if (state.timer === undefined) {
      state.timer = setTimeout(() => {
        state.timer = undefined;
        if (this.seen.has(state.key)) return this.unwatch(node);
        // In view but hidden by CSS: looked at again a dwell time later.
        if (!rendered(node)) return this.arm(node);
        this.seen.add(state.key);
        this.unwatch(node);
        this.options.onView(node, state.key);
      }, this.options.dwell ?? viewTiming.dwell);
    }
  }
}

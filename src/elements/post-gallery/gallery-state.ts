import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/query-core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import type { Page, Post } from '../../api/types.js';
import type { Localizer } from '../../i18n/localize.js';

type Result = InfiniteQueryObserverResult<InfiniteData<Page<Post>, string | null>, StorefrontError>;

/** `:host(:state(…))` values a theme can style. */
export type GalleryHostState = 'loading' | 'loaded' | 'empty' | 'error';
const HOST_STATES: GalleryHostState[] = ['loading', 'loaded', 'empty', 'error'];

type Emit = (name: 'svc-load' | 'svc-error', detail: unknown) => void;

/**
 * What the gallery derives from the query result on each update: the flat list of
 * posts (unique by id, stable while the pages do not change), the polite announcement
 * ("12 more posts loaded", "Post 3 of 12"), the host's custom state, and the
 * `svc-load` / `svc-error` events (each once per first page and per failure).
 */
export class GalleryState implements ReactiveController {
  posts: readonly Post[] = [];
  announcement = '';
  private pages: unknown;
  private internals: ElementInternals | undefined;
  private loadedFor: unknown;
  private reportedError: unknown;
  private loadingMore = false;
  private pendingEvents: [Parameters<Emit>[0], unknown][] = [];

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly result: () => Result | undefined,
    private readonly emit: Emit,
    /** Whether posts can be shown yet (the masonry or carousel code may still be loading): until then they count as loading. */
    private readonly ready: () => boolean = () => true,
  ) {
    host.addController(this);
    try {
      this.internals = host.attachInternals();
    } catch {
      this.internals = undefined;
    }
  }

  /** Called from `willUpdate`: derives everything before render. */
  sync(localizer: Localizer): void {
    const result = this.result();
    const data = this.ready() ? result?.data : undefined;
    if (data?.pages !== this.pages) {
      const previous = this.posts;
      const seen = new Set<string>();
      const posts: Post[] = [];
      for (const page of data?.pages ?? []) {
        for (const post of page.items) {
          if (seen.has(post.id)) continue;
          seen.add(post.id);
          posts.push(post);
        }
      }
      this.pages = data?.pages;
      this.posts = posts;
      // Same list grown at its end (not a new filter): tell screen readers what came in.
      const grew = previous.length > 0 && posts.length > previous.length && posts[0]?.id === previous[0]?.id;
      if (grew) this.announcement = localizer.t('gallery.morePostsLoaded', { count: posts.length - previous.length });
      // A first page (of this query, or after a change of filters): how many posts came.
      else if (data !== undefined && data.pages[0] !== this.loadedFor) this.announcement = localizer.t('gallery.postsLoaded', { count: posts.length });
      // A first page (of this query, or after a change of filters) is on screen.
      const first = data?.pages[0];
      if (first !== undefined && first !== this.loadedFor && !grew) this.pendingEvents.push(['svc-load', { count: posts.length }]);
      this.loadedFor = first;
    }
    // "Loading…" before the first page; "Loading more posts…" once a next page is asked for.
    if (data === undefined) this.announcement = result !== undefined && !result.isError ? localizer.t('loading') : '';
    const loadingMore = result?.isFetchingNextPage === true;
    if (loadingMore && !this.loadingMore) this.announcement = localizer.t('gallery.loadingMore');
    this.loadingMore = loadingMore;
    const error = result?.error ?? undefined;
    if (error && error !== this.reportedError) this.pendingEvents.push(['svc-error', { error }]);
    this.reportedError = error;
    this.setHostState(result, data);
  }

  /** "Post 3 of 12" for the carousel after a move. */
  announcePosition(index: number, localizer: Localizer): void {
    this.announcement = localizer.t('gallery.position', { current: index + 1, total: this.posts.length });
    this.host.requestUpdate();
  }

  hostUpdated(): void {
    const events = this.pendingEvents;
    this.pendingEvents = [];
    for (const [name, detail] of events) this.emit(name, detail);
  }

  private setHostState(result: Result | undefined, data: Result['data']): void {
    let next: GalleryHostState = 'loading';
    if (data) next = this.posts.length === 0 && !result?.hasNextPage ? 'empty' : 'loaded';
    else if (result?.isError) next = 'error';
    const states = this.internals?.states;
    if (!states) return;
    for (const name of HOST_STATES) {
      if (name === next) states.add(name);
      else states.delete(name);
    }
  }
}

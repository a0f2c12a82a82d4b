import type { ReactiveController, ReactiveControllerHost } from 'lit';

interface Host extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * `load="scroll"`: watches a sentinel at the end of the posts and asks for the next
 * page when it comes into view (with some margin, so the next page is usually in
 * before the shopper gets there). The observer is disconnected when the element
 * disconnects. After each update the sentinel is observed afresh, so that a sentinel
 * still in view after a short page asks again.
 */
export class ScrollLoader implements ReactiveController {
  private observer: IntersectionObserver | undefined;
  private sentinel: Element | undefined;
  private lastToken: unknown;

  constructor(
    private readonly host: Host,
    /** Whether a page may be asked for now (more pages, none loading, no failed page). */
    private readonly canLoad: () => boolean,
    private readonly load: () => void,
    /** Changes whenever the posts change, to observe the sentinel afresh. */
    private readonly token: () => unknown,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const sentinel = this.host.renderRoot.querySelector('.sentinel') ?? undefined;
    if (!sentinel) {
      this.disconnect();
      return;
    }
    const token = this.token();
    if (sentinel === this.sentinel && token === this.lastToken) return;
    this.lastToken = token;
    this.observer ??= new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && this.canLoad()) this.load();
    }, { rootMargin: '0px 400px 400px 400px' });
    if (this.sentinel) this.observer.unobserve(this.sentinel);
    this.sentinel = sentinel;
    this.observer.observe(sentinel);
  }

  hostDisconnected(): void {
    this.disconnect();
  }

  private disconnect(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.sentinel = undefined;
    this.lastToken = undefined;
  }
}

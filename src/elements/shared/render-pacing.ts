import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { nextTask, timeSlice } from '../../shared/time-slice.js';
import { upgrading } from '../../shared/upgrading.js';

/**
 * How far from the viewport an element starts rendering its content, in viewport
 * heights: a screen and a half above and below, so that it is there before a shopper
 * scrolls to it.
 */
export const NEAR = 1.5;
const NEAR_MARGIN = `${NEAR * 100}% 0px`;

/**
 * Paces an element's rendering so that a page full of widgets never makes one long
 * task and never delays the page's own largest picture:
 * - the first render happens in a task of its own (`turn()`, awaited by the
 *   base element before its first update), later ones in a shared time slice
 *   (`timeSlice()`);
 * - an element far below the fold of a page that is still loading reads its data at
 *   once (its query subscribes on connect) but renders its content only once it comes
 *   near the viewport (`near`); until then it shows its loading state, which reserves
 *   the content's size. The same holds for an element upgraded when its code arrives
 *   (`upgradingPage`). Elements created once the code is there and the page has loaded
 *   (a single-page app's views) render at once: the hold is there to keep the page's
 *   load free;
 * - `firstSeen` hears the observer's first entry for the element, from which `fold.ts`
 *   tells whether it was in the first viewport (a gallery's and a shoppable post's
 *   images load eagerly there).
 * The observer reports asynchronously, so no layout is read on the element's behalf.
 */
export class RenderPacing implements ReactiveController {
  /** Called with the observer's first entry for the element (see `watchFold` in fold.ts). */
  firstSeen: ((entry: IntersectionObserverEntry) => void) | undefined;

  private observer: IntersectionObserver | undefined;
  private firstDone = false;
  // On the server (Lit's SSR), every element renders its content.
  private reached = isServer || typeof IntersectionObserver !== 'function';
  /** Whether the element first connected while its page was loading, or was upgraded: only then is its content held back. */
  private holds: boolean | undefined;

  constructor(private readonly host: ReactiveControllerHost & Element) {
    host.addController(this);
  }

  /** Whether the element may render its content: near the viewport (or it has been), or added after the page loaded. */
  get near(): boolean {
    return this.reached || this.holds === false;
  }

  /** Renders content from now on, wherever the element is (one rendered on the server). */
  reach(): void {
    this.reached = true;
  }

  hostConnected(): void {
    if (this.reached || this.observer) return;
    this.holds ??= upgrading || this.host.ownerDocument.readyState !== 'complete';
    let first = true;
    this.observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        if (first) {
          first = false;
          this.firstSeen?.(entry);
        }
        if (!entry.isIntersecting) return;
        this.reached = true;
        this.stop();
        this.host.requestUpdate();
      },
      { rootMargin: NEAR_MARGIN },
    );
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** A promise for an update to wait on: a later task for the first, then the page's time slice. */
  turn(): Promise<void> | undefined {
    if (this.firstDone) return timeSlice();
    this.firstDone = true;
    return nextTask();
  }

  private stop(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}

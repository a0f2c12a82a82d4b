import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Size } from './media-box.js';

const differs = (a: Size | undefined, b: Size): boolean => a === undefined || Math.abs(a.width - b.width) > 0.01 || Math.abs(a.height - b.height) > 0.01;

/**
 * Measures the media area with a ResizeObserver. The styles place the hotspots and choose
 * the layout (container queries, as a server render does); the size serves only what no
 * CSS can decide: which hotspots a `cover` crop cuts away. The observer follows the media
 * area as it is re-rendered and is disconnected while the element is out of the document.
 */
export class StageController implements ReactiveController {
  /** The media area's content box; `undefined` until measured. */
  size: Size | undefined;

  private observer: ResizeObserver | undefined;
  private observed: Element | null = null;
  private frame: number | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly stage: () => Element | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // A server render has nothing to measure: its hotspots are all shown, as the browser's first render shows them.
    if (isServer) return;
    this.observer = new ResizeObserver((entries) => this.resized(entries));
    this.observed = null;
    this.follow();
  }

  hostDisconnected(): void {
    if (isServer) return;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.observer?.disconnect();
    this.observer = undefined;
    this.observed = null;
  }

  hostUpdated(): void {
    this.follow();
  }

  /** Observes the media area that is in the shadow root now (none while loading or failed). */
  private follow(): void {
    if (this.observer === undefined) return;
    const stage = this.stage();
    if (stage === this.observed) return;
    if (this.observed !== null) this.observer.unobserve(this.observed);
    if (stage !== null) this.observer.observe(stage);
    else this.size = undefined;
    this.observed = stage;
  }

  private resized(entries: ResizeObserverEntry[]): void {
    const entry = entries.findLast((candidate) => candidate.target === this.observed);
    if (entry === undefined) return;
    const { width, height } = entry.contentRect;
    if (!differs(this.size, { width, height })) return;
    this.size = { width, height };
    // A frame later: re-rendering here can change the element's own height, which the
    // browser would report as a ResizeObserver loop error on the page's window.
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.host.requestUpdate();
    });
  }
}

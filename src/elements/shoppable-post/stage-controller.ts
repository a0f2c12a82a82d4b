import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Size } from './media-box.js';

const differs = (a: Size | undefined, b: Size): boolean => a === undefined || Math.abs(a.width - b.width) > 0.01 || Math.abs(a.height - b.height) > 0.01;

/**
 * Measures the element, its media area and a hotspot with one ResizeObserver, so that
 * hotspots follow every change of size (the theme's CSS, a container, a dialog opening,
 * `--svc-hotspot-size`). The observer follows the media area and a hotspot as they are
 * re-rendered and is disconnected while the element is out of the document.
 */
export class StageController implements ReactiveController {
  /** The media area's content box; `undefined` until measured. */
  size: Size | undefined;
  /** The element's own width. */
  hostWidth = 0;
  /** Half a hotspot's width (its button, hit area included); 0 until one is measured. */
  hotspotRadius = 0;

  private observer: ResizeObserver | undefined;
  private observed: Element | null = null;
  private observedHotspot: Element | null = null;
  private frame: number | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly stage: () => Element | null,
    private readonly hotspot: () => Element | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // A server render has nothing to measure: the media area keeps its aspect ratio, the hotspots their points.
    if (isServer) return;
    this.observer = new ResizeObserver((entries) => this.resized(entries));
    this.observer.observe(this.host);
    this.observed = null;
    this.observedHotspot = null;
    this.follow();
  }

  hostDisconnected(): void {
    if (isServer) return;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.observer?.disconnect();
    this.observer = undefined;
    this.observed = null;
    this.observedHotspot = null;
  }

  hostUpdated(): void {
    this.follow();
  }

  /** Observes the media area and a hotspot that are in the shadow root now (none while loading or failed). */
  private follow(): void {
    if (this.observer === undefined) return;
    const stage = this.stage();
    if (stage !== this.observed) {
      this.swap(this.observed, stage);
      if (stage === null) this.size = undefined;
      this.observed = stage;
    }
    const hotspot = this.hotspot();
    if (hotspot !== this.observedHotspot) {
      this.swap(this.observedHotspot, hotspot);
      this.observedHotspot = hotspot;
    }
  }

  private swap(before: Element | null, after: Element | null): void {
    if (before !== null) this.observer?.unobserve(before);
    if (after !== null) this.observer?.observe(after);
  }

  private resized(entries: ResizeObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      const { width, height } = entry.contentRect;
      if (entry.target === this.host && width !== this.hostWidth) {
        this.hostWidth = width;
        changed = true;
      } else if (entry.target === this.observed && differs(this.size, { width, height })) {
        this.size = { width, height };
        changed = true;
      } else if (entry.target === this.observedHotspot && width > 0 && width / 2 !== this.hotspotRadius) {
        this.hotspotRadius = width / 2;
        changed = true;
      }
    }
    // A frame later: re-rendering here can change the element's own height, which the
    // browser would report as a ResizeObserver loop error on the page's window.
    if (changed && this.frame === undefined) {
      this.frame = requestAnimationFrame(() => {
        this.frame = undefined;
        this.host.requestUpdate();
      });
    }
  }
}

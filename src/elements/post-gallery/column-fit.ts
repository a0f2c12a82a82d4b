import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DEFAULT_GAP, MIN_SLIDE, MIN_TILE, parseColumns } from './gallery-options.js';

interface Host extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The `columns` attribute, if any. */
  readonly columns?: number | undefined;
  readonly layout?: string | undefined;
}

/**
 * How many columns (carousel: slides in view) fit the gallery's width, at most the
 * `columns` attribute, else the theme's `--svc-gallery-columns`, else 4.
 *
 * Nothing is read during an update (no forced layout): a ResizeObserver watches the
 * `.measure` line the gallery renders at its top, whose size changes with the width
 * only (so a new column count, which changes the height, does not loop the observer).
 * Its first report comes after the first layout and before the first paint, so the
 * first frame already shows the right columns.
 */
export class ColumnFit implements ReactiveController {
  /** Columns that fit, once measured. */
  columns: number | undefined;
  /** The gallery's content width, once measured (0 before). */
  width = 0;
  private observer: ResizeObserver | undefined;
  private observed: Element | undefined;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  /** Before the first measurement: the `columns` attribute, else 4. */
  get current(): number {
    return this.columns ?? parseColumns(this.host.columns);
  }

  hostConnected(): void {
    this.observe();
  }

  hostUpdated(): void {
    this.observe();
  }

  private observe(): void {
    // An update can come after the element left the page: observe nothing then.
    if (!this.host.isConnected) return;
    const line = this.host.renderRoot.querySelector('.measure') ?? undefined;
    if (line === this.observed) return;
    this.observer ??= new ResizeObserver((entries) => this.measure(entries[0]?.contentRect.width ?? 0));
    if (this.observed) this.observer.unobserve(this.observed);
    this.observed = line;
    if (line) this.observer.observe(line);
  }

  /** A change of `layout` or `columns`: measure again with the last known width. */
  refit(): void {
    if (this.width > 0) this.measure(this.width);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.observed = undefined;
  }

  private measure(width: number): void {
    this.width = width;
    if (width <= 0) return;
    // Read inside the observer's callback, after layout: styles are up to date, nothing is forced.
    const style = getComputedStyle(this.host);
    const list = this.host.renderRoot.querySelector('.grid, .masonry, .carousel-track');
    const gap = parseFloat(list ? getComputedStyle(list).columnGap : style.getPropertyValue('--svc-gallery-gap'));
    const themed = style.getPropertyValue('--svc-gallery-columns').trim();
    const most = this.host.columns != null ? parseColumns(this.host.columns) : parseColumns(themed === '' ? undefined : themed);
    const min = this.host.layout === 'carousel' ? MIN_SLIDE : MIN_TILE;
    const space = Number.isFinite(gap) ? gap : DEFAULT_GAP;
    const fit = Math.max(1, Math.min(most, Math.floor((width + space) / (min + space))));
    if (fit === this.columns) return;
    this.columns = fit;
    this.host.requestUpdate();
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isRtl, prefersReducedMotion } from './motion.js';

export interface CarouselHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * The carousel's behaviour: which slide is shown (the first one at least half in
 * view), whether the track is at its start or end, moving by one slide with the
 * buttons or the arrow keys (mirrored right to left), and telling screen readers
 * "Post 3 of 12" after a move.
 */
export class CarouselController implements ReactiveController {
  /** Index of the first slide at least half in view. */
  current = 0;
  atStart = true;
  atEnd = true;
  private frame = 0;
  private track: HTMLElement | undefined;
  private readonly onScroll = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.measure();
    });
  };

  constructor(
    private readonly host: CarouselHost,
    private readonly announce: (index: number) => void,
    /** Asks for the next page when moving past the last loaded slide; resolves when it is in. */
    private readonly loadMore: () => Promise<boolean>,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const track = this.host.renderRoot.querySelector<HTMLElement>('.carousel-track') ?? undefined;
    if (track !== this.track) {
      this.track?.removeEventListener('scroll', this.onScroll);
      this.track = track;
      track?.addEventListener('scroll', this.onScroll, { passive: true });
    }
    // Measured a frame later: the result may change the buttons, which is another update.
    if (track) this.onScroll();
  }

  hostDisconnected(): void {
    this.track?.removeEventListener('scroll', this.onScroll);
    this.track = undefined;
    // None asked for on a server (which has no cancelAnimationFrame).
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private slides(): HTMLElement[] {
    return this.track ? [...this.track.querySelectorAll<HTMLElement>(':scope > .slide')] : [];
  }

  private measure(): void {
    const track = this.track;
    if (!track) return;
    const box = track.getBoundingClientRect();
    const slides = this.slides();
    let current = slides.findIndex((slide) => {
      const r = slide.getBoundingClientRect();
      const visible = Math.min(r.right, box.right) - Math.max(r.left, box.left);
      return r.width > 0 && visible >= r.width / 2;
    });
    if (current < 0) current = 0;
    const scrolled = Math.abs(track.scrollLeft);
    const atStart = scrolled <= 1;
    const atEnd = scrolled + track.clientWidth >= track.scrollWidth - 1;
    if (current !== this.current || atStart !== this.atStart || atEnd !== this.atEnd) {
      this.current = current;
      this.atStart = atStart;
      this.atEnd = atEnd;
      this.host.requestUpdate();
    }
  }

  /** Moves by `delta` slides (buttons: focus stays on the button; keys: focus follows). */
  async move(delta: number, options: { focus?: boolean; from?: number } = {}): Promise<void> {
    let slides = this.slides();
    if (slides.length === 0) return;
    const from = options.from ?? this.current;
    let target = from + delta;
    // Past the last loaded slide, or "next" with the track already at its end: ask for a page.
    if (target >= slides.length || (delta > 0 && this.atEnd && !options.focus)) {
      if (await this.loadMore()) {
        await this.host.updateComplete;
        slides = this.slides();
      }
    }
    target = Math.max(0, Math.min(slides.length - 1, target));
    const slide = slides[target];
    if (!slide) return;
    slide.scrollIntoView({ block: 'nearest', inline: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    if (options.focus) slide.querySelector<HTMLElement>('.tile')?.focus({ preventScroll: true });
    this.current = target;
    this.announce(target);
    this.host.requestUpdate();
  }

  /** Arrow keys (mirrored right to left), Home and End move between slides. */
  readonly onKeyDown = (event: KeyboardEvent) => {
    const tile = (event.target as HTMLElement).closest?.('.slide');
    if (!tile || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = this.slides().indexOf(tile as HTMLElement);
    const forward = isRtl(this.host) ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl(this.host) ? 'ArrowRight' : 'ArrowLeft';
    let delta: number;
    if (event.key === forward) delta = 1;
    else if (event.key === backward) delta = -1;
    else if (event.key === 'Home') delta = -index;
    else if (event.key === 'End') delta = this.slides().length - 1 - index;
    else return;
    event.preventDefault();
    void this.move(delta, { focus: true, from: index });
  };
}

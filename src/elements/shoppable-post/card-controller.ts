import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Box } from './media-box.js';
import { cardPlacement, intersect } from './placement.js';

/** Space kept between an open card and the element's (or the viewport's) edge, in CSS px. */
const EDGE_MARGIN = 8;

const rectBox = (rect: DOMRect): Box => ({ x: rect.left, y: rect.top, width: rect.width, height: rect.height });
const inset = (box: Box, by: number): Box => ({ x: box.x + by, y: box.y + by, width: Math.max(0, box.width - 2 * by), height: Math.max(0, box.height - 2 * by) });

/**
 * Which hotspot's card is open, and everything around it: Escape closes it and returns
 * focus to its hotspot, a pointer press outside the card and the hotspots closes it,
 * and the card is placed beside its hotspot inside the element and the viewport
 * (again when the window resizes).
 */
export class CardController implements ReactiveController {
  private openIndex: number | undefined;
  private listening = false;
  private stage: Element | null = null;
  private rtl = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly hotspot: (index: number) => HTMLElement | null,
  ) {
    host.addController(this);
  }

  /** The tagged product index whose card is open. */
  get open(): number | undefined {
    return this.openIndex;
  }

  set open(index: number | undefined) {
    if (index === this.openIndex) return;
    this.openIndex = index;
    this.host.requestUpdate();
  }

  toggle(index: number): void {
    this.open = this.open === index ? undefined : index;
  }

  close(returnFocus: boolean): void {
    const index = this.openIndex;
    this.open = undefined;
    if (returnFocus && index !== undefined) this.hotspot(index)?.focus();
  }

  /** Escape closes the open card; the event stops here, so that a surrounding dialog stays open. */
  readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || this.openIndex === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    this.close(true);
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    const root = this.host.shadowRoot;
    const inside = event
      .composedPath()
      .some((node) => node instanceof HTMLElement && node.getRootNode() === root && (node.classList.contains('card') || node.classList.contains('hotspot')));
    if (!inside) this.open = undefined;
  };

  private readonly onWindowResize = (): void => this.place(this.stage, this.rtl);

  hostUpdated(): void {
    const wanted = this.openIndex !== undefined && this.host.isConnected;
    if (wanted === this.listening) return;
    this.listening = wanted;
    if (wanted) {
      document.addEventListener('pointerdown', this.onPointerDown, true);
      window.addEventListener('resize', this.onWindowResize);
    } else {
      document.removeEventListener('pointerdown', this.onPointerDown, true);
      window.removeEventListener('resize', this.onWindowResize);
    }
  }

  hostDisconnected(): void {
    // A server render opens no card and listens to nothing.
    if (isServer) return;
    this.openIndex = undefined;
    this.listening = false;
    document.removeEventListener('pointerdown', this.onPointerDown, true);
    window.removeEventListener('resize', this.onWindowResize);
  }

  /**
   * Places the open card beside its hotspot (measured, so it follows every layout), in
   * the part of the element that is inside the viewport.
   */
  place(stage: Element | null, rtl: boolean): void {
    this.stage = stage;
    this.rtl = rtl;
    const index = this.openIndex;
    const button = index === undefined ? null : this.hotspot(index);
    const card = index === undefined ? null : (this.host.shadowRoot?.getElementById(`card-${index}`) ?? null);
    if (stage === null || button === null || card === null || button.hidden) return;
    const stageRect = stage.getBoundingClientRect();
    const viewport: Box = { x: 0, y: 0, width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
    const area = intersect(inset(rectBox(this.host.getBoundingClientRect()), EDGE_MARGIN), inset(viewport, EDGE_MARGIN), { width: 160, height: 96 });
    card.style.maxWidth = `${Math.max(160, area.width)}px`;
    const spot = button.getBoundingClientRect();
    const placed = cardPlacement(
      { x: spot.left + spot.width / 2 - stageRect.left, y: spot.top + spot.height / 2 - stageRect.top },
      { width: card.offsetWidth, height: card.offsetHeight },
      { x: area.x - stageRect.left, y: area.y - stageRect.top, width: area.width, height: area.height },
      spot.width / 2,
      rtl,
    );
    card.style.left = `${placed.x}px`;
    card.style.top = `${placed.y}px`;
    card.dataset['side'] = placed.side;
  }
}

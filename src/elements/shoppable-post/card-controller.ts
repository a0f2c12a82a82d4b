import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Box } from './media-box.js';
import { cardPlacement, intersect } from './placement.js';

/** Space kept between an open card and the element's (or the viewport's) edge, in CSS px. */
const EDGE_MARGIN = 8;

const inset = (box: Box, by: number): Box => ({ x: box.x + by, y: box.y + by, width: Math.max(0, box.width - 2 * by), height: Math.max(0, box.height - 2 * by) });

/**
 * Where an open card may go, in the viewport's coordinates: the media's box (a DOMRect is
 * a box) cut to the viewport, inset by the margin (the element's inset box alone when the
 * two do not meet in a usable area).
 */
const room = (host: Element): Box =>
  inset(
    intersect(host.getBoundingClientRect(), new DOMRect(0, 0, document.documentElement.clientWidth, document.documentElement.clientHeight), {
      width: 160 + 2 * EDGE_MARGIN,
      height: 96 + 2 * EDGE_MARGIN,
    }),
    EDGE_MARGIN,
  );

/** Caps the card's width to its room. Writing the value it has changes nothing: the card is laid out again only when the cap changes. */
const fit = (card: HTMLElement, area: Box): void => void (card.style.maxWidth = `${Math.max(160, area.width)}px`);

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
    // A card's width is capped as it opens, before the layout changes (the hidden card has none):
    // placing the shown card then reads every box in one layout and writes only its position.
    const card = this.card(index);
    if (card) fit(card, room(this.host));
    this.host.requestUpdate();
  }

  toggle(index: number): void {
    this.open = this.open === index ? undefined : index;
  }

  private card(index: number | undefined): HTMLElement | null | undefined {
    return index === undefined ? null : this.host.shadowRoot?.getElementById(`card-${index}`);
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
    if (index === undefined) return;
    const button = this.hotspot(index);
    const card = this.card(index);
    if (!stage || !button || !card || button.hidden) return;
    // Every box is read before the card is written to: one layout. The cap changes here only
    // when the room did (a resize, say), and then the card's size needs a second one.
    // The media's box, not the element's: the card never covers the product list.
    const area = room(stage);
    const stageRect = stage.getBoundingClientRect();
    const spot = button.getBoundingClientRect();
    fit(card, area);
    const placed = cardPlacement(
      { x: spot.left + spot.width / 2 - stageRect.left, y: spot.top + spot.height / 2 - stageRect.top },
      { width: card.offsetWidth, height: card.offsetHeight },
      { x: area.x - stageRect.left, y: area.y - stageRect.top, width: area.width, height: area.height },
      spot.width / 2,
      rtl,
    );
    // Moved by `translate` from the stage's corner: a move needs no layout, only a paint.
    card.style.translate = `${placed.x}px ${placed.y}px`;
    card.dataset['side'] = placed.side;
  }
}

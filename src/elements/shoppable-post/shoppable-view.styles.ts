import { css } from 'lit';
import { productStyles } from './product.styles.js';

/** The shown post: media, hotspots, play button (custom properties are declared in shoppable-post.styles.ts). */
const postStyles = css`
  .layout {
    display: flex;
    flex-direction: column;
    gap: 12px; /* reserve-sizes.ts's POST_NARROW_GAP */
    height: 100%;
    /* The host's clip again, where the page's CSS cannot undo it (a theme's '* { all: unset }' resets the host). */
    overflow: clip;
    overflow-clip-margin: calc(var(--_hit) / 2);
  }
  /*
   * The product list beside the media from POST_WIDE_FROM on: the host is the container
   * (shoppable-post.styles.ts), so the server's markup is laid out as it will hydrate.
   */
  @container (width >= 640px) {
    .layout {
      flex-direction: row;
      gap: 20px; /* reserve-sizes.ts's POST_WIDE_GAP */
    }
  }
  .stage {
    position: relative;
    flex: 1 1 auto;
    min-width: 0;
    min-height: 0;
    aspect-ratio: var(--svc-shoppable-aspect, var(--_media-aspect, 1));
    /* Never taller than the window (reserve.ts holds the same). */
    max-height: var(--svc-shoppable-max-height, 100svh);
    /*
     * Its size is its container's (cqw, cqh): the picture's box as object-fit draws it
     * (media-box.ts's mediaBox), from the picture's aspect ratio, where the hotspots and
     * the placeholder are placed without a measurement.
     */
    container-type: size;
    --_a: var(--_aspect, var(--_media-aspect, 1));
    --_w: min(100cqw, 100cqh * (var(--_a)));
    --_h: min(100cqh, 100cqw / (var(--_a)));
  }
  :host([fit='cover']) .stage {
    --_w: max(100cqw, 100cqh * (var(--_a)));
    --_h: max(100cqh, 100cqw / (var(--_a)));
  }
  .clip {
    position: absolute;
    inset: 0;
    overflow: hidden;
    border-radius: var(--_media-radius);
    background: var(--_skeleton);
  }
  .placeholder {
    position: absolute;
    left: calc((100cqw - var(--_w)) / 2);
    top: calc((100cqh - var(--_h)) / 2);
    width: var(--_w);
    height: var(--_h);
  }
  .picture {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: contain;
    opacity: 0;
    transition: opacity 0.35s ease-out;
  }
  :host([fit='cover']) .picture {
    object-fit: cover;
  }
  .picture.loaded {
    opacity: 1;
  }
  video.picture {
    background: #000;
  }
  .overlay {
    position: absolute;
    inset: 0;
  }

  /* Hotspots: a crisp white dot with a soft ring, on a larger transparent hit area. */
  .hotspot {
    position: absolute;
    z-index: 1;
    display: grid;
    place-items: center;
    width: var(--_hit);
    height: var(--_hit);
    margin: 0;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: transparent;
    font: inherit;
    transform: translate(-50%, -50%);
    cursor: pointer;
    -webkit-tap-highlight-color: transparent;
    /*
     * On its point (--_x, --_y: 0..1 of the picture) in the picture's box, moved by its
     * spread (--_sx, --_sy: spread.ts), and drawn whole inside the shown picture, as
     * media-box.ts's hotspotInside: the same numbers on the server as in the browser.
     */
    --_r: calc(var(--_hit) / 2);
    --_l: max(0px, (100cqw - var(--_w)) / 2);
    --_t: max(0px, (100cqh - var(--_h)) / 2);
    left: clamp(var(--_l) + var(--_r), (100cqw - var(--_w)) / 2 + var(--_x) * var(--_w) + var(--_sx, 0px), 100cqw - var(--_l) - var(--_r));
    top: clamp(var(--_t) + var(--_r), (100cqh - var(--_h)) / 2 + var(--_y) * var(--_h) + var(--_sy, 0px), 100cqh - var(--_t) - var(--_r));
  }
  .dot {
    position: relative;
    display: grid;
    place-items: center;
    width: var(--_hotspot-size);
    height: var(--_hotspot-size);
    box-sizing: border-box;
    border-radius: 50%;
    background: var(--_hotspot-color);
    box-shadow:
      0 0 0 3px rgb(255 255 255 / 0.35),
      0 2px 8px rgb(0 0 0 / 0.35);
    transition: transform 0.2s ease-out;
  }
  .dot::before {
    content: '';
    width: 30%;
    height: 30%;
    border-radius: 50%;
    background: var(--_hotspot-center);
    transition: transform 0.2s ease-out;
  }
  .dot::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: 50%;
    border: 2px solid var(--_hotspot-color);
    /*
     * Twice, under five seconds (WCAG 2.2.2: nothing moves on its own for longer), then
     * still and gone: a running pulse also kept every dot a layer of its own in each frame.
     */
    animation: pulse 2.4s ease-out 2 forwards;
    pointer-events: none;
  }
  @keyframes pulse {
    0% {
      transform: scale(1);
      opacity: 0.75;
    }
    70%,
    100% {
      transform: scale(1.75);
      opacity: 0;
    }
  }
  /* A pointer's hover only: on a phone, a tap would restyle and paint the dot once more before its click is handled. */
  @media (hover) {
    :hover > .dot {
      transform: scale(1.15);
    }
  }
  .highlighted .dot,
  [aria-expanded='true'] .dot {
    transform: scale(1.15);
  }
  .hotspot[aria-expanded='true'] {
    z-index: 2;
  }
  .hotspot[aria-expanded='true'] .dot::before {
    background: var(--_accent);
    transform: scale(1.3);
  }
  /* While a card is open the dots stop pulsing: the card has the attention. */
  .has-open .dot::after {
    animation: none;
    opacity: 0;
  }
  .hotspot:focus-visible {
    outline: none;
  }
  .hotspot:focus-visible .dot {
    outline: 3px solid var(--_focus);
    outline-offset: 3px;
    box-shadow:
      0 0 0 3px #fff,
      0 2px 8px rgb(0 0 0 / 0.35);
  }

  .play {
    position: absolute;
    inset: 50% auto auto 50%;
    width: 64px;
    height: 64px;
    margin: 0;
    padding: 0;
    border: 2px solid rgb(255 255 255 / 0.85);
    border-radius: 50%;
    background: rgb(0 0 0 / 0.55);
    transform: translate(-50%, -50%);
    cursor: pointer;
  }
  .play::before {
    content: '';
    position: absolute;
    inset: 50% auto auto 54%;
    border-style: solid;
    border-width: 11px 0 11px 18px;
    border-color: transparent transparent transparent #fff;
    transform: translate(-50%, -50%);
  }
  .play:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 3px;
  }

  @media (prefers-reduced-motion: reduce) {
    .picture,
    .dot,
    .dot::before,
    .entry {
      transition: none;
    }
    .dot::after {
      animation: none;
      opacity: 0;
    }
    .card {
      animation: none;
    }
    .product-list {
      scroll-behavior: auto;
    }
  }

  @media (forced-colors: active) {
    .dot {
      forced-color-adjust: none;
      background: Canvas;
      border: 2px solid CanvasText;
      box-shadow: none;
    }
    .dot::before {
      background: CanvasText;
    }
    .hotspot[aria-expanded='true'] .dot::before {
      background: Highlight;
    }
    .hotspot:focus-visible .dot {
      outline-color: Highlight;
    }
    .card,
    .entry,
    .play {
      border: 1px solid CanvasText;
    }
    .card-link {
      border: 1px solid LinkText;
    }
  }
`;

/** What `ShoppableView` renders needs, added to the element's styles when the view is created. */
export const viewStyles = [postStyles, productStyles];

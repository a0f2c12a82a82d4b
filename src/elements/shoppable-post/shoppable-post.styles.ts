import { css } from 'lit';

export const styles = css`
  :host {
    --_hotspot-size: var(--svc-hotspot-size, 28px);
    --_hotspot-color: var(--svc-hotspot-color, #fff);
    --_hotspot-center: var(--svc-hotspot-center, #111);
    --_card-background: var(--svc-card-background, #fff);
    --_card-color: var(--svc-card-color, #1a1a1a);
    --_card-muted: color-mix(in srgb, var(--_card-color) 72%, var(--_card-background));
    --_card-radius: var(--svc-card-radius, 12px);
    --_card-shadow: var(--svc-card-shadow, 0 12px 32px rgb(0 0 0 / 0.18), 0 2px 6px rgb(0 0 0 / 0.12));
    --_accent: var(--svc-accent, #1a1a1a);
    --_accent-contrast: var(--svc-accent-contrast, #fff);
    --_sale: var(--svc-sale-color, #b3261e);
    --_focus: var(--svc-focus-color, #1a73e8);
    --_font: var(--svc-font-family, inherit);
    --_media-radius: var(--svc-media-radius, 8px);
    --_hit: calc(var(--_hotspot-size) + 16px);

    display: block;
    position: relative;
    font-family: var(--_font);
    color: var(--_card-color);
    overflow-wrap: anywhere;
    /* Hotspots on the media's very edge stick out by half a dot: show them, but never make the page scroll. */
    overflow: clip;
    overflow-clip-margin: calc(var(--_hit) / 2);
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  .vh {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  .layout {
    display: flex;
    flex-direction: column;
    gap: 12px;
    height: 100%;
  }
  .layout.wide {
    flex-direction: row;
    gap: 20px;
  }
  .stage {
    position: relative;
    flex: 1 1 auto;
    min-width: 0;
    min-height: 0;
    aspect-ratio: var(--svc-shoppable-aspect, var(--_media-aspect, 1));
    max-height: var(--svc-shoppable-max-height, none);
  }
  .clip {
    position: absolute;
    inset: 0;
    overflow: hidden;
    border-radius: var(--_media-radius);
    background: color-mix(in srgb, var(--_card-color) 8%, transparent);
  }
  .placeholder {
    position: absolute;
    width: 100%;
    height: 100%;
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
    transform: translate(-50%, -50%);
    cursor: pointer;
    -webkit-tap-highlight-color: transparent;
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
    animation: pulse 2.4s ease-out infinite;
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
  .hotspot:hover .dot,
  .hotspot.highlighted .dot {
    transform: scale(1.15);
  }
  .hotspot[aria-expanded='true'] {
    z-index: 2;
  }
  .hotspot[aria-expanded='true'] .dot {
    transform: scale(1.15);
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

  /* The product card. */
  .card {
    position: absolute;
    z-index: 3;
    box-sizing: border-box;
    display: grid;
    grid-template-columns: auto 1fr auto;
    gap: 12px;
    align-items: start;
    width: 18rem;
    padding: 12px;
    border-radius: var(--_card-radius);
    background: var(--_card-background);
    color: var(--_card-color);
    box-shadow: var(--_card-shadow);
    font-size: 0.875rem;
    line-height: 1.35;
    text-align: start;
    animation: card-in 0.16s ease-out;
  }
  @keyframes card-in {
    from {
      opacity: 0;
      transform: translateY(4px);
    }
  }
  .card .thumb {
    width: 64px;
    height: 64px;
  }
  .card-text {
    display: grid;
    gap: 4px;
    min-width: 0;
    justify-items: start;
  }
  .title {
    margin: 0;
    font-weight: 600;
  }
  .card-link {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    margin-top: 4px;
    padding: 0 14px;
    border-radius: 999px;
    background: var(--_accent);
    color: var(--_accent-contrast);
    font-weight: 600;
    font-size: 0.8125rem;
    text-decoration: none;
  }
  .card-link:hover {
    background: color-mix(in srgb, var(--_accent) 85%, #fff);
  }
  .arrow::before {
    content: '→';
  }
  :host(:dir(rtl)) .arrow::before {
    content: '←';
  }
  .close {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    margin: -6px;
    margin-inline-start: 0;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: var(--_card-muted);
    cursor: pointer;
  }
  .close span::before {
    content: '×';
    font-size: 1.25rem;
    line-height: 1;
  }
  .close:hover {
    background: color-mix(in srgb, var(--_card-color) 8%, transparent);
  }
  a:focus-visible,
  .close:focus-visible,
  .retry:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  /* Prices. */
  .price {
    /* Keeps the visually hidden texts inside the scrolling list (they are positioned). */
    position: relative;
    display: inline-flex;
    flex-wrap: wrap;
    align-items: baseline;
    column-gap: 6px;
    font-variant-numeric: tabular-nums;
  }
  .sale-price {
    color: var(--_sale);
    font-weight: 600;
  }
  .regular-price {
    color: var(--_card-muted);
    font-size: 0.9em;
  }

  /* Thumbnails (card and list). */
  .thumb {
    display: block;
    flex: none;
    width: 56px;
    height: 56px;
    border-radius: 8px;
    object-fit: cover;
    background: color-mix(in srgb, var(--_card-color) 8%, transparent);
  }

  /* The product list: a row of chips below the media, a column beside it on wide elements. */
  .products {
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
    flex: none;
  }
  .products-heading {
    margin: 0;
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--_card-muted);
  }
  .product-list {
    display: flex;
    gap: 8px;
    margin: 0;
    padding: 2px 2px 6px;
    list-style: none;
    overflow-x: auto;
    overscroll-behavior-x: contain;
    scroll-snap-type: x proximity;
    scrollbar-width: thin;
  }
  .product {
    flex: 0 0 auto;
    width: min(15rem, 78%);
    scroll-snap-align: start;
  }
  .entry {
    box-sizing: border-box;
    display: flex;
    gap: 12px;
    align-items: center;
    height: 100%;
    padding: 8px;
    border: 1px solid color-mix(in srgb, var(--_card-color) 14%, transparent);
    border-radius: var(--_card-radius);
    background: var(--_card-background);
    color: var(--_card-color);
    font-size: 0.875rem;
    line-height: 1.35;
    text-decoration: none;
    transition: border-color 0.15s;
  }
  a.entry:hover {
    border-color: color-mix(in srgb, var(--_card-color) 45%, transparent);
  }
  .entry-text {
    display: grid;
    gap: 2px;
    min-width: 0;
  }
  .entry .title {
    font-weight: 600;
  }
  .wide .products {
    position: relative;
    flex: 0 0 clamp(14rem, 32%, 20rem);
  }
  .wide .product-list {
    position: absolute;
    inset: 28px 0 0;
    flex-direction: column;
    overflow-x: hidden;
    overflow-y: auto;
    overscroll-behavior-y: contain;
    scroll-snap-type: none;
  }
  .wide .product {
    width: auto;
  }

  /* States. */
  .loading {
    aspect-ratio: var(--svc-shoppable-aspect, 1);
    border-radius: var(--_media-radius);
    background: color-mix(in srgb, var(--_card-color) 8%, transparent);
  }
  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 12px 16px;
    border-radius: var(--_media-radius);
    background: color-mix(in srgb, var(--_card-color) 6%, transparent);
  }
  .retry {
    min-height: 32px;
    padding: 0 14px;
    border: 1px solid currentColor;
    border-radius: 999px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
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

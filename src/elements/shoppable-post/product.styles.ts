import { css } from 'lit';

/** The product card, prices and the product list (custom properties are declared in shoppable-post.styles.ts). */
export const productStyles = css`
  /* The product card. */
  .card {
    position: absolute;
    /* Placed by card-controller.ts with translate from here. */
    inset: 0 auto auto 0;
    z-index: 3;
    box-sizing: border-box;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 12px;
    align-items: start;
    width: 18em;
    padding: 12px;
    border-radius: var(--_card-radius);
    background: var(--_card-background);
    color: var(--_card-color);
    box-shadow: var(--_card-shadow);
    font-size: 0.875em;
    line-height: 1.35;
    text-align: start;
    animation: card-in 0.16s ease-out;
  }
  /* Opaque from the tap's frame: the card slides into place, it does not fade in. */
  @keyframes card-in {
    from {
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
  .card .title {
    /* Room for the close button in the corner. */
    padding-inline-end: 22px;
  }
  .title {
    margin: 0;
    font-weight: 600;
  }
  .card-link {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: var(--_control);
    margin-top: 4px;
    padding: 0 1em;
    box-sizing: border-box;
    border-radius: var(--_radius);
    background: var(--_accent);
    color: var(--_accent-contrast);
    font-weight: 600;
    text-decoration: none;
  }
  .card-link:hover {
    background: color-mix(in srgb, var(--_accent) 85%, var(--_accent-contrast));
  }
  .arrow::before {
    content: '→';
  }
  :host(:dir(rtl)) .arrow::before {
    content: '←';
  }
  .close {
    position: absolute;
    inset-block-start: 6px;
    inset-inline-end: 6px;
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    margin: 0;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: var(--_card-muted);
    cursor: pointer;
  }
  @media (pointer: coarse) {
    .close {
      inset-block-start: 0;
      inset-inline-end: 0;
      width: 44px;
      height: 44px;
    }
    .card .title {
      padding-inline-end: 32px;
    }
  }
  .close span::before {
    content: '×';
    font-size: 1.25em;
    line-height: 1;
  }
  .close:hover {
    background: color-mix(in srgb, var(--_card-color) 8%, transparent);
  }
  a:focus-visible,
  .close:focus-visible,
  .retry:focus-visible {
    outline: 2px solid var(--_focus);
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
  }

  /* Thumbnails (card and list). */
  .thumb {
    display: block;
    flex: none;
    width: 56px;
    height: 56px;
    border-radius: var(--_radius);
    object-fit: cover;
    background: var(--_skeleton);
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
    font-size: 0.875em;
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
    width: min(17.5em, 78%);
    scroll-snap-align: start;
  }
  .entry {
    box-sizing: border-box;
    display: flex;
    gap: 12px;
    align-items: center;
    height: 100%;
    padding: 8px;
    border: 1px solid var(--_line);
    border-radius: var(--_card-radius);
    background: var(--_card-background);
    color: var(--_card-color);
    font-size: 0.875em;
    line-height: 1.35;
    text-decoration: none;
    transition: border-color 0.15s;
  }
  a.entry:hover {
    border-color: color-mix(in srgb, var(--_card-color) 45%, transparent);
  }
  /* The open hotspot's product. */
  .open .entry {
    border-color: var(--_accent);
    box-shadow: inset 0 0 0 1px var(--_accent);
  }
  .entry-text {
    display: grid;
    gap: 2px;
    min-width: 0;
  }
  .entry .title {
    font-weight: 600;
  }
  @container (width >= 640px) {
    .products {
      position: relative;
      /* reserve-sizes.ts's POST.column (test/unit/reserve.test.ts compares). */
      flex: 0 0 clamp(280px, 32%, 22em);
    }
    .product-list {
      position: absolute;
      inset: 28px 0 0;
      flex-direction: column;
      overflow-x: hidden;
      overflow-y: auto;
      overscroll-behavior-y: contain;
      scroll-snap-type: none;
    }
    .product {
      width: auto;
    }
  }

  /* Here, after the rules above (the same block in shoppable-view.styles.ts comes before them and loses). */
  @media (prefers-reduced-motion: reduce) {
    .card {
      animation: none;
    }
    .entry {
      transition: none;
    }
  }
`;

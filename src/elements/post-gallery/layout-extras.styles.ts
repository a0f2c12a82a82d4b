import { css } from 'lit';

/**
 * The masonry and carousel layouts' styles, adopted by the gallery with their code
 * (`layout-extras.ts`) after its own styles (`post-gallery.styles.ts`).
 */
export const layoutStyles = css`
  /* Masonry: placed by script in column widths; CSS turns them into lengths. */
  .masonry-frame {
    container-type: inline-size;
  }
  .masonry {
    --_colw: calc((100cqi - (var(--_cols) - 1) * var(--_gap)) / var(--_cols));
    position: relative;
    column-gap: var(--_gap);
  }
  .masonry > .cell {
    position: absolute;
    inset-inline-start: calc(var(--_col) * (var(--_colw) + var(--_gap)));
    width: var(--_colw);
  }
  .masonry .tile {
    height: 100%;
  }

  /* Carousel */
  .carousel {
    position: relative;
  }
  .carousel-track {
    display: flex;
    gap: var(--_gap);
    /* Room for the focus ring inside the scroller, without sticking out of the element. */
    margin-block: -4px;
    padding: 4px;
    overflow-x: auto;
    overscroll-behavior-x: contain;
    scroll-snap-type: x mandatory;
    scroll-padding-inline: 4px;
    scrollbar-width: none;
  }
  .carousel-track::-webkit-scrollbar {
    display: none;
  }
  .slide {
    flex: 0 0 calc((100% - (var(--_cols) - 1) * var(--_gap)) / (var(--_cols) + var(--_peek, 0)));
    min-width: 0;
    scroll-snap-align: start;
  }
  .carousel .sentinel {
    flex: 0 0 1px;
  }
  .nav {
    position: absolute;
    top: 50%;
    z-index: 2;
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: 50%;
    background: var(--_bg);
    color: var(--_text);
    box-shadow: 0 2px 10px rgb(0 0 0 / 0.16);
    cursor: pointer;
    transform: translateY(-50%);
    transition: opacity 150ms ease;
  }
  .nav svg {
    width: 22px;
    height: 22px;
  }
  .nav.prev {
    inset-inline-start: 8px;
  }
  .nav.next {
    inset-inline-end: 8px;
  }
  .nav[aria-disabled='true'] {
    opacity: 0;
    pointer-events: none;
  }
  .nav[aria-disabled='true']:focus-visible {
    opacity: 0.5;
  }
  .nav:hover {
    background: var(--_hover);
  }
  svg.flip,
  :host(:dir(rtl)) .nav svg {
    transform: scaleX(-1);
  }
  :host(:dir(rtl)) .nav svg.flip {
    transform: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .nav {
      transition: none;
    }
  }
  @media (forced-colors: active) {
    .nav {
      border: 1px solid ButtonText;
    }
  }
`;

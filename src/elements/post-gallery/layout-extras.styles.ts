import { css, unsafeCSS } from 'lit';
import { DEFAULT_GAP, MAX_COLUMNS, MIN_SLIDE, MIN_TILE } from './gallery-options.js';

/** From two on, the width at which one more column of `min` px (a masonry's tiles, a carousel's slides) fits: column-fit.ts's count, with the default gap. */
const fitting = (selector: string, min: number): string =>
  Array.from({ length: MAX_COLUMNS - 1 }, (_, i) => i + 2)
    .map((n) => `@container (min-width: ${n * min + (n - 1) * DEFAULT_GAP}px) { ${selector} { --_fit: ${n}; } }`)
    .join('\n');

const counts = Array.from({ length: MAX_COLUMNS }, (_, i) => i + 1);
/** A masonry's `--_{name}N` for the column count in use (see masonry.ts): the sum of each count's value times 1 for the count in use, 0 for the others. */
const inUse = (name: string): string => counts.map((n) => `var(--_${name}${n}, 0) * var(--_i${n})`).join(' + ');

/** A masonry's placement: for each column count, 1 when it is the count in use, else 0. */
const masonryPlacement = (): string => `
  .masonry {
    ${counts.map((n) => `--_i${n}: max(0, 1 - (var(--_n) - ${n}) * (var(--_n) - ${n}));`).join(' ')}
    height: calc(var(--_colw) * (${inUse('h')}) + var(--_gap) * (${inUse('e')}));
  }
  .masonry > .cell {
    inset-inline-start: calc((${inUse('c')}) * (var(--_colw) + var(--_gap)));
    top: calc(var(--_colw) * (${inUse('t')}) + var(--_gap) * (${inUse('g')}));
  }`;

/**
 * The masonry and carousel layouts' styles, adopted by the gallery with their code
 * (`layout-extras.ts`) after its own styles (`post-gallery.styles.ts`).
 */
export const layoutStyles = css`
  /*
   * Masonry: placed by script in column widths, for the columns measured (--_cols); CSS
   * turns them into lengths. Until script has measured it (a server render), the CSS
   * picks the count as column-fit.ts will: as many 140 px columns as the width holds
   * (with the default 12 px gap), at most --_most (the columns attribute), else
   * --svc-gallery-columns, else 4.
   */
  .masonry-frame {
    container-type: inline-size;
  }
  .masonry {
    --_fit: 1;
  }
  ${unsafeCSS(fitting('.masonry', MIN_TILE))}
  .masonry {
    --_n: var(--_cols, max(1, min(var(--_fit), var(--_most, var(--svc-gallery-columns, 4)))));
    --_colw: calc((100cqi - (var(--_n) - 1) * var(--_gap)) / var(--_n));
    position: relative;
    column-gap: var(--_gap);
  }
  ${unsafeCSS(masonryPlacement())}
  .masonry > .cell {
    position: absolute;
    width: var(--_colw);
  }
  .masonry .tile {
    height: 100%;
  }

  /*
   * Carousel. Until script has measured it (a server render), the CSS fits the slides as
   * column-fit.ts will: as many 200 px slides as the width holds (with the default 12 px
   * gap), at most --_most (the columns attribute), else --svc-gallery-columns, else 4;
   * fewer than three let the next one peek in.
   */
  .carousel {
    position: relative;
    container-type: inline-size;
  }
  .carousel-track {
    --_fit: 1;
  }
  ${unsafeCSS(fitting('.carousel-track', MIN_SLIDE))}
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
    --_n: var(--_cols, min(var(--_fit), var(--_most, var(--svc-gallery-columns, 4))));
    flex: 0 0 calc((100% - (var(--_n) - 1) * var(--_gap)) / (var(--_n) + var(--_peek, clamp(0, (3 - var(--_n)) * 0.25, 0.25))));
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
    font: inherit;
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

/**
 * The one source of the heights the elements hold before their content (issue 32): the
 * numbers the elements lay out with (reserve-sizes.ts, and the gallery's own options), and
 * the reservation stylesheet written from them (`reserveCss`), which the build puts in
 * `dist/cdn/storefront-widgets.css` and `dist/reserve.css` (`storefront-widgets/reserve.css`)
 * and the script tag's loader installs (src/loader/reserve-sheet.ts). The elements' styles
 * import those numbers or spell them out where an expression would cost bytes;
 * `test/unit/reserve.test.ts` compares each, and the sums, and test/e2e/first-viewport.spec.ts
 * the boxes themselves. The summary's overview and text frame are as a 16 px font lays them out.
 *
 * Every rule is `:not(:defined)`: it holds the place from the page's first paint until
 * the element's code defines it; the loader's module then holds the same height until the
 * element's first render. An element rendered on the server (its data in a
 * `[data-svc-state]` child) shows its content already and is left alone, but for the
 * badge, whose host keeps the same box. `:where()` weighs nothing: a theme's own rule for
 * an element wins. Plain data and strings: the build's configuration (in Node) imports it.
 */
import { DEFAULT_COLUMNS, DEFAULT_GAP, DEFAULT_PAGE_SIZE, MAX_COLUMNS, MIN_SLIDE, MIN_TILE } from './post-gallery/gallery-options.js';
import * as sizes from './shared/reserve-sizes.js';

const { BADGE_HEIGHT, GALLERY_BUTTON, PAGE_SIZES, REVIEWS_FIRST_SCREEN, SUMMARY } = sizes;

/** The shoppable post's numbers (reserve-sizes.ts), together. */
export const POST = {
  aspect: sizes.POST_ASPECT,
  wideFrom: sizes.POST_WIDE_FROM,
  /** The list's column beside the media, as product.styles.ts and shoppable-post.styles.ts spell it (test/unit/reserve.test.ts compares). */
  column: 'clamp(280px, 32%, 22em)',
  wideGap: sizes.POST_WIDE_GAP,
  narrowGap: sizes.POST_NARROW_GAP,
  products: sizes.POST_PRODUCTS,
} as const;

/** Columns that fit `width` (px) with tiles at least `min` wide and the default gap (column-fit.ts's count). */
export const fittingColumns = (width: number, min: number, gap = DEFAULT_GAP): number => Math.max(1, Math.floor((width + gap) / (min + gap)));

/**
 * The full summary's height at `width` (px, 16 px font, default lines): what the
 * stylesheet reserves, and what the summary renders with its five bars and a clamped text.
 */
export function summaryHeight(width: number, lines: number = SUMMARY.lines): number {
  const text = lines * 24;
  if (width >= 47 * 16) return SUMMARY.wideBars;
  if (width >= 34 * 16) return Math.max(SUMMARY.overview, SUMMARY.bars) + SUMMARY.gap + SUMMARY.generatedFrame.wide + text;
  return SUMMARY.overview + SUMMARY.gap + SUMMARY.bars + SUMMARY.gap + SUMMARY.generatedFrame.narrow + text;
}

/** A grid gallery's first page at `width` (px): its rows of square tiles and its footer. */
export function gridHeight(width: number, options: { columns?: number; pageSize?: number; gap?: number; aspect?: number } = {}): number {
  const gap = options.gap ?? DEFAULT_GAP;
  const n = Math.min(options.columns ?? DEFAULT_COLUMNS, fittingColumns(width, MIN_TILE, gap));
  const rows = Math.ceil((options.pageSize ?? DEFAULT_PAGE_SIZE) / n);
  return (rows * (width - (n - 1) * gap)) / n / (options.aspect ?? 1) + (rows - 1) * gap + 2 * gap + GALLERY_BUTTON;
}

/** A shoppable post's height at `width` (px) for media of `aspect` (width / height), with its product list. */
export function postHeight(width: number, aspect: number = POST.aspect): number {
  if (width >= POST.wideFrom) return (width - POST.wideGap - Math.max(280, Math.min(0.32 * width, 22 * 16))) / aspect;
  return width / aspect + POST.narrowGap + POST.products;
}

const where = (selector: string) => `:where(${selector}:not(:defined):not(:has(>[data-svc-state])))`;
const SUMMARY_FULL = where('svc-review-summary:not([variant=badge])');
const POST_HOST = where('svc-shoppable-post');
const GALLERY = where('svc-post-gallery');
const lines = `var(--svc-review-summary-lines,${SUMMARY.lines})*1.5em`;
const gap = `var(--svc-gallery-gap,${DEFAULT_GAP}px)`;

/** Container queries: `--_rf`, the columns that fit the gallery's width, for tiles at least `min` wide. */
function fitRules(selector: string, min: number): string {
  let rules = '';
  // Widest first: the narrowest query that matches comes last and wins.
  for (let n = MAX_COLUMNS - 1; n >= 1; n--) rules += `@container (width<${(n + 1) * (min + DEFAULT_GAP) - DEFAULT_GAP}px){${selector}{--_rf:${n}}}`;
  return rules;
}

/** The elements a reservation rule is for (`reserveCss`'s argument). */
export type ReservedTag = 'svc-review-summary' | 'svc-shoppable-post' | 'svc-post-gallery' | 'svc-reviews';
export const RESERVED_TAGS: readonly ReservedTag[] = ['svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery', 'svc-reviews'];

/**
 * The reservation stylesheet, minified: badge, full summary, shoppable post, gallery
 * (grid and masonry by `columns` and the common `page-size`s, carousel by `columns`),
 * review list. Custom properties a theme sets on an element adjust it as they adjust the
 * element: `--svc-review-summary-lines`, `--svc-shoppable-aspect`, `--svc-gallery-gap`,
 * `--svc-gallery-tile-aspect` (a number), `--svc-gallery-columns`; `--svc-reviews-reserve`
 * replaces the review list's. With `tags`, the rules of those elements alone: a server
 * render that leaves one element to the browser holds its space with a few hundred bytes,
 * not the whole sheet.
 */
export function reserveCss(tags: readonly ReservedTag[] = RESERVED_TAGS): string {
  const has = (tag: ReservedTag) => tags.includes(tag);
  const summary = has('svc-review-summary');
  const post = has('svc-shoppable-post');
  const gallery = has('svc-post-gallery');
  const hosts = [summary && 'svc-review-summary:not([variant=badge])', post && 'svc-shoppable-post', gallery && 'svc-post-gallery', has('svc-reviews') && 'svc-reviews']
    .filter((host): host is string => host !== false)
    .map(where);
  if (hosts.length === 0) return '';
  // What the gallery's attributes say, as custom properties of the element while it waits (private names: none of its styles reads them).
  const pageSizes = PAGE_SIZES.map((size) => `${where(`svc-post-gallery[page-size="${size}"]`)}{--_rp:${size}}`).join('');
  const columns = Array.from({ length: MAX_COLUMNS }, (_, i) => `${where(`svc-post-gallery[columns="${i + 1}"]`)}{--_rc:${i + 1}}`).join('');
  const n = `min(var(--_rc,var(--svc-gallery-columns,${DEFAULT_COLUMNS})),var(--_rf,${MAX_COLUMNS}))`;
  const tile = `(100% - (${n} - 1)*${gap})/${n}/(var(--svc-gallery-tile-aspect,1))`;
  const rows = `round(up,var(--_rp,${DEFAULT_PAGE_SIZE})/${n},1)`;
  const listed = where('svc-shoppable-post:not([hide-products])');
  const carousel = where('svc-post-gallery[layout=carousel]');
  return [
    summary && `:where(svc-review-summary[variant=badge]:not(:defined)){display:inline-flex;vertical-align:middle;height:${BADGE_HEIGHT}}`,
    `${hosts.join(',')}{display:block;container-type:inline-size}`,
    `${hosts.map((host) => `${host}::before`).join(',')}{content:"";display:block}`,
    // The full summary: overview, bars and text stacked; overview and bars side by side from 34em; the text beside them from 47em. Taller bars on a touch screen.
    ...(summary
      ? [
          `${SUMMARY_FULL}::before{height:calc(${SUMMARY.overview + 2 * SUMMARY.gap + SUMMARY.bars + SUMMARY.generatedFrame.narrow}px + ${lines})}`,
          `@media (pointer:coarse){${SUMMARY_FULL}::before{height:calc(${SUMMARY.overview + 2 * SUMMARY.gap + SUMMARY.coarseBars + SUMMARY.generatedFrame.narrow}px + ${lines})}}`,
          `@container (width>=${SUMMARY.twoColumns}){${SUMMARY_FULL}::before{height:calc(${Math.max(SUMMARY.overview, SUMMARY.bars) + SUMMARY.gap + SUMMARY.generatedFrame.wide}px + ${lines})}}`,
          `@container (width>=${SUMMARY.twoColumns}){@media (pointer:coarse){${SUMMARY_FULL}::before{height:calc(${SUMMARY.coarseBars + SUMMARY.gap + SUMMARY.generatedFrame.wide}px + ${lines})}}}`,
          `@container (width>=${SUMMARY.threeColumns}){${SUMMARY_FULL}::before{height:max(${SUMMARY.wideBars}px,${SUMMARY.generatedFrame.narrow}px + ${lines})}}`,
          `@container (width>=${SUMMARY.threeColumns}){@media (pointer:coarse){${SUMMARY_FULL}::before{height:${SUMMARY.coarseBars}px}}}`,
        ]
      : []),
    // The shoppable post: the media in its ratio, the product list below it (narrow) or beside it (wide).
    ...(post
      ? [
          `${POST_HOST}::before{aspect-ratio:var(--svc-shoppable-aspect,${POST.aspect});max-height:var(--svc-shoppable-max-height,100svh)}`,
          `${listed}::after{content:"";display:block;height:${POST.narrowGap + POST.products}px}`,
          `@container (width>=${POST.wideFrom}px){${listed}::before{width:calc(100% - ${POST.wideGap}px - ${POST.column})}${listed}::after{display:none}}`,
        ]
      : []),
    // The gallery: its first page's rows of tiles and its footer (grid, masonry); one row of slides (carousel).
    ...(gallery
      ? [
          pageSizes + columns,
          `${GALLERY}::before{padding-top:calc(${rows}*${tile} + (${rows} + 1)*${gap} + ${GALLERY_BUTTON}px)}`,
          fitRules(`${GALLERY}::before`, MIN_TILE),
          `${carousel}::before{padding-top:calc(${tile} + ${GALLERY_BUTTON}px)}`,
          fitRules(`${carousel}::before`, MIN_SLIDE),
        ]
      : []),
    has('svc-reviews') && `${where('svc-reviews')}::before{height:var(--svc-reviews-reserve,${REVIEWS_FIRST_SCREEN}px)}`,
  ]
    .filter((rule) => rule !== false)
    .join('');
}

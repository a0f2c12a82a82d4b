/**
 * The sizes the elements hold before their content, as numbers: their styles lay out with
 * them, and the reservation stylesheet (src/elements/reserve.ts) is written from them. No
 * imports; scalars, which the bundler writes into the code that uses them (an object
 * would be a shared chunk's bytes on every page).
 */

/** The full review summary's blocks (px at a 16 px font): the bars as its styles fix them, the overview and the text's frame as they lay out. */
export const SUMMARY = {
  /** The average (2.75em, line-height 1) beside its stars and count. */
  overview: 44,
  /** Five bars of 28 px, 2 px apart. */
  bars: 5 * 28 + 4 * 2,
  /** From `threeColumns` on: five bars of 40 px, at least as tall as the text beside them (its frame and four lines). */
  wideBars: 5 * 40 + 4 * 2,
  /** On a coarse pointer (a touch screen): five bars of 44 px. */
  coarseBars: 5 * 44 + 4 * 2,
  /** Between the blocks (1em). */
  gap: 16,
  /** The generated text's box without its lines: padding, note and "Read more" on one line (wide), on two (narrow). */
  generatedFrame: { wide: 58, narrow: 104 },
  /** Lines of the clamped text (`--svc-review-summary-lines`), each 1.5em tall. */
  lines: 4,
  /** From this width on, the overview and the bars stand side by side. */
  twoColumns: '34em',
  /** From this width on (750 px at 16 px), the text is a third column beside the bars; the bars set the height. */
  threeColumns: '47em',
} as const;

/** The review badge: one line of stars (1em, as tall as the text) and 0.25em. */
export const BADGE_HEIGHT = '1.25em';

/** The shoppable post's media, when neither the post nor the page gives its aspect ratio (width / height). */
export const POST_ASPECT = 1;
/** From this width on, the shoppable post's product list is a column beside the media. */
export const POST_WIDE_FROM = 640;
/** The gap before that column (the column is `POST.column` in reserve.ts: a string, which the element's styles spell out). */
export const POST_WIDE_GAP = 20;
/** Below the media (narrow): the gap, and the list's row (heading, chips), as the browser lays it out at a 16 px font. */
export const POST_NARROW_GAP = 12;
export const POST_PRODUCTS = 108;

/** The gallery's footer: the "Load more" button (44 px) after twice the gap. */
export const GALLERY_BUTTON = 44;

/** Page sizes that get a rule of their own (any other reserves the default's rows). */
export const PAGE_SIZES = [4, 6, 8, 9, 10, 12, 16, 20, 24] as const;

/** The review list's first screen: its toolbar and its first reviews, as its loading state holds it. */
export const REVIEWS_FIRST_SCREEN = 288;


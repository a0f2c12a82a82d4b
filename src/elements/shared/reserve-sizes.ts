/**
 * The sizes the elements hold before their content, as numbers: their styles lay out with
 * them, and the reservation stylesheet (src/elements/reserve.ts) is written from them. No
 * imports: an element takes the one it needs.
 */

/** The full review summary's blocks (px at a 16 px font), as its styles fix them. */
export const SUMMARY = {
  /** The average, its stars and the count. */
  overview: 45,
  /** Five bars of 28 px, 2 px apart. */
  bars: 5 * 28 + 4 * 2,
  /** Between the blocks (1rem). */
  gap: 16,
  /** The generated text's box without its lines: padding, note and "Read more" on one line (wide), on two (narrow). */
  generatedFrame: { wide: 58, narrow: 101 },
  /** Lines of the clamped text (`--svc-review-summary-lines`), each 1.5em tall. */
  lines: 4,
  /** From this width on, the overview and the bars stand side by side. */
  twoColumns: '34rem',
} as const;

/** The review badge: one line of stars (1rem) and 0.25rem. */
export const BADGE_HEIGHT = '1.25rem';

/** The shoppable post: the media (its aspect ratio, else `aspect`), and the product list below it or beside it. */
export const POST = {
  aspect: 1,
  /** From this width on, the product list is a column beside the media. */
  wideFrom: 640,
  /** The list's column beside the media, and the gap before it. */
  column: 'clamp(14rem, 32%, 20rem)',
  wideGap: 20,
  /** Below the media: the gap and the list's row (heading, chips). */
  narrowGap: 12,
  products: 108,
} as const;

/** The gallery's footer: the "Load more" button (44 px) after twice the gap. */
export const GALLERY_BUTTON = 44;

/** Page sizes that get a rule of their own (any other reserves the default's rows). */
export const PAGE_SIZES = [4, 6, 8, 9, 10, 12, 16, 20, 24] as const;

/** The review list's first screen: its toolbar and its first reviews, as its loading state holds it. */
export const REVIEWS_FIRST_SCREEN = 288;


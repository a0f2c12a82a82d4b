/**
 * The English strings: the reference table every other language follows, and the
 * fallback. `{name}` marks a value; an object holds plural forms by `Intl.PluralRules`
 * category (`other` is required).
 */
export const en = {
  loading: 'Loading…',
  retry: 'Try again',
  close: 'Close',
  previous: 'Previous',
  next: 'Next',

  'error.generic': 'Something went wrong.',
  'error.network': 'Could not reach the store. Check your connection.',
  'error.timeout': 'The store took too long to answer.',
  'error.server': 'The store had a problem.',
  'error.rate_limited': 'Too many requests. Please wait a moment.',
  'error.config': 'This widget is not set up correctly.',
  'error.invalid_key': 'This widget is not set up correctly.',
  'error.unauthorized': 'This widget is not set up correctly.',
  'error.not_found': 'Not found.',
  'error.invalid_request': 'This widget is not set up correctly.',
  'error.malformed_response': 'The store sent something unexpected.',
  'error.plan_lacks_reviews': 'Reviews are not available.',

  'gallery.label': 'Customer photos and videos',
  'gallery.loadMore': 'Load more',
  'gallery.loadingMore': 'Loading more posts…',
  'gallery.morePostsLoaded': { one: '{count} more post loaded', other: '{count} more posts loaded' },
  'gallery.postsLoaded': { one: '{count} post loaded', other: '{count} posts loaded' },
  'gallery.empty': 'No posts yet.',
  'gallery.photoBy': 'Photo by @{user}',
  'gallery.videoBy': 'Video by @{user}',
  'gallery.photo': 'Photo',
  'gallery.video': 'Video',
  'gallery.tile': '{description}: {alt}',
  'gallery.position': 'Post {current} of {total}',
  'gallery.previousPost': 'Previous post',
  'gallery.nextPost': 'Next post',
  'gallery.playVideo': 'Play video',
  'gallery.transcript': 'Transcript',
  'gallery.videoDescription': 'Video description',
  'gallery.viewOriginal': 'View on {origin}',
  'gallery.posted': 'Posted {date}',
  'gallery.products': 'Products in this post',
  'gallery.carousel': 'carousel',
  'gallery.slide': 'slide',
  'gallery.slideLabel': '{current} of {total}',

  'product.hotspot': '{title}, {price}',
  'product.regularPrice': 'Regular price {price}',
  'product.salePrice': 'Sale price {price}',
  'product.view': 'View product',
  'product.list': 'Products',
  'product.show': 'Show {title}',

  'reviews.outOf5': '{rating} out of 5 stars',
  'reviews.count': { one: '{count} review', other: '{count} reviews' },
  'reviews.none': 'No reviews yet',
  'reviews.bar': { one: '{stars} stars: {count} review', other: '{stars} stars: {count} reviews' },
  'reviews.generatedSummary': 'Summary generated automatically from customer reviews',
  'reviews.readMore': 'Read more',
  'reviews.readLess': 'Show less',
  'reviews.verifiedBuyer': 'Verified buyer',
  'reviews.reply': 'Reply from the store',
  'reviews.sort': 'Sort by',
  'reviews.sortNewest': 'Newest',
  'reviews.sortHighest': 'Highest rated',
  'reviews.sortLowest': 'Lowest rated',
  'reviews.matching': { one: '{count} review matches', other: '{count} reviews match' },
  'reviews.showAll': 'Show all reviews',
  'reviews.loadMore': 'Load more reviews',
  'reviews.showOriginal': 'Show original',
  'reviews.showTranslation': 'Show translation',
  'reviews.translatedFrom': 'Translated from {language}',
  'reviews.averageRating': 'Average rating',
  'reviews.stars': { one: '{count} star', other: '{count} stars' },
  'reviews.barLabel': '{stars}: {reviews}',
  'reviews.filterByRating': 'Filter by rating',
  'reviews.label': 'Customer reviews',
  'reviews.mediaAlt': 'Customer photo {index} of {total}',
} as const;

export type StringKey = keyof typeof en;

/** Plural forms by `Intl.PluralRules` category. */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** A full table for one language: every key of the English one, with the same kind of value. */
export type StringTable = { [K in StringKey]: (typeof en)[K] extends string ? string : PluralForms };

import { en, type English } from '../../src/i18n/en.ts';
import { enPosts } from '../../src/i18n/en-posts.ts';
import { enReviews } from '../../src/i18n/en-reviews.ts';

/** Every English string: what a page with every element has, and the reference the other languages follow. */
export const english: English = { ...en, ...enPosts, ...enReviews };

/**
 * Entries a language really writes as English does, by key: the only ones a table may
 * leave identical to English (test/unit/i18n.test.ts), and the only English words the
 * browser tests accept in a page in that language. Entries with no word outside their
 * placeholders (`{title}, {price}`) have nothing to translate and need no place here.
 */
export const SHARED_WITH_ENGLISH: Partial<Record<keyof English, readonly string[]>> = {
  // "Video" is the word itself in these languages.
  'gallery.video': ['cs', 'da', 'de', 'et', 'fi', 'it', 'lv', 'nb', 'nl', 'sk', 'sv', 'tr'],
  // French "photo".
  'gallery.photo': ['fr'],
  // Dutch shops say "reviews" (Bol.com, Coolblue); "recensies" reads as press reviews.
  'reviews.count': ['nl'],
  // Brazilian Portuguese says "slide" (Portugal: "diapositivo").
  'gallery.slide': ['pt-BR'],
};

/** Whether `language` may write the entry `key` as English does. */
export const sharedWithEnglish = (language: string, key: keyof English) => SHARED_WITH_ENGLISH[key]?.includes(language) ?? false;

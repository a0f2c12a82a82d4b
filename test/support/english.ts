import { en, type English } from '../../src/i18n/en.ts';
import { enPosts } from '../../src/i18n/en-posts.ts';
import { enReviews } from '../../src/i18n/en-reviews.ts';

/** Every English string: what a page with every element has, and the reference the other languages follow. */
export const english: English = { ...en, ...enPosts, ...enReviews };

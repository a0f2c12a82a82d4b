import { describe, expect, it } from 'vitest';
import { addEnglish, en } from '../../src/i18n/en.ts';
import { enPosts } from '../../src/i18n/en-posts.ts';
import { enReviews } from '../../src/i18n/en-reviews.ts';
import { Localizer } from '../../src/i18n/localize.ts';

/**
 * English in parts: the strings every element uses in every page's code, the posts' and
 * the reviews' with the code that shows them (so a page of badges does not download
 * them). A file of its own: it starts from the English that a page of badges has.
 */
// Before any code adds to it.
const coreKeys = new Set(Object.keys(en));

describe('English that comes with the elements\' code', () => {
  it('a page of badges has the strings it shows; a post\'s or a list\'s string is there once that code has added it', () => {
    const english = new Localizer('en-US');
    expect(english.t('reviews.count', { count: 2 })).toBe('2 reviews');
    expect(english.t('gallery.loadMore')).toBe('gallery.loadMore');
    addEnglish(enPosts);
    expect(english.t('gallery.loadMore')).toBe('Load more');
    expect(english.t('reviews.readMore')).toBe('reviews.readMore');
    addEnglish(enReviews);
    expect(english.t('reviews.readMore')).toBe('Read more');
    // A language without a table falls back to the same English.
    expect(new Localizer('is').t('product.view')).toBe('View product');
  });

  it('the three parts share no key', () => {
    const core = coreKeys;
    const posts = Object.keys(enPosts);
    const reviews = Object.keys(enReviews);
    expect(posts.filter((key) => core.has(key) || reviews.includes(key))).toEqual([]);
    expect(reviews.filter((key) => core.has(key))).toEqual([]);
  });
});

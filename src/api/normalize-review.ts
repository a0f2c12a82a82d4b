import { compact, date, field, isRecord, text, type Normalized } from './normalize.js';
import { normalizeMedia } from './normalize-media.js';
import type { Review } from './types.js';

/** One review, or the reason it cannot be shown. */
export function normalizeReview(raw: unknown, base?: string): Normalized<Review> {
  if (!isRecord(raw)) return { ok: false, problem: 'not an object' };
  const id = text(field(raw, 'id'));
  const rating = field(raw, 'rating');
  const createdAt = date(field(raw, 'created_at'));
  if (id === undefined) return { ok: false, problem: 'id is missing' };
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) return { ok: false, problem: 'rating is not an integer from 1 to 5' };
  if (createdAt === undefined) return { ok: false, problem: 'created_at is missing or not a date' };
  const author = field(raw, 'author');
  const reply = field(raw, 'reply');
  const localization = field(raw, 'localization');
  const media = field(raw, 'media');
  const replyBody = isRecord(reply) ? text(field(reply, 'body')) : undefined;
  const originalLanguage = isRecord(localization) ? text(field(localization, 'language')) : undefined;
  const review: Review = compact({
    id,
    rating: rating as Review['rating'],
    title: text(field(raw, 'title')),
    body: text(field(raw, 'body')),
    authorName: isRecord(author) ? text(field(author, 'name')) : text(field(raw, 'author_name')),
    verifiedBuyer: isRecord(author) ? field(author, 'verified_buyer') === true : field(raw, 'verified_buyer') === true,
    createdAt,
    language: text(field(raw, 'language')),
    media: Array.isArray(media) ? media.flatMap((item) => normalizeMedia(item, base) ?? []) : [],
    reply: replyBody !== undefined && isRecord(reply) ? compact({ body: replyBody, createdAt: date(field(reply, 'created_at')) }) : undefined,
    localization:
      originalLanguage !== undefined && isRecord(localization)
        ? compact({ language: originalLanguage, title: text(field(localization, 'title')), body: text(field(localization, 'body')) })
        : undefined,
  });
  return { ok: true, value: review, problems: [] };
}

import { envelope } from './wire.js';
import { safeUrl } from './url.js';
import type { JsonLd, Label, Media, Page, Post, Price, Product, ProductRating, Review, ReviewSummary, StarCounts, TaggedProduct, Uploader } from './types.js';

/**
 * The tolerant reader of the contract. It accepts the Storefront API's snake_case
 * fields and API v1's camelCase names, ignores unknown fields, drops an item that lacks
 * a required field (reporting why), clamps hotspot coordinates and removes every URL
 * that is not http(s). It never throws, whatever JSON it is given.
 */
export type Normalized<T> = { ok: true; value: T; problems: string[] } | { ok: false; problem: string };

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a field by its wire name, falling back to API v1's camelCase name. */
function field(raw: Json, snake: string, camel = snakeToCamel(snake)): unknown {
  const value = raw[snake];
  return value === undefined ? raw[camel] : value;
}

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function dimension(value: unknown): number | undefined {
  const n = finite(value);
  return n !== undefined && n >= 1 && n <= 100_000 ? n : undefined;
}

function date(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

/**
 * Whether `hash` has a blurhash's shape: base-83 digits, as many as its first digit's
 * component counts call for (what the blurhash package's `isBlurhashValid` checks, and
 * the alphabet too), without the package, which only the placeholders' code needs.
 */
export function isBlurhash(hash: string): boolean {
  const size = BASE83.indexOf(hash[0] ?? '');
  return size >= 0 && hash.length === 4 + 2 * ((size % 9) + 1) * (Math.floor(size / 9) + 1) && [...hash].every((char) => BASE83.includes(char));
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function describe(raw: unknown, index: number): string {
  return isRecord(raw) && typeof raw['id'] === 'string' ? raw['id'].slice(0, 40) : `#${index}`;
}

/** Removes `undefined` members so that normalized objects compare cleanly. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

export function normalizeMedia(raw: unknown, base?: string): Media | undefined {
  if (!isRecord(raw)) return undefined;
  const url = safeUrl(field(raw, 'location'), base) ?? safeUrl(field(raw, 'url'), base);
  if (url === undefined) return undefined;
  const hash = text(field(raw, 'hash'));
  return compact({
    url,
    hash: hash !== undefined && isBlurhash(hash) ? hash : undefined,
    filename: text(field(raw, 'filename')),
    width: dimension(field(raw, 'width')),
    height: dimension(field(raw, 'height')),
    poster: safeUrl(field(raw, 'poster'), base),
  });
}

function normalizePrice(raw: unknown): Price | undefined {
  if (!isRecord(raw)) return undefined;
  // `amount`/`sale_amount` are this library's own names, so normalized data reads back the same.
  const amount = finite(field(raw, 'price')) ?? finite(field(raw, 'amount'));
  const currency = text(field(raw, 'currency'))?.toUpperCase();
  if (amount === undefined || amount < 0 || currency === undefined || !/^[A-Z]{3}$/.test(currency)) return undefined;
  const sale = finite(field(raw, 'sale_price')) ?? finite(field(raw, 'sale_amount'));
  return compact({ amount, currency, saleAmount: sale !== undefined && sale >= 0 && sale < amount ? sale : undefined });
}

export function normalizeProduct(raw: unknown, base?: string): Product | undefined {
  if (!isRecord(raw)) return undefined;
  const id = text(field(raw, 'id'));
  const title = text(field(raw, 'title'));
  const handle = text(field(raw, 'handle'));
  if (id === undefined || title === undefined || handle === undefined) return undefined;
  return compact({
    id,
    title,
    handle,
    price: normalizePrice(field(raw, 'price')),
    category: text(field(raw, 'category')),
    media: normalizeMedia(field(raw, 'media'), base),
    url: safeUrl(field(raw, 'url'), base),
    developmentUrl: safeUrl(field(raw, 'development_url'), base),
    sku: text(field(raw, 'sku')),
    mpn: text(field(raw, 'mpn')),
    gtin: text(field(raw, 'gtin')),
  });
}

function normalizeTaggedProduct(raw: unknown, base?: string): TaggedProduct | undefined {
  if (!isRecord(raw)) return undefined;
  const x = finite(field(raw, 'x'));
  const y = finite(field(raw, 'y'));
  const product = normalizeProduct(field(raw, 'product'), base);
  if (x === undefined || y === undefined || product === undefined) return undefined;
  return { x: clamp01(x), y: clamp01(y), product };
}

function normalizeUploader(raw: unknown, base?: string): Uploader | undefined {
  if (!isRecord(raw)) return undefined;
  const username = text(field(raw, 'username'));
  if (username === undefined) return undefined;
  return compact({ username, image: normalizeMedia(field(raw, 'image'), base) });
}

function normalizeLabels(raw: unknown): Label[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((label): Label[] => {
    if (!isRecord(label)) return [];
    const id = text(label['id']);
    const name = label['name'];
    return id === undefined ? [] : [{ id, name: typeof name === 'string' ? name : null }];
  });
}

function postProblem(raw: Json, base?: string): string | undefined {
  if (text(field(raw, 'id')) === undefined) return 'id is missing';
  if (normalizeMedia(field(raw, 'media'), base) === undefined) return 'media.location is missing or not an http(s) URL';
  if (date(field(raw, 'created_at')) === undefined) return 'created_at is missing or not a date';
  if (!Array.isArray(field(raw, 'tagged_products'))) return 'tagged_products is not an array';
  const type = field(raw, 'type');
  if (type !== undefined && type !== 'IMAGE' && type !== 'VIDEO') return 'type is neither IMAGE nor VIDEO';
  return undefined;
}

/** One post, or the reason it cannot be shown. */
export function normalizePost(raw: unknown, base?: string): Normalized<Post> {
  if (!isRecord(raw)) return { ok: false, problem: 'not an object' };
  const problem = postProblem(raw, base);
  if (problem !== undefined) return { ok: false, problem };
  const problems: string[] = [];
  const tagged = field(raw, 'tagged_products') as unknown[];
  const taggedProducts = tagged.flatMap((item, index) => {
    const product = normalizeTaggedProduct(item, base);
    if (product === undefined) problems.push(`tagged product ${index} lacks x, y or a valid product`);
    return product === undefined ? [] : [product];
  });
  const origin = field(raw, 'origin');
  const post: Post = compact({
    id: text(field(raw, 'id'))!,
    type: field(raw, 'type') === 'VIDEO' ? 'VIDEO' : 'IMAGE',
    media: normalizeMedia(field(raw, 'media'), base)!,
    alt: text(field(raw, 'alt')),
    comment: text(field(raw, 'comment')),
    videoCaptions: text(field(raw, 'video_captions')),
    videoDescription: text(field(raw, 'video_description')),
    hideCaption: field(raw, 'hide_caption') === true,
    origin: isRecord(origin) ? text(origin['type']) : text(origin),
    socialUrl: safeUrl(field(raw, 'social_url'), base),
    fromSocial: typeof field(raw, 'from_social') === 'boolean' ? (field(raw, 'from_social') as boolean) : undefined,
    socialDate: date(field(raw, 'social_date')),
    addedByCompany: typeof field(raw, 'added_by_company') === 'boolean' ? (field(raw, 'added_by_company') as boolean) : undefined,
    createdAt: date(field(raw, 'created_at'))!,
    uploadedBy: normalizeUploader(field(raw, 'uploaded_by'), base),
    labels: normalizeLabels(field(raw, 'labels')),
    taggedProducts,
  });
  return { ok: true, value: post, problems };
}

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

/**
 * A page envelope. Items that cannot be shown are dropped and named in `problems`;
 * only an envelope that is not `{data: [...], next_cursor}` fails as a whole.
 */
export function normalizePage<T>(raw: unknown, item: (raw: unknown, base?: string) => Normalized<T>, base?: string): Normalized<Page<T>> {
  if (!isRecord(raw)) return { ok: false, problem: 'the response is not a JSON object' };
  const data = raw[envelope.items];
  if (!Array.isArray(data)) return { ok: false, problem: `"${envelope.items}" is not an array` };
  const cursor = raw[envelope.nextCursor];
  const problems: string[] = [];
  const items = data.flatMap((entry, index) => {
    const result = item(entry, base);
    if (!result.ok) {
      problems.push(`${describe(entry, index)}: ${result.problem}`);
      return [];
    }
    problems.push(...result.problems.map((problem) => `${describe(entry, index)}: ${problem}`));
    return [result.value];
  });
  return { ok: true, value: { items, nextCursor: typeof cursor === 'string' && cursor !== '' ? cursor : null }, problems };
}

/** Average and count, checked as a summary's and a ratings entry's: a whole count, an average from 1 to 5 (0 without reviews). */
function averageAndCount(raw: Json): Normalized<{ average: number; count: number }> {
  const average = finite(field(raw, 'average'));
  const count = finite(field(raw, 'count'));
  if (count === undefined || !Number.isInteger(count) || count < 0) return { ok: false, problem: 'count is not a whole number' };
  if (count > 0 && (average === undefined || average < 1 || average > 5)) return { ok: false, problem: 'average is not from 1 to 5' };
  return { ok: true, value: { average: count === 0 ? 0 : average!, count }, problems: [] };
}

/** One entry of the ratings read (`{data: [{product_ref, average, count}]}`, read as a page without a cursor). */
export function normalizeRating(raw: unknown): Normalized<ProductRating> {
  if (!isRecord(raw)) return { ok: false, problem: 'not an object' };
  const productRef = text(field(raw, 'product_ref'));
  if (productRef === undefined) return { ok: false, problem: 'product_ref is missing' };
  const figures = averageAndCount(raw);
  return figures.ok ? { ok: true, value: { productRef, ...figures.value }, problems: [] } : figures;
}

export function normalizeReviewSummary(raw: unknown): Normalized<ReviewSummary> {
  if (!isRecord(raw)) return { ok: false, problem: 'the response is not a JSON object' };
  const figures = averageAndCount(raw);
  if (!figures.ok) return figures;
  const { average, count } = figures.value;
  const rawDistribution = field(raw, 'distribution');
  const distribution = {} as StarCounts;
  for (const star of [1, 2, 3, 4, 5] as const) {
    const n = isRecord(rawDistribution) ? finite(rawDistribution[String(star)]) : undefined;
    distribution[star] = n !== undefined && Number.isInteger(n) && n >= 0 ? n : 0;
  }
  const summary = field(raw, 'summary');
  const summaryText = isRecord(summary) ? text(summary['text']) : undefined;
  return {
    ok: true,
    value: compact({
      average,
      count,
      distribution,
      summary: summaryText !== undefined && isRecord(summary) ? compact({ text: summaryText, language: text(summary['language']) }) : undefined,
    }),
    problems: [],
  };
}

export function normalizeJsonLd(raw: unknown): Normalized<JsonLd> {
  return isRecord(raw) ? { ok: true, value: raw, problems: [] } : { ok: false, problem: 'the rich snippet is not a JSON object' };
}

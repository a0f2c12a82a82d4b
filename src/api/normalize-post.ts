import { safeUrl } from './url.js';
import { compact, date, field, finite, isRecord, text, type Json, type Normalized } from './normalize.js';
import { normalizeMedia } from './normalize-media.js';
import type { Label, Post, Price, Product, TaggedProduct, Uploader } from './types.js';

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

/** The tolerant reader of a post (see normalize.ts), apart from the rest: only the elements that show posts load it. */

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

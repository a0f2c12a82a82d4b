/** The library's own shapes: what the normalizer makes of the wire, camelCase and checked. */

export interface Media {
  /** Absolute http(s) URL. */
  url: string;
  /** Blurhash placeholder, when the API gives one. */
  hash?: string;
  filename?: string;
  /** Pixels, when known; used to reserve space before the media loads. */
  width?: number;
  height?: number;
  /** Poster image of a video, absolute http(s) URL. */
  poster?: string;
}

export interface Price {
  amount: number;
  /** ISO 4217. */
  currency: string;
  /** Present only when it is a sale: below `amount`. */
  saleAmount?: number;
}

export interface Product {
  id: string;
  title: string;
  handle: string;
  price?: Price;
  category?: string;
  media?: Media;
  url?: string;
  developmentUrl?: string;
  sku?: string;
  mpn?: string;
  gtin?: string;
}

export interface TaggedProduct {
  /** 0..1 of the media's own width. */
  x: number;
  /** 0..1 of the media's own height. */
  y: number;
  product: Product;
}

export interface Uploader {
  username: string;
  image?: Media;
}

export interface Label {
  id: string;
  name: string | null;
}

export type PostType = 'IMAGE' | 'VIDEO';

export interface Post {
  id: string;
  type: PostType;
  media: Media;
  alt?: string;
  comment?: string;
  videoCaptions?: string;
  videoDescription?: string;
  hideCaption: boolean;
  origin?: string;
  socialUrl?: string;
  fromSocial?: boolean;
  socialDate?: string;
  addedByCompany?: boolean;
  createdAt: string;
  uploadedBy?: Uploader;
  labels: Label[];
  taggedProducts: TaggedProduct[];
}

export interface ReviewReply {
  body: string;
  createdAt?: string;
}

export interface ReviewLocalization {
  /** Language of the original text. */
  language: string;
  title?: string;
  body?: string;
}

export interface Review {
  id: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title?: string;
  body?: string;
  authorName?: string;
  verifiedBuyer: boolean;
  createdAt: string;
  language?: string;
  media: Media[];
  reply?: ReviewReply;
  /** The original text when `title`/`body` are a translation. */
  localization?: ReviewLocalization;
}

export type StarCounts = Record<1 | 2 | 3 | 4 | 5, number>;

export interface ReviewSummary {
  average: number;
  count: number;
  distribution: StarCounts;
  summary?: { text: string; language?: string };
}

/** What a badge shows of a product's reviews: the average and the count (from the batched ratings read). */
export interface ProductRating {
  /** The product's id or handle, as it was asked for. */
  productRef: string;
  average: number;
  count: number;
}

/** A JSON-LD object as the API sends it (already checked to be a plain object). */
export type JsonLd = Record<string, unknown>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

import { API_VERSION_PATH, params, paths } from '../api/wire.js';

/**
 * The Storefront reads the proxy forwards, and nothing else: each read's path (built
 * with the API's own path functions) and its own parameters. A request that matches one
 * becomes the read's normalized path and query, which is also its cache key.
 */

/** The kinds of read whose freshness is an option of the proxy. */
export type ReadKind = 'posts' | 'reviews' | 'reviewSummary' | 'ratings' | 'richSnippet';

const PAGE = [params.market, params.limit, params.cursor];
const REVIEW_LIST = [...PAGE, params.sort, params.rating, params.include];
const POST_LIST = [...PAGE, params.productRef, params.galleryId, params.profileId, params.labelId, params.labelMatch];

/**
 * What a read shows, for webhooks to find it: `product:<ref>` and `product-reviews` for one
 * product's review reads (ratings: each product asked for), `company-reviews`, `posts`.
 */
export const TAGS = { productReviews: 'product-reviews', companyReviews: 'company-reviews', posts: 'posts', product: (ref: string) => `product:${ref}` } as const;

interface Route {
  kind: ReadKind;
  tags: (segment: string | undefined, query: URLSearchParams) => string[];
  pattern: RegExp;
  /** The API's path for the decoded path segment (if the read has one). */
  path: (segment: string) => string;
  allowed: ReadonlySet<string>;
}

/** A marker no real segment contains, turned into a capture group: the paths stay those of `wire.ts`. */
const MARK = '\u0000';
function route(kind: ReadKind, path: (segment: string) => string, allowed: readonly string[], tags: Route['tags']): Route {
  const template = `${API_VERSION_PATH}${path(MARK)}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { kind, path, tags, allowed: new Set(allowed), pattern: new RegExp(`^${template.replace(encodeURIComponent(MARK), '([^/]+)')}$`) };
}

const productTags = (segment: string | undefined) => [TAGS.productReviews, TAGS.product(segment ?? '')];
const ratingTags = (_: string | undefined, query: URLSearchParams) => [TAGS.productReviews, ...query.getAll(params.productRef).flatMap((value) => value.split(',')).map(TAGS.product)];
const companyTags = () => [TAGS.companyReviews];
const postTags = () => [TAGS.posts];

const ROUTES: readonly Route[] = [
  route('ratings', paths.ratings, [params.market, params.productRef], ratingTags),
  route('posts', paths.posts, POST_LIST, postTags),
  route('posts', paths.post, [params.market], postTags),
  route('reviews', paths.productReviews, REVIEW_LIST, productTags),
  route('reviews', paths.companyReviews, REVIEW_LIST, companyTags),
  route('reviewSummary', paths.productReviewSummary, [params.market], productTags),
  route('reviewSummary', paths.companyReviewSummary, [params.market], companyTags),
  route('richSnippet', paths.richSnippet, [params.market], productTags),
];

/** Longest path and query the proxy reads (a ratings read of 50 long handles fits). */
export const MAX_TARGET_LENGTH = 4096;
const MAX_SEGMENT_LENGTH = 200;
const MAX_VALUE_LENGTH = 1024;
const MAX_PARAMETERS = 64;

export type Matched =
  | { ok: true; kind: ReadKind; /** `/v1/…?…`, parameters sorted by name: the cache key and the API's path. */ target: string; tags: string[] }
  | { ok: false; status: 400 | 404 | 414; message: string };

/** Matches `pathname` (below the proxy's base path) and `search` against the reads. */
export function matchRead(pathname: string, search: URLSearchParams): Matched {
  if (pathname.length + search.toString().length > MAX_TARGET_LENGTH) return { ok: false, status: 414, message: `the read's path and query are longer than ${MAX_TARGET_LENGTH} characters` };
  for (const { kind, pattern, path, allowed, tags } of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    let apiPath = path(MARK);
    let segment: string | undefined;
    if (match[1] !== undefined) {
      segment = decodeSegment(match[1]);
      if (segment === undefined) return { ok: false, status: 400, message: 'path: not a valid id or handle' };
      apiPath = path(segment);
    }
    const query = new URLSearchParams();
    let count = 0;
    for (const [name, value] of search) {
      if (!allowed.has(name)) return { ok: false, status: 400, message: `${name.slice(0, 40)}: not a parameter of this read` };
      if (value.length > MAX_VALUE_LENGTH) return { ok: false, status: 414, message: `${name}: longer than ${MAX_VALUE_LENGTH} characters` };
      if (++count > MAX_PARAMETERS) return { ok: false, status: 414, message: `more than ${MAX_PARAMETERS} parameters` };
      query.append(name, value);
    }
    // Stable: a repeated parameter keeps the order of its values (ratings answer in the order asked).
    query.sort();
    const text = query.toString();
    return { ok: true, kind, target: `${API_VERSION_PATH}${apiPath}${text ? `?${text}` : ''}`, tags: tags(segment, query) };
  }
  return { ok: false, status: 404, message: `no Storefront read at ${pathname.slice(0, 100)}` };
}

/** A path segment as an id or handle: decoded, with no separators, dot segments or control characters. */
function decodeSegment(raw: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (value === '' || value.length > MAX_SEGMENT_LENGTH || /[/\\?#\u0000-\u001f\u007f]/.test(value) || value === '.' || value === '..') return undefined;
  return value;
}

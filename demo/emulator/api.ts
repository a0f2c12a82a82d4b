/** The Storefront API operations (contract section 3) over the seed data. */
import { GALLERIES, PROFILES, findMarket, type Market, MARKETS } from './data/catalog.ts';
import type { SeedPost, SeedProduct, SeedReview, World } from './data/seed.ts';
import type { Cursors } from './cursor.ts';
import { errorBody } from './http.ts';
import { richSnippet } from './jsonld.ts';
import { Params } from './params.ts';
import type { Views } from './views.ts';
import type { Plan } from './auth-rate.ts';

export const MAX_LIMIT = 50;
/** Most product refs one ratings read may ask for. */
export const MAX_RATING_REFS = 50;
export const DEFAULT_LIMIT = 20;
const LABEL_ID = /^[0-9a-f]{24}$/i;
const SORTS = ['newest', 'highest', 'lowest'] as const;

export type CacheKind = 'posts' | 'reviews';

export interface ApiResult {
  status: number;
  body: unknown;
  /** Success bodies only: which Cache-Control applies. */
  cache?: CacheKind;
  contentType?: string;
}

export interface ApiRequest {
  key: string;
  plan: Plan;
  path: string;
  search: URLSearchParams;
  /** Whether `/v1/products/ratings` exists for the key (a control switch turns it off, as on an older API). */
  ratings: boolean;
  /** Reviews added for the key (`POST /__emulator/reviews`), newest first, by product id (`company` for the store's own). */
  added?: ReadonlyMap<string, readonly SeedReview[]>;
}

const fail = (status: number, code: string, message: string): ApiResult => ({ status, body: errorBody(code, message) });
const invalid = (p: Params): ApiResult => fail(400, 'invalid_request', p.message());
const PLAN_LACKS_REVIEWS = fail(403, 'plan_lacks_reviews', "this workspace's plan does not include Reviews");

export class Api {
  private readonly productsByRef = new Map<string, SeedProduct>();
  private readonly postsById: Map<string, SeedPost>;

  constructor(
    private readonly world: World,
    private readonly views: Views,
    private readonly cursors: Cursors,
    private readonly origin: string,
  ) {
    for (const p of world.products) {
      this.productsByRef.set(p.id, p);
      this.productsByRef.set(p.handle, p);
    }
    this.postsById = new Map(world.posts.map((p) => [p.id, p]));
  }

  handle(req: ApiRequest): ApiResult {
    const segments = req.path.split('/').slice(2);
    let parts: string[];
    try {
      parts = segments.map((s) => decodeURIComponent(s));
    } catch {
      return fail(404, 'not_found', 'no such endpoint');
    }
    const [a, b, c, extra] = parts;
    if (extra === undefined) {
      if (a === 'products' && b === 'ratings' && c === undefined && req.ratings) return this.ratings(req);
      if (a === 'posts' && b === undefined) return this.listPosts(req);
      if (a === 'posts' && b && c === undefined) return this.getPost(req, b);
      if (a === 'products' && b && c === 'reviews') return this.reviews(req, b);
      if (a === 'products' && b && c === 'review-summary') return this.summary(req, b);
      if (a === 'products' && b && c === 'rich-snippet') return this.snippet(req, b);
      if (a === 'company' && b === 'reviews' && c === undefined) return this.reviews(req, null);
      if (a === 'company' && b === 'review-summary' && c === undefined) return this.summary(req, null);
    }
    return fail(404, 'not_found', 'no such endpoint');
  }

  private market(p: Params, required: boolean): Market | undefined {
    const ref = p.string('market', required);
    if (ref === undefined) return required ? undefined : MARKETS.find((m) => m.default);
    const market = findMarket(ref);
    if (!market) p.fail('market', `unknown market; use one of ${MARKETS.map((m) => `${m.shortId} (${m.id})`).join(', ')}`);
    return market;
  }

  private page<T>(p: Params, items: T[], query: string, limit: number): { items: T[]; next: string | null } | ApiResult {
    const cursor = p.string('cursor');
    let offset = 0;
    if (cursor !== undefined) {
      const decoded = this.cursors.decode(cursor, query);
      if (decoded === null) return fail(400, 'invalid_request', 'cursor: invalid');
      offset = decoded;
    }
    const end = offset + limit;
    return { items: items.slice(offset, end), next: end < items.length ? this.cursors.encode(query, end) : null };
  }

  private listPosts(req: ApiRequest): ApiResult {
    const p = new Params(req.search);
    const market = this.market(p, true);
    const productRef = p.string('product_ref');
    const galleryId = p.string('gallery_id');
    if (galleryId !== undefined && !GALLERIES.some((g) => g.id === galleryId)) p.fail('gallery_id', 'unknown gallery');
    const profileId = p.string('profile_id');
    if (profileId !== undefined && !PROFILES.some((g) => g.id === profileId)) p.fail('profile_id', 'unknown profile');
    const labelIds = [...new Set(p.list('label_id').map((id) => id.toLowerCase()))].sort();
    if (labelIds.some((id) => !LABEL_ID.test(id))) p.fail('label_id', 'must be 24 hexadecimal characters');
    else if (p.has('label_id') && labelIds.length === 0) p.fail('label_id', 'must not be empty');
    const labelMatch = p.oneOf('label_match', ['any', 'all'] as const, 'any');
    if (p.has('label_match') && !p.has('label_id')) p.fail('label_match', 'requires label_id');
    const limit = p.int('limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
    p.string('cursor');
    if (!p.ok || !market || limit === undefined) return invalid(p);
    const product = productRef === undefined ? undefined : this.productsByRef.get(productRef);
    if (productRef !== undefined && !product) return fail(404, 'not_found', `product not found: ${productRef}`);

    const posts = this.world.posts.filter(
      (post) =>
        (!product || post.tagged.some((t) => t.productId === product.id)) &&
        (!galleryId || post.galleries.includes(galleryId)) &&
        (!profileId || post.profile.id === profileId) &&
        (labelIds.length === 0 ||
          (labelMatch === 'all' ? labelIds.every((id) => post.labels.includes(id)) : labelIds.some((id) => post.labels.includes(id)))),
    );
    const query = JSON.stringify(['posts', req.key, market.id, product?.id, galleryId, profileId, labelIds, labelIds.length ? labelMatch : null]);
    const page = this.page(p, posts, query, limit);
    if ('status' in page) return page;
    return { status: 200, cache: 'posts', body: { data: page.items.map((post) => this.views.post(post, market)), next_cursor: page.next } };
  }

  private getPost(req: ApiRequest, id: string): ApiResult {
    const p = new Params(req.search);
    const market = this.market(p, true);
    if (!p.ok || !market) return invalid(p);
    const post = this.postsById.get(id);
    if (!post) return fail(404, 'not_found', `post not found: ${id}`);
    return { status: 200, cache: 'posts', body: this.views.post(post, market) };
  }

  private product(ref: string | null): SeedProduct | null | undefined {
    return ref === null ? null : this.productsByRef.get(ref);
  }

  private reviewsOf(product: SeedProduct | null, req: ApiRequest): SeedReview[] {
    const seeded = product ? this.world.productReviews.get(product.id)! : this.world.companyReviews;
    const added = req.added?.get(product?.id ?? 'company');
    return added?.length ? [...added, ...seeded] : seeded;
  }

  private reviews(req: ApiRequest, ref: string | null): ApiResult {
    if (req.plan !== 'reviews') return PLAN_LACKS_REVIEWS;
    const p = new Params(req.search);
    const market = this.market(p, false);
    const limit = p.int('limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
    const sort = p.oneOf('sort', SORTS, 'newest');
    const rating = p.int('rating', 1, 5);
    const include = p.list('include');
    if (include.some((name) => name !== 'localization')) p.fail('include', 'must be one of localization');
    else if (p.has('include') && include.length === 0) p.fail('include', 'must not be empty');
    p.string('cursor');
    if (!p.ok || !market || limit === undefined || sort === undefined) return invalid(p);
    const product = this.product(ref);
    if (product === undefined) return fail(404, 'not_found', `product not found: ${ref}`);

    let reviews = this.reviewsOf(product, req).filter((r) => rating === undefined || r.rating === rating);
    if (sort !== 'newest') reviews = [...reviews].sort((x, y) => (sort === 'highest' ? y.rating - x.rating : x.rating - y.rating));
    const query = JSON.stringify(['reviews', req.key, product?.id ?? 'company', market.id, sort, rating ?? null]);
    const page = this.page(p, reviews, query, limit);
    if ('status' in page) return page;
    const localization = include.includes('localization');
    return { status: 200, cache: 'reviews', body: { data: page.items.map((r) => this.views.review(r, market, localization)), next_cursor: page.next } };
  }

  private summary(req: ApiRequest, ref: string | null): ApiResult {
    if (req.plan !== 'reviews') return PLAN_LACKS_REVIEWS;
    const p = new Params(req.search);
    const market = this.market(p, false);
    if (!p.ok || !market) return invalid(p);
    const product = this.product(ref);
    if (product === undefined) return fail(404, 'not_found', `product not found: ${ref}`);
    return { status: 200, cache: 'reviews', body: this.views.summary(this.reviewsOf(product, req), market, product ? 'product' : 'company') };
  }

  /** Average and count of each known product asked for, in the order asked; unknown refs are left out. */
  private ratings(req: ApiRequest): ApiResult {
    if (req.plan !== 'reviews') return PLAN_LACKS_REVIEWS;
    const p = new Params(req.search);
    const market = this.market(p, false);
    const refs = [...new Set(p.list('product_ref'))];
    if (refs.length === 0) p.fail('product_ref', p.has('product_ref') ? 'must not be empty' : 'required');
    else if (refs.length > MAX_RATING_REFS) p.fail('product_ref', `at most ${MAX_RATING_REFS} values`);
    if (!p.ok || !market) return invalid(p);
    const data = refs.flatMap((ref) => {
      const product = this.productsByRef.get(ref);
      if (!product) return [];
      const { average, count } = this.views.rating(this.reviewsOf(product, req));
      return [{ product_ref: ref, average, count }];
    });
    return { status: 200, cache: 'reviews', body: { data } };
  }

  private snippet(req: ApiRequest, ref: string): ApiResult {
    if (req.plan !== 'reviews') return PLAN_LACKS_REVIEWS;
    const p = new Params(req.search);
    const market = this.market(p, false);
    if (!p.ok || !market) return invalid(p);
    const product = this.product(ref);
    if (!product) return fail(404, 'not_found', `product not found: ${ref}`);
    return {
      status: 200,
      cache: 'reviews',
      contentType: 'application/ld+json',
      body: richSnippet(this.views, product, this.reviewsOf(product, req), market, this.origin),
    };
  }
}

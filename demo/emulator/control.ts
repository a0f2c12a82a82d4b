/**
 * The emulator's own control endpoints under /__emulator/ (no auth, CORS for any origin):
 * test keys, faults, request logs and an info document for the status page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEMO_KEY, DEMO_KEY_NOREVIEWS, TEST_KEY_PATTERN, type Plan, type RateOptions, type Workspaces } from './auth-rate.ts';
import { GALLERIES, ITEM_TYPES, LABELS, MARKETS, PROFILES } from './data/catalog.ts';
import type { World } from './data/seed.ts';
import { parseFaults } from './faults.ts';
import { readJson, sendError, sendJson } from './http.ts';
import { deliver, newSecret, productRef } from './webhooks.ts';

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

export const CONTROL_METHODS = 'GET, POST, DELETE, OPTIONS';

const ENDPOINTS = [
  { method: 'GET', path: '/v1/posts', query: 'market (required), product_ref, gallery_id, profile_id, label_id (repeatable or comma-separated), label_match (any|all), limit (1-50, default 20), cursor', returns: 'page of Post' },
  { method: 'GET', path: '/v1/posts/{post_id}', query: 'market (required)', returns: 'Post' },
  { method: 'GET', path: '/v1/products/{product_ref}/reviews', query: 'market, limit, cursor, sort (newest|highest|lowest), rating (1-5), include (localization)', returns: 'page of Review' },
  { method: 'GET', path: '/v1/products/{product_ref}/review-summary', query: 'market', returns: 'ReviewSummary' },
  { method: 'GET', path: '/v1/company/reviews', query: 'as product reviews', returns: 'page of Review' },
  { method: 'GET', path: '/v1/company/review-summary', query: 'market', returns: 'ReviewSummary' },
  { method: 'GET', path: '/v1/products/{product_ref}/rich-snippet', query: 'market', returns: 'JSON-LD schema.org Product' },
  { method: 'GET', path: '/v1/products/ratings', query: 'market, product_ref (1-50; repeatable or comma-separated)', returns: '{ data: [{ product_ref, average, count }] }, known products in the order asked' },
];

const CONTROL_ENDPOINTS = [
  { method: 'POST', path: '/__emulator/keys', body: '{ key: "svc_pk_test_…", plan?: "reviews" | "noreviews", faults?: Faults, rate?: { capacity?, refillPerSecond? } }' },
  { method: 'POST', path: '/__emulator/faults', body: '{ key, faults }' },
  { method: 'POST', path: '/__emulator/ratings', body: '{ key, available: boolean }: false makes /v1/products/ratings answer 404 not_found for the key' },
  { method: 'GET', path: '/__emulator/log?key=K', body: '' },
  { method: 'POST', path: '/__emulator/webhooks', body: '{ key, url, secret?: "whsec_…" }: where the key\'s webhooks go (Standard Webhooks, signed); answers the secret' },
  { method: 'POST', path: '/__emulator/webhooks/send', body: '{ key, type, data?, id?, timestamp? }: a test send of any event (the same id: a retry; an old timestamp, epoch seconds)' },
  { method: 'POST', path: '/__emulator/reviews', body: '{ key, product_ref?, rating? }: adds a review for the key (the company\'s without product_ref) and delivers its *-review.submitted webhook' },
  { method: 'GET', path: '/__emulator/counts?key=K', body: '{ seconds: [{ at (epoch second), requests, rate_limited }] } for the last 15 minutes: what reached the API under load' },
  { method: 'DELETE', path: '/__emulator/log?key=K', body: '' },
  { method: 'GET', path: '/__emulator/info', body: '' },
];

function parseRate(input: unknown): RateOptions | string {
  if (input === undefined) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'rate: must be an object';
  const rate: RateOptions = {};
  for (const [name, value] of Object.entries(input)) {
    if (name !== 'capacity' && name !== 'refillPerSecond') return `rate.${name}: unknown field`;
    if (typeof value !== 'number' || !(value > 0) || value > 1_000_000) return `rate.${name}: must be a positive number`;
    rate[name] = value;
  }
  return rate;
}

export class Control {
  constructor(
    private readonly world: World,
    private readonly workspaces: Workspaces,
    private readonly origin: string,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = `${req.method} ${url.pathname}`;
    try {
      if (route === 'GET /__emulator/info') return sendJson(res, 200, this.info());
      if (route === 'POST /__emulator/keys') return this.registerKey(res, await readJson(req));
      // Faults may carry whole replacement bodies (`replaceBody`).
      if (route === 'POST /__emulator/faults') return this.setFaults(res, await readJson(req, 16 * 1024 * 1024));
      if (route === 'POST /__emulator/ratings') return this.setRatings(res, await readJson(req));
      if (route === 'GET /__emulator/counts') {
        const workspace = this.workspaces.get(url.searchParams.get('key') ?? '');
        if (!workspace) return sendError(res, 404, 'not_found', `unknown key: ${url.searchParams.get('key') ?? ''}`);
        const seconds = [...workspace.seconds].sort(([a], [b]) => a - b).map(([at, counts]) => ({ at, requests: counts.requests, rate_limited: counts.rateLimited }));
        return sendJson(res, 200, { seconds });
      }
      if (route === 'POST /__emulator/webhooks') return this.setWebhook(res, await readJson(req));
      if (route === 'POST /__emulator/webhooks/send') return await this.sendWebhook(res, await readJson(req));
      if (route === 'POST /__emulator/reviews') return await this.addReview(res, await readJson(req));
      if (url.pathname === '/__emulator/log' && (req.method === 'GET' || req.method === 'DELETE')) {
        const key = url.searchParams.get('key') ?? '';
        const workspace = this.workspaces.get(key);
        if (!workspace) return sendError(res, 404, 'not_found', `unknown key: ${key}`);
        if (req.method === 'GET') return sendJson(res, 200, workspace.log);
        workspace.log.length = 0;
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        res.end();
        return;
      }
      sendError(res, 404, 'not_found', `no control endpoint ${route}`);
    } catch (error) {
      sendError(res, 400, 'invalid_request', error instanceof Error ? error.message : String(error));
    }
  }

  private registerKey(res: ServerResponse, body: unknown): void {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors: string[] = [];
    const key = input.key;
    if (typeof key !== 'string' || !TEST_KEY_PATTERN.test(key)) errors.push('key: must match svc_pk_test_[A-Za-z0-9_-]+');
    const plan = input.plan ?? 'reviews';
    if (plan !== 'reviews' && plan !== 'noreviews') errors.push('plan: must be one of reviews, noreviews');
    const faults = parseFaults(input.faults);
    if ('error' in faults) errors.push(faults.error);
    const rate = parseRate(input.rate);
    if (typeof rate === 'string') errors.push(rate);
    if (errors.length > 0 || 'error' in faults || typeof rate === 'string') return sendError(res, 400, 'invalid_request', errors.join(', '));
    const workspace = this.workspaces.register(key as string, plan as Plan, faults.faults, rate);
    sendJson(res, 201, { key: workspace.key, plan: workspace.plan, faults: workspace.faults.current, rate: { capacity: workspace.bucket.capacity, refillPerSecond: workspace.bucket.refillPerSecond } });
  }

  private setFaults(res: ServerResponse, body: unknown): void {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const workspace = typeof input.key === 'string' ? this.workspaces.get(input.key) : undefined;
    if (!workspace) return sendError(res, 404, 'not_found', `unknown key: ${String(input.key)}`);
    const faults = parseFaults(input.faults);
    if ('error' in faults) return sendError(res, 400, 'invalid_request', faults.error);
    workspace.setFaults(faults.faults);
    sendJson(res, 200, { key: workspace.key, faults: workspace.faults.current });
  }

  private workspaceOf(input: Record<string, unknown>) {
    return typeof input.key === 'string' ? this.workspaces.get(input.key) : undefined;
  }

  /** Where the key's webhooks go; a secret is made when none is given. */
  private setWebhook(res: ServerResponse, body: unknown): void {
    const input = record(body);
    const workspace = this.workspaceOf(input);
    if (!workspace) return sendError(res, 404, 'not_found', `unknown key: ${String(input.key)}`);
    if (typeof input.url !== 'string' || !/^https?:\/\//.test(input.url)) return sendError(res, 400, 'invalid_request', 'url: must be an http(s) URL');
    if (input.secret !== undefined && (typeof input.secret !== 'string' || !input.secret.startsWith('whsec_'))) return sendError(res, 400, 'invalid_request', 'secret: must start with whsec_');
    workspace.webhook = { url: input.url, secret: (input.secret as string | undefined) ?? newSecret() };
    sendJson(res, 200, { key: workspace.key, url: workspace.webhook.url, secret: workspace.webhook.secret });
  }

  /** A test send (or a retry, with the same `id`; or an old `timestamp`, epoch seconds) of any event to the key's destination. */
  private async sendWebhook(res: ServerResponse, body: unknown): Promise<void> {
    const input = record(body);
    const workspace = this.workspaceOf(input);
    if (!workspace?.webhook) return sendError(res, 404, 'not_found', `no webhook destination for key: ${String(input.key)}`);
    if (typeof input.type !== 'string') return sendError(res, 400, 'invalid_request', 'type: required');
    const delivery = await deliver(workspace.webhook, input.type, input.data ?? {}, {
      ...(typeof input.id === 'string' ? { id: input.id } : {}),
      ...(typeof input.timestamp === 'number' ? { timestamp: new Date(input.timestamp * 1000) } : {}),
    });
    sendJson(res, 200, { delivery });
  }

  /** Adds a review for the key (a product's, or the company's without `product_ref`) and delivers its `*-review.submitted` webhook. */
  private async addReview(res: ServerResponse, body: unknown): Promise<void> {
    const input = record(body);
    const workspace = this.workspaceOf(input);
    if (!workspace) return sendError(res, 404, 'not_found', `unknown key: ${String(input.key)}`);
    const ref = input.product_ref;
    const product = typeof ref === 'string' ? this.world.products.find((p) => p.id === ref || p.handle === ref) : null;
    if (product === undefined) return sendError(res, 404, 'not_found', `product not found: ${String(ref)}`);
    const rating = input.rating ?? 5;
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) return sendError(res, 400, 'invalid_request', 'rating: must be an integer from 1 to 5');
    const bucket = product?.id ?? 'company';
    const template = (product ? this.world.productReviews.get(product.id)![0] : this.world.companyReviews[0]) ?? this.world.companyReviews[0]!;
    const review = { ...template, id: `rev_added_${workspace.key.slice(-6)}_${++this.added}`, productId: product?.id ?? null, rating, createdAt: new Date().toISOString(), reply: undefined };
    workspace.added.set(bucket, [review, ...(workspace.added.get(bucket) ?? [])]);
    const data = { review: { id: review.id, rating, ...(product ? { product: productRef(product) } : {}) }, ...(product ? { product: productRef(product) } : {}) };
    const delivery = workspace.webhook ? await deliver(workspace.webhook, product ? 'product-review.submitted' : 'company-review.submitted', data) : null;
    sendJson(res, 201, { review_id: review.id, delivery });
  }

  private added = 0;

  /** Turns `/v1/products/ratings` off (404, so that a client's fallback can be tested) or on again for one key. */
  private setRatings(res: ServerResponse, body: unknown): void {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const workspace = typeof input.key === 'string' ? this.workspaces.get(input.key) : undefined;
    if (!workspace) return sendError(res, 404, 'not_found', `unknown key: ${String(input.key)}`);
    if (typeof input.available !== 'boolean') return sendError(res, 400, 'invalid_request', 'available: must be a boolean');
    workspace.ratings = input.available;
    sendJson(res, 200, { key: workspace.key, ratings: workspace.ratings });
  }

  info(): Record<string, unknown> {
    const { posts, products, productReviews, companyReviews, images } = this.world;
    const count = (test: (p: (typeof posts)[number]) => boolean): number => posts.filter(test).length;
    const testKeys = this.workspaces.all().filter((w) => w.key !== DEMO_KEY && w.key !== DEMO_KEY_NOREVIEWS);
    return {
      name: 'Storefront API emulator',
      api_base: `${this.origin}/v1`,
      endpoints: ENDPOINTS,
      control_endpoints: CONTROL_ENDPOINTS,
      keys: [
        { key: DEMO_KEY, plan: 'reviews', description: 'demo workspace whose plan includes Reviews' },
        { key: DEMO_KEY_NOREVIEWS, plan: 'noreviews', description: 'demo workspace whose plan lacks Reviews (review reads answer 403)' },
      ],
      test_keys: testKeys.length,
      markets: MARKETS.map(({ id, shortId, title, country, currency, language, domain, default: isDefault }) => ({ id, shortId, title, country, currency, language, domain, default: isDefault })),
      counts: {
        posts: posts.length,
        image_posts: count((p) => p.type === 'IMAGE'),
        video_posts: count((p) => p.type === 'VIDEO'),
        products: products.length,
        product_reviews: [...productReviews.values()].reduce((n, r) => n + r.length, 0),
        company_reviews: companyReviews.length,
        labels: LABELS.length,
        galleries: GALLERIES.length,
        profiles: PROFILES.length,
        pictures: images.size,
        product_types: ITEM_TYPES.length,
      },
      labels: LABELS.map((l) => ({ ...l, post_count: count((p) => p.labels.includes(l.id)) })),
      galleries: GALLERIES.map((g) => ({ id: g.id, name: g.name, post_count: count((p) => p.galleries.includes(g.id)) })),
      profiles: PROFILES.map((pr) => ({ id: pr.id, username: pr.username, post_count: count((p) => p.profile.id === pr.id) })),
      products: products.map((pr) => ({
        id: pr.id,
        handle: pr.handle,
        post_count: count((p) => p.tagged.some((t) => t.productId === pr.id)),
        review_count: productReviews.get(pr.id)!.length,
      })),
      samples: {
        video_post: posts.find((p) => p.type === 'VIDEO')!.id,
        corner_hotspots_post: posts.find((p) => p.tagged.length > 0 && p.tagged.every((t) => (t.x === 0 || t.x === 1 || t.x === 0.5) && (t.y === 0 || t.y === 1 || t.y === 0.5)))?.id ?? null,
      },
    };
  }
}

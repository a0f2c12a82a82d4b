/** Markets localize prices and texts; reviews, summaries and the rich snippet agree with each other. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getJson,
  info,
  registerKey,
  UNLIMITED,
  walk,
  type EmulatorInfo,
  type Page,
  type WirePost,
  type WireProduct,
  type WireReview,
  type WireSummary,
} from './emulator-helpers.ts';

let key: string;
let seed: EmulatorInfo;
const MARKETS = { us: { currency: 'USD', language: 'en', rate: 1 }, de: { currency: 'EUR', language: 'de', rate: 0.92 }, se: { currency: 'SEK', language: 'sv', rate: 10.6 } } as const;
type MarketId = keyof typeof MARKETS;
const SHORT_IDS = Object.keys(MARKETS) as MarketId[];

beforeAll(async () => {
  key = await registerKey('markets', { rate: UNLIMITED });
  seed = await info();
});

const postsIn = async (market: string, limit = 50): Promise<WirePost[]> => (await getJson<Page<WirePost>>(`/v1/posts?market=${market}&limit=${limit}`, key)).body.data;

describe('markets', () => {
  it('are us (USD, en), de (EUR, de) and se (SEK, sv), each with an id', () => {
    for (const shortId of SHORT_IDS) {
      const market = seed.markets.find((m) => m.shortId === shortId)!;
      expect(market.currency).toBe(MARKETS[shortId].currency);
      expect(market.language).toBe(MARKETS[shortId].language);
      expect(market.id).toMatch(/^mkt_/);
    }
  });

  it('accept the id as well as the shortId', async () => {
    const de = seed.markets.find((m) => m.shortId === 'de')!;
    expect(await postsIn(de.id, 5)).toEqual(await postsIn('de', 5));
  });

  it('convert prices into the market currency, at most 2 decimals, with sales below the price', async () => {
    const pages = Object.fromEntries(await Promise.all(SHORT_IDS.map(async (m) => [m, await postsIn(m)] as const))) as Record<MarketId, WirePost[]>;
    let sales = 0;
    let compared = 0;
    pages.us.forEach((post, i) => {
      post.tagged_products.forEach((tag, j) => {
        const usd = tag.product.price!;
        expect(usd.currency).toBe('USD');
        for (const m of SHORT_IDS) {
          const price = pages[m][i]!.tagged_products[j]!.product.price!;
          expect(pages[m][i]!.id).toBe(post.id);
          expect(price.currency).toBe(MARKETS[m].currency);
          expect(Math.abs(price.price * 100 - Math.round(price.price * 100))).toBeLessThan(1e-6);
          const ratio = price.price / usd.price / MARKETS[m].rate;
          expect(ratio).toBeGreaterThan(0.9);
          expect(ratio).toBeLessThan(1.1);
          if (price.sale_price !== undefined) {
            expect(price.sale_price).toBeLessThanOrEqual(price.price);
            if (price.sale_price < price.price) sales++;
          }
          compared++;
        }
      });
    });
    expect(compared).toBeGreaterThan(50);
    expect(sales).toBeGreaterThan(0);
  });

  it('localize captions, titles and categories into the market language', async () => {
    const [en, de, sv] = await Promise.all(SHORT_IDS.map((m) => postsIn(m)));
    const differs = (a: string | undefined, b: string | undefined): boolean => a !== b;
    const withComment = en!.filter((p) => p.comment);
    expect(withComment.length).toBeGreaterThan(30);
    const changedDe = en!.filter((p, i) => p.comment && differs(p.comment, de![i]!.comment)).length;
    const changedSv = en!.filter((p, i) => p.comment && differs(p.comment, sv![i]!.comment)).length;
    expect(changedDe).toBe(withComment.length);
    expect(changedSv).toBe(withComment.length);
    const product = (posts: WirePost[]): WireProduct => posts.find((p) => p.tagged_products.length > 0)!.tagged_products[0]!.product;
    expect(new Set([product(en!).title, product(de!).title, product(sv!).title]).size).toBe(3);
    expect(new Set([product(en!).category, product(de!).category, product(sv!).category]).size).toBe(3);
    expect(de!.map((p) => p.comment ?? '').join(' ')).toMatch(/\b(und|mit|ist|Neuer|Wochenende)\b/);
    expect(sv!.map((p) => p.comment ?? '').join(' ')).toMatch(/\b(och|med|är|till|favorit)\b/);
  });
});

describe('reviews', () => {
  const product = (): EmulatorInfo['products'][number] => seed.products.find((p) => p.review_count >= 40)!;

  it('show text in the market language; include=localization adds the original', async () => {
    for (const m of SHORT_IDS) {
      const plain = await walk<WireReview>(`/v1/products/${product().handle}/reviews?market=${m}`, key, 50);
      const localized = await walk<WireReview>(`/v1/products/${product().handle}/reviews?market=${m}&include=localization`, key, 50);
      expect(plain.items.every((r) => r.language === MARKETS[m].language)).toBe(true);
      expect(plain.items.some((r) => 'localization' in r)).toBe(false);
      const translated = localized.items.filter((r) => r.localization);
      expect(translated.length).toBeGreaterThan(0);
      expect(translated.length).toBeLessThan(localized.items.length);
      for (const review of translated) {
        expect(review.localization!.language).not.toBe(MARKETS[m].language);
        expect(['en', 'de', 'sv']).toContain(review.localization!.language);
        expect(review.localization!.body).not.toBe(review.body);
        expect(review.localization!.title.length).toBeGreaterThan(0);
      }
      localized.items.forEach((review, i) => expect({ ...review, localization: undefined }).toEqual({ ...plain.items[i], localization: undefined }));
    }
  });

  it('the original of a translated review is what its own market shows', async () => {
    const page = await walk<WireReview>(`/v1/products/${product().handle}/reviews?market=us&include=localization`, key, 50);
    const german = page.items.find((r) => r.localization?.language === 'de')!;
    const inGerman = await walk<WireReview>(`/v1/products/${product().handle}/reviews?market=de`, key, 50);
    const same = inGerman.items.find((r) => r.id === german.id)!;
    expect({ title: same.title, body: same.body }).toEqual({ title: german.localization!.title, body: german.localization!.body });
  });

  it('carry authors, verified buyers, media and replies', async () => {
    const reviews = (await Promise.all(seed.products.filter((p) => p.review_count > 0).slice(0, 20).map((p) => walk<WireReview>(`/v1/products/${p.id}/reviews?market=us`, key, 50)))).flatMap((w) => w.items);
    for (const r of reviews) {
      expect(r.id).toMatch(/^rev_/);
      expect(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5).toBe(true);
      expect(r.author.name.length).toBeGreaterThan(0);
      expect(Array.isArray(r.media)).toBe(true);
      expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
      if (r.reply) expect(Date.parse(r.reply.created_at)).toBeGreaterThan(Date.parse(r.created_at));
    }
    expect(reviews.some((r) => r.author.verified_buyer)).toBe(true);
    expect(reviews.some((r) => !r.author.verified_buyer)).toBe(true);
    expect(reviews.some((r) => r.media.length > 0)).toBe(true);
    expect(reviews.some((r) => r.reply !== null)).toBe(true);
    expect(reviews.some((r) => r.reply === null)).toBe(true);
  });

  it('rating filters to one rating', async () => {
    const summary = (await getJson<WireSummary>(`/v1/products/${product().handle}/review-summary`, key)).body;
    for (const rating of [1, 2, 3, 4, 5] as const) {
      const { items } = await walk<WireReview>(`/v1/products/${product().handle}/reviews?rating=${rating}`, key, 50);
      expect(items.every((r) => r.rating === rating)).toBe(true);
      expect(items).toHaveLength(summary.distribution[String(rating) as '1']);
    }
  });
});

describe('review summaries agree with the reviews', () => {
  async function check(summaryPath: string, reviewsPath: string, market: MarketId): Promise<WireSummary> {
    const answer = await getJson<WireSummary>(`${summaryPath}?market=${market}`, key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const summary = answer.body;
    const { items } = await walk<WireReview>(`${reviewsPath}?market=${market}`, key, 50);
    const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const r of items) distribution[String(r.rating) as '1']++;
    expect(summary.count).toBe(items.length);
    expect(summary.distribution).toEqual(distribution);
    const average = items.length ? items.reduce((n, r) => n + r.rating, 0) / items.length : 0;
    expect(Math.abs(summary.average - average)).toBeLessThanOrEqual(0.05 + 1e-9);
    if (items.length >= 3) {
      expect(summary.summary).not.toBeNull();
      expect(summary.summary!.language).toBe(MARKETS[market].language);
      expect(summary.summary!.text.length).toBeGreaterThan(10);
    }
    return summary;
  }

  it.each(SHORT_IDS)('for products and the company in %s', async (market) => {
    const products = [seed.products.find((p) => p.review_count >= 40)!, seed.products.find((p) => p.review_count > 3 && p.review_count < 40)!];
    for (const p of products) await check(`/v1/products/${p.handle}/review-summary`, `/v1/products/${p.handle}/reviews`, market);
    const company = await check('/v1/company/review-summary', '/v1/company/reviews', market);
    expect(company.count).toBeGreaterThan(20);
  });

  it('a product with no reviews has count 0 and no summary', async () => {
    const none = seed.products.find((p) => p.review_count === 0)!;
    const summary = await check(`/v1/products/${none.handle}/review-summary`, `/v1/products/${none.handle}/reviews`, 'us');
    expect(summary).toEqual({ average: 0, count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, summary: null });
  });

  it('summary texts differ per language', async () => {
    const p = seed.products.find((x) => x.review_count >= 40)!;
    const texts = await Promise.all(SHORT_IDS.map(async (m) => (await getJson<WireSummary>(`/v1/products/${p.handle}/review-summary?market=${m}`, key)).body.summary!.text));
    expect(new Set(texts).size).toBe(3);
  });
});

describe('rich snippet', () => {
  interface Snippet {
    '@context': string;
    '@type': string;
    '@id': string;
    name: string;
    image: string[];
    sku?: string;
    mpn?: string;
    gtin?: string;
    brand: { '@type': string; name: string };
    offers: { '@type': string; price: string; priceCurrency: string; availability: string; url: string };
    aggregateRating?: { '@type': string; ratingValue: number; reviewCount: number; bestRating: number; worstRating: number };
    review?: { '@type': string; author: { '@type': string; name: string }; reviewRating: { ratingValue: number }; datePublished: string; reviewBody: string }[];
  }

  it.each(SHORT_IDS)('is a schema.org Product in the currency and language of %s', async (market) => {
    const popular = [...seed.products].sort((a, b) => b.post_count - a.post_count).find((p) => p.review_count > 0)!;
    const response = await getJson<Snippet>(`/v1/products/${popular.handle}/rich-snippet?market=${market}`, key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const snippet = response.body;
    const post = (await getJson<Page<WirePost>>(`/v1/posts?market=${market}&product_ref=${popular.handle}&limit=1`, key)).body.data[0]!;
    const product = post.tagged_products.find((t) => t.product.handle === popular.handle)!.product;
    expect(snippet['@context']).toBe('https://schema.org');
    expect(snippet['@type']).toBe('Product');
    expect(snippet['@id']).toBe(`https://shop.example.com/products/${popular.handle}#product`);
    expect(snippet.name).toBe(product.title);
    expect(snippet.image[0]).toBe(product.media!.location);
    for (const field of ['sku', 'mpn', 'gtin'] as const) expect(snippet[field]).toBe(product[field]);
    expect(snippet.brand['@type']).toBe('Brand');
    expect(snippet.offers.priceCurrency).toBe(MARKETS[market].currency);
    expect(Number(snippet.offers.price)).toBe(product.price!.sale_price ?? product.price!.price);
    expect(snippet.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(snippet.offers.url).toBe(product.url);
    const summary = (await getJson<WireSummary>(`/v1/products/${popular.handle}/review-summary?market=${market}`, key)).body;
    expect(snippet.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 });
    const newest = (await getJson<Page<WireReview>>(`/v1/products/${popular.handle}/reviews?market=${market}&limit=5`, key)).body.data;
    expect(snippet.review!.length).toBe(Math.min(5, summary.count));
    snippet.review!.forEach((r, i) => {
      expect(r['@type']).toBe('Review');
      expect(r.author).toEqual({ '@type': 'Person', name: newest[i]!.author.name });
      expect(r.reviewRating.ratingValue).toBe(newest[i]!.rating);
      expect(r.reviewBody).toBe(newest[i]!.body);
      expect(r.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('has no rating and no reviews for a product without reviews', async () => {
    const none = seed.products.find((p) => p.review_count === 0)!;
    const snippet = (await getJson<Snippet>(`/v1/products/${none.id}/rich-snippet?market=de`, key)).body;
    expect(snippet['@type']).toBe('Product');
    expect(snippet.offers.priceCurrency).toBe('EUR');
    expect('aggregateRating' in snippet).toBe(false);
    expect('review' in snippet).toBe(false);
  });
});

/** Wire shapes (contract section 4, snake_case) of the seed data, rendered for one market. */
import { LABELS, type Market, shopPrice } from './data/catalog.ts';
import {
  ALT_BY,
  ASPECT_NAMES,
  ASPECT_SENTENCES,
  CAPTIONS_PLAIN,
  CAPTIONS_WITH_PRODUCT,
  COMPANY_REVIEW_BODIES,
  COMPANY_REVIEW_TITLES,
  HASHTAGS,
  PRODUCT_REVIEW_BODIES,
  PRODUCT_REVIEW_TITLES,
  REPLIES,
  SCENE_ALT,
  SUMMARY_SUBJECT,
  SUMMARY_TEMPLATES,
  VIDEO_CAPTIONS_PLAIN,
  VIDEO_CAPTIONS_WITH_PRODUCT,
  VIDEO_DESCRIPTION,
  fill,
  type Aspect,
  type Lang,
} from './data/i18n.ts';
import type { SeedPost, SeedProduct, SeedReview, World } from './data/seed.ts';
import type { MediaStore } from './media.ts';

export interface WireMedia {
  location: string;
  hash: string;
  filename: string;
  width?: number;
  height?: number;
  poster?: string;
}

/** Renders seed records for one market; `origin` makes media URLs absolute. */
export class Views {
  private readonly productsById: Map<string, SeedProduct>;

  constructor(
    private readonly world: World,
    private readonly media: MediaStore,
    private readonly origin: string,
  ) {
    this.productsById = new Map(world.products.map((p) => [p.id, p]));
  }

  private picture(path: string, filename: string): WireMedia {
    const spec = this.world.images.get(path)!;
    return { location: this.origin + path, hash: this.media.hash(path), filename, width: spec.width, height: spec.height };
  }

  productTitle(product: SeedProduct, lang: Lang): string {
    return `${product.line} ${product.item.name[lang]}`;
  }

  product(product: SeedProduct, market: Market): Record<string, unknown> {
    const price = shopPrice(product.usd, market);
    return {
      id: product.id,
      title: this.productTitle(product, market.language),
      handle: product.handle,
      price: {
        price,
        currency: market.currency,
        ...(product.saleField === 'sale' && product.saleUsd !== null ? { sale_price: shopPrice(product.saleUsd, market) } : {}),
        ...(product.saleField === 'same' ? { sale_price: price } : {}),
      },
      category: product.item.category[market.language],
      media: this.picture(product.image, `${product.handle}.jpg`),
      url: productUrl(product),
      development_url: `https://dev.shop.example.com/products/${product.handle}`,
      ...(product.sku ? { sku: product.sku } : {}),
      ...(product.mpn ? { mpn: product.mpn } : {}),
      ...(product.gtin ? { gtin: product.gtin } : {}),
    };
  }

  post(post: SeedPost, market: Market): Record<string, unknown> {
    const lang = market.language;
    const first = post.tagged[0] ? this.productsById.get(post.tagged[0].productId) : undefined;
    const title = first ? this.productTitle(first, lang) : '';
    const media = this.picture(post.image, post.filename);
    if (post.video) {
      media.poster = media.location;
      media.location = this.origin + post.video;
      media.width = post.width;
      media.height = post.height;
    }
    const avatar = this.world.avatars.get(post.profile.id);
    return {
      id: post.id,
      type: post.type,
      media,
      ...(post.hasAlt ? { alt: fill(ALT_BY[lang], { scene: SCENE_ALT[post.scene][lang], user: post.profile.username }) } : {}),
      ...(post.caption ? { comment: this.caption(post, lang, title) } : {}),
      ...(post.type === 'VIDEO'
        ? {
            video_captions: first ? fill(VIDEO_CAPTIONS_WITH_PRODUCT[lang], { title }) : VIDEO_CAPTIONS_PLAIN[lang],
            video_description: VIDEO_DESCRIPTION[lang],
          }
        : {}),
      hide_caption: post.hideCaption,
      origin: { type: post.origin },
      ...(post.socialUrl ? { social_url: post.socialUrl } : {}),
      from_social: post.origin === 'instagram' || post.origin === 'tiktok',
      ...(post.socialDate ? { social_date: post.socialDate } : {}),
      added_by_company: post.origin === 'manual',
      created_at: post.createdAt,
      uploaded_by: {
        username: post.profile.username,
        ...(avatar ? { image: this.picture(avatar, `${post.profile.username}.jpg`) } : {}),
      },
      labels: LABELS.filter((l) => post.labels.includes(l.id)).map((l) => ({ id: l.id, name: l.name })),
      tagged_products: post.tagged.map((t) => ({ x: t.x, y: t.y, product: this.product(this.productsById.get(t.productId)!, market) })),
    };
  }

  private caption(post: SeedPost, lang: Lang, title: string): string {
    const c = post.caption!;
    const text = c.withProduct ? fill(CAPTIONS_WITH_PRODUCT[c.index]![lang], { title }) : CAPTIONS_PLAIN[c.index]![lang];
    const tags = c.hashtags.map((i) => HASHTAGS[i]![lang]);
    return [text, ...tags, '#northwindgoods', ...(c.mention ? [`📸 @${c.mention}`] : [])].join(' ');
  }

  /** A review's title and body in `lang`. */
  reviewText(review: SeedReview, lang: Lang): { title: string; body: string } {
    const titles = review.productId ? PRODUCT_REVIEW_TITLES : COMPANY_REVIEW_TITLES;
    const bodies = review.productId ? PRODUCT_REVIEW_BODIES : COMPANY_REVIEW_BODIES;
    const aspect = review.aspect ? ASPECT_SENTENCES[review.aspect.key][review.aspect.praise ? 'praise' : 'complaint'][lang] : '';
    const body = bodies[review.sentiment][review.bodyIndex]![lang];
    return { title: titles[review.sentiment][review.titleIndex]![lang], body: aspect ? `${body} ${aspect}` : body };
  }

  review(review: SeedReview, market: Market, includeLocalization: boolean): Record<string, unknown> {
    const lang = market.language;
    const shown = this.reviewText(review, lang);
    return {
      id: review.id,
      rating: review.rating,
      title: shown.title,
      body: shown.body,
      author: { name: review.author, verified_buyer: review.verified },
      created_at: review.createdAt,
      language: lang,
      media: review.media.map((path) => this.picture(path, path.slice(path.lastIndexOf('/') + 1))),
      reply: review.reply ? { body: REPLIES[review.sentiment][lang], created_at: review.reply.createdAt } : null,
      ...(includeLocalization && review.language !== lang ? { localization: { language: review.language, ...this.reviewText(review, review.language) } } : {}),
    };
  }

  /** Average (one decimal, 0 without reviews), count and distribution of reviews: what a summary and a ratings entry share. */
  rating(reviews: SeedReview[]): { average: number; count: number; distribution: Record<string, number> } {
    const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    let sum = 0;
    for (const r of reviews) {
      distribution[String(r.rating)]!++;
      sum += r.rating;
    }
    const count = reviews.length;
    return { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, distribution };
  }

  summary(reviews: SeedReview[], market: Market, subject: 'product' | 'company'): Record<string, unknown> {
    const { average, count, distribution } = this.rating(reviews);
    return { average, count, distribution, summary: count < 3 ? null : { text: summaryText(reviews, average, market.language, subject), language: market.language } };
  }
}

export function productUrl(product: SeedProduct): string {
  return `https://shop.example.com/products/${product.handle}`;
}

/** Top praised and criticised aspects, as the reviews mention them. */
function summaryText(reviews: SeedReview[], average: number, lang: Lang, subject: 'product' | 'company'): string {
  const tally = (praise: boolean): Aspect[] => {
    const counts = new Map<Aspect, number>();
    for (const r of reviews) if (r.aspect && r.aspect.praise === praise) counts.set(r.aspect.key, (counts.get(r.aspect.key) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
  };
  const praised = [...tally(true), 'quality', 'value'] as Aspect[];
  const criticised = [...tally(false), 'delivery'] as Aspect[];
  const a = praised[0]!;
  const b = praised.find((x) => x !== a)!;
  const template = average >= 4.3 ? SUMMARY_TEMPLATES.great : average >= 3.5 ? SUMMARY_TEMPLATES.good : SUMMARY_TEMPLATES.mixed;
  return fill(template[lang], {
    subject: SUMMARY_SUBJECT[subject][lang],
    a: ASPECT_NAMES[a][lang],
    b: ASPECT_NAMES[b][lang],
    c: ASPECT_NAMES[criticised[0]!][lang],
  });
}

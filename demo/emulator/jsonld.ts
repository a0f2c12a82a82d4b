/** The rich snippet: a schema.org Product with its offer, rating and latest reviews, as JSON-LD. */
import { BRAND, type Market, shopPrice } from './data/catalog.ts';
import { PRODUCT_DESCRIPTION, fill } from './data/i18n.ts';
import type { SeedProduct, SeedReview } from './data/seed.ts';
import { productUrl, type Views } from './views.ts';

/** How many reviews the snippet embeds (newest first). */
export const SNIPPET_REVIEWS = 5;

export function richSnippet(views: Views, product: SeedProduct, reviews: SeedReview[], market: Market, origin: string): Record<string, unknown> {
  const lang = market.language;
  const url = productUrl(product);
  const name = views.productTitle(product, lang);
  const price = product.saleField === 'sale' && product.saleUsd !== null ? shopPrice(product.saleUsd, market) : shopPrice(product.usd, market);
  const summary = views.summary(reviews, market, 'product') as { average: number; count: number };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name,
    description: fill(PRODUCT_DESCRIPTION[lang], { title: name }),
    image: [origin + product.image],
    url,
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.mpn ? { mpn: product.mpn } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    category: product.item.category[lang],
    brand: { '@type': 'Brand', name: BRAND },
    offers: {
      '@type': 'Offer',
      url,
      price: price.toFixed(2),
      priceCurrency: market.currency,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: BRAND },
    },
    ...(reviews.length > 0
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
          review: reviews.slice(0, SNIPPET_REVIEWS).map((r) => {
            const text = views.reviewText(r, lang);
            return {
              '@type': 'Review',
              name: text.title,
              author: { '@type': 'Person', name: r.author },
              reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
              datePublished: r.createdAt.slice(0, 10),
              reviewBody: text.body,
              inLanguage: lang,
            };
          }),
        }
      : {}),
  };
}

/**
 * `renderWidgets` renders a review summary, a shoppable post and a review list with their
 * data (read from the emulator over HTTP), each in a declarative shadow root with its
 * state for hydration and the nonce on every style.
 */
import { renderWidgets } from 'storefront-widgets/ssr';
import { apiRead, apiBase, check, key, main } from './shared.mjs';

const PRODUCT = 'aster-linen-shirt';
const NONCE = 'm4tr1xN0nce0123';

/** The text of `html` with the entities a renderer writes for text turned back. */
const text = (html) => html.replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

main(async () => {
  const summary = await apiRead(`/v1/products/${PRODUCT}/review-summary?market=us`);
  const reviews = await apiRead(`/v1/products/${PRODUCT}/reviews?market=us&limit=3`);
  const posts = await apiRead('/v1/posts?market=us&limit=20');
  const post = posts.data.find((candidate) => candidate.tagged_products.length >= 2);
  check(post, 'the emulator has a post with two tagged products');

  const fragment =
    `<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>` +
    `<svc-shoppable-post post-id="${post.id}"></svc-shoppable-post>` +
    `<svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`;
  const html = await renderWidgets(fragment, { publishableKey: key, apiBase, market: 'us', nonce: NONCE, deadlineMs: 10_000 });

  check(html.match(/<template shadowroot="open" shadowrootmode="open">/g)?.length === 3, 'three declarative shadow roots');
  check(html.match(/<script type="application\/json" data-svc-state>/g)?.length === 3, "each element's state for hydration");
  check(html.includes(`${summary.count} reviews`), `the summary's count (${summary.count} reviews)`);
  check(html.match(/<li class="review"/g)?.length === 3, 'the review list renders its first page of three');
  for (const review of reviews.data) check(text(html).includes(review.title), `the review list shows "${review.title}"`);
  for (const tag of post.tagged_products) check(text(html).includes(tag.product.title), `the shoppable post shows its product "${tag.product.title}"`);
  check(!/<style(?! nonce="m4tr1xN0nce0123")/.test(html), 'the nonce on every <style>');
  check(!/<[^>]+\sstyle="/.test(html), 'no style attribute');
});

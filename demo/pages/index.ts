/** The overview: one live example per element, a market switcher for all of them, and the quick start. */
import '../site/shell.ts';
import '../../src/register.ts';
import { html, nothing, render } from 'lit';
import { demoStorefront, live, segmented, snippetBlock, stayOnPage, themeSnippet } from '../site/controls.ts';
import { demoIds, featuredPost, MARKETS, type Market } from '../site/env.ts';
import { watchHeadSnippets, type HeadSnippet } from '../site/json-ld.ts';

const seed = await demoIds();
const post = await featuredPost();

let market: Market = 'us';
let snippets: HeadSnippet[] = [];

/** What the rich snippet put in the head, in a few lines. */
function headSummary() {
  const data = snippets[0]?.data;
  if (!data) return html`<p class="muted">Waiting for the JSON-LD in <code>document.head</code>…</p>`;
  const rating = data['aggregateRating'] as { ratingValue?: number; reviewCount?: number } | undefined;
  const offers = data['offers'] as { price?: string; priceCurrency?: string } | undefined;
  const reviews = Array.isArray(data['review']) ? data['review'].length : 0;
  return html`
    <p class="muted">
      Live in <code>document.head</code> now: <code>&lt;script type="application/ld+json" data-svc-rich-snippet="${snippets[0]!.product}"&gt;</code>
    </p>
    <dl class="facts">
      <div><dt>@type</dt><dd>${String(data['@type'])}</dd></div>
      <div><dt>name</dt><dd>${String(data['name'])}</dd></div>
      ${rating ? html`<div><dt>aggregateRating</dt><dd>${rating.ratingValue} of 5 from ${rating.reviewCount} reviews</dd></div>` : nothing}
      <div><dt>review</dt><dd>${reviews} included</dd></div>
      ${offers ? html`<div><dt>offers</dt><dd>${offers.price} ${offers.priceCurrency}</dd></div>` : nothing}
    </dl>
    <p><a href="./rich-snippet.html">See the whole JSON-LD →</a></p>
  `;
}

function card(title: string, href: string, tag: string, preview: unknown) {
  return html`
    <article class="card">
      <div class="card-head">
        <h3><a href=${href}>${title}</a></h3>
        <code>&lt;${tag}&gt;</code>
      </div>
      <p class="card-summary"><docs-summary tag=${tag}></docs-summary> <a class="more" href=${href}>Docs →</a></p>
      <div class="example-preview">${preview}</div>
    </article>
  `;
}

const cards = document.getElementById('overview-cards')!;
stayOnPage(cards);

function renderCards(): void {
  render(
    demoStorefront(
      market,
      html`
        ${card('Post gallery', './post-gallery.html', 'svc-post-gallery', html`<svc-post-gallery gallery-id=${seed.gallery.id} layout="carousel" page-size="8"></svc-post-gallery>`)}
        ${card('Shoppable post', './shoppable-post.html', 'svc-shoppable-post', html`<svc-shoppable-post post-id=${post}></svc-shoppable-post>`)}
        ${card(
          'Review summary and reviews',
          './review-summary.html',
          'svc-review-summary',
          html`<div class="stack">
            <p class="split-label"><code>variant="badge"</code>, for product cards</p>
            <svc-review-summary product-ref=${seed.reviewedProduct} variant="badge"></svc-review-summary>
            <p class="split-label">The full summary</p>
            <svc-review-summary product-ref=${seed.reviewedProduct}></svc-review-summary>
          </div>`,
        )}
        ${card(
          'Rich snippet',
          './rich-snippet.html',
          'svc-rich-snippet',
          html`<svc-rich-snippet product-ref=${seed.reviewedProduct}></svc-rich-snippet>
            <div class="head-summary">${headSummary()}</div>`,
        )}
      `,
    ),
    cards,
  );
}

live<{ market: Market }>('overview-market', { market }, (state, set) => {
  market = state.market;
  renderCards();
  return html`<div class="example-controls bar">${segmented('Market', 'overview-market', MARKETS, state.market, (m) => set({ market: m }))}</div>`;
});

watchHeadSnippets((found) => {
  snippets = found;
  renderCards();
});

render(
  snippetBlock(
    themeSnippet('us', [
      { tag: 'svc-review-summary', attributes: { 'product-ref': seed.reviewedProduct } },
      { tag: 'svc-shoppable-post', attributes: { 'post-id': post } },
      { tag: 'svc-post-gallery', attributes: { 'product-ref': seed.reviewedProduct, layout: 'carousel' } },
      { tag: 'svc-rich-snippet', attributes: { 'product-ref': seed.reviewedProduct } },
    ]),
  ),
  document.getElementById('quick-start-snippet')!,
);

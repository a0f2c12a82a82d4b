/** The reviews page: summary and list together, the badge on product cards, and the empty states. */
import '../site/shell.ts';
import '../../src/register.ts';
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { demoStorefront, live, segmented, select, snippetBlock, themeSnippet, toggle, type Option } from '../site/controls.ts';
import { demoIds, MARKETS, type Market } from '../site/env.ts';

type Variant = 'full' | 'badge';

const seed = await demoIds();
const COMPANY = '(company)';

const TARGETS: Option[] = [
  ...seed.reviewedProducts.slice(0, 4).map((handle) => ({ value: handle, label: handle })),
  { value: seed.unreviewedProduct, label: `${seed.unreviewedProduct} (no reviews)` },
  { value: COMPANY, label: "The store's own reviews" },
];
const VARIANTS: Option<Variant>[] = [
  { value: 'full', label: 'Full' },
  { value: 'badge', label: 'Badge' },
];

/** `product-ref="…"` or `company`, as attributes. */
const target = (value: string) => (value === COMPANY ? { company: true } : { 'product-ref': value });

interface State {
  target: string;
  market: Market;
  variant: Variant;
  list: boolean;
  hideEmpty: boolean;
}

live<State>('reviews-example', { target: seed.reviewedProduct, market: 'us', variant: 'full', list: true, hideEmpty: false }, (state, set) => {
  const company = state.target === COMPANY;
  const ref = company ? undefined : state.target;
  const summary = { ...target(state.target), variant: state.variant === 'full' ? undefined : state.variant, 'hide-empty': state.hideEmpty };
  const list = { ...target(state.target), 'page-size': '5' };
  return html`
    <div class="example-controls">
      ${select('Reviews of', TARGETS, state.target, (t) => set({ target: t }))}
      ${segmented('Market', 'market', MARKETS, state.market, (market) => set({ market }))}
      ${segmented('Variant', 'variant', VARIANTS, state.variant, (variant) => set({ variant }))}
      ${toggle('hide-empty', state.hideEmpty, (hideEmpty) => set({ hideEmpty }))} ${toggle('With the list', state.list, (l) => set({ list: l }))}
    </div>
    <div class="example-preview stack">
      ${demoStorefront(
        state.market,
        html`<p class="split-label"><code>&lt;svc-review-summary&gt;</code></p>
          <svc-review-summary product-ref=${ifDefined(ref)} ?company=${company} variant=${state.variant} ?hide-empty=${state.hideEmpty}></svc-review-summary>
          ${state.list
            ? html`<p class="split-label"><code>&lt;svc-reviews&gt;</code>, further down a product page</p>
                <svc-reviews product-ref=${ifDefined(ref)} ?company=${company} page-size="5"></svc-reviews>`
            : nothing}`,
      )}
    </div>
    ${snippetBlock(
      themeSnippet(state.market, [
        { tag: 'svc-review-summary', attributes: summary },
        ...(state.list ? [{ tag: 'svc-reviews', attributes: list }] : []),
      ]),
    )}
    <docs-event-log tag="svc-reviews"></docs-event-log>
  `;
});

/** A product name from its handle, for the mock product cards. */
const title = (handle: string) => handle.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

live<{ market: Market }>('badge-example', { market: 'us' }, (state, set) => {
  const products = seed.reviewedProducts.slice(0, 3);
  return html`
    <div class="example-controls">${segmented('Market', 'badge-market', MARKETS, state.market, (market) => set({ market }))}</div>
    <div class="example-preview">
      ${demoStorefront(
        state.market,
        html`<ul class="product-cards">
          ${products.map(
            (handle, i) => html`<li class="product-card">
              <div class="product-card-media" data-tone=${i}></div>
              <p class="product-card-title">${title(handle)}</p>
              <svc-review-summary product-ref=${handle} variant="badge"></svc-review-summary>
            </li>`,
          )}
        </ul>`,
      )}
    </div>
    ${snippetBlock(themeSnippet(state.market, [{ tag: 'svc-review-summary', attributes: { 'product-ref': products[0], variant: 'badge' } }]))}
  `;
});

live<object>('empty-example', {}, () => html`
  ${demoStorefront(
    'us',
    html`<div class="split">
      <div class="example-preview">
        <p class="split-label">Default</p>
        <svc-review-summary product-ref=${seed.unreviewedProduct}></svc-review-summary>
      </div>
      <div class="example-preview">
        <p class="split-label"><code>hide-empty</code>: shows nothing</p>
        <svc-review-summary product-ref=${seed.unreviewedProduct} hide-empty></svc-review-summary>
      </div>
    </div>`,
  )}
  ${snippetBlock(themeSnippet('us', [{ tag: 'svc-review-summary', attributes: { 'product-ref': seed.unreviewedProduct, 'hide-empty': true } }]))}
`);

/** The post gallery's page: a live example with layout, market, posts and columns switchers. */
import '../site/shell.ts';
import '../../src/register.ts';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { demoStorefront, live, segmented, select, snippetBlock, stayOnPage, themeSnippet, type Option } from '../site/controls.ts';
import { demoIds, MARKETS, type Market } from '../site/env.ts';

type Layout = 'grid' | 'carousel' | 'masonry';
type Columns = 'auto' | '2' | '3' | '4';

const LAYOUTS: Option<Layout>[] = [
  { value: 'grid', label: 'Grid' },
  { value: 'carousel', label: 'Carousel' },
  { value: 'masonry', label: 'Masonry' },
];
const COLUMNS: Option<Columns>[] = [
  { value: 'auto', label: 'Auto' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
];

const seed = await demoIds();

// Product links in the lightbox lead to the emulator's made-up shop: stay here instead.
stayOnPage(document.getElementById('main')!);

/** Which posts: a gallery, the posts tagging a product, or every post. */
const SOURCES: Option[] = [
  ...seed.galleries.slice(0, 3).map((g) => ({ value: `gallery:${g.id}`, label: `Gallery “${g.name}”` })),
  { value: `product:${seed.reviewedProduct}`, label: `Posts tagging ${seed.reviewedProduct}` },
  { value: 'all', label: 'Every post' },
];

interface State {
  layout: Layout;
  market: Market;
  source: string;
  columns: Columns;
}

function attributes(state: State) {
  const [kind, id] = state.source.split(':');
  return {
    'gallery-id': kind === 'gallery' ? id : undefined,
    'product-ref': kind === 'product' ? id : undefined,
    layout: state.layout,
    columns: state.columns === 'auto' ? undefined : state.columns,
    'page-size': '8',
  };
}

live<State>('gallery-example', { layout: 'grid', market: 'us', source: `gallery:${seed.gallery.id}`, columns: 'auto' }, (state, set) => {
  const a = attributes(state);
  return html`
    <div class="example-controls">
      ${segmented('Layout', 'layout', LAYOUTS, state.layout, (layout) => set({ layout }))}
      ${segmented('Market', 'market', MARKETS, state.market, (market) => set({ market }))}
      ${segmented('Columns', 'columns', COLUMNS, state.columns, (columns) => set({ columns }))}
      ${select('Posts', SOURCES, state.source, (source) => set({ source }))}
    </div>
    <div class="example-preview">
      ${demoStorefront(
        state.market,
        html`<svc-post-gallery
          gallery-id=${ifDefined(a['gallery-id'])}
          product-ref=${ifDefined(a['product-ref'])}
          layout=${a.layout}
          columns=${ifDefined(a.columns)}
          page-size=${a['page-size']}
        ></svc-post-gallery>`,
      )}
    </div>
    ${snippetBlock(themeSnippet(state.market, [{ tag: 'svc-post-gallery', attributes: a }]))}
    <docs-event-log tag="svc-post-gallery"></docs-event-log>
  `;
});

live<{ market: Market }>('product-example', { market: 'us' }, (state, set) => {
  const a = { 'product-ref': seed.taggedProduct, layout: 'carousel', 'page-size': '10' };
  return html`
    <div class="example-controls">${segmented('Market', 'product-market', MARKETS, state.market, (market) => set({ market }))}</div>
    <div class="example-preview">
      ${demoStorefront(state.market, html`<svc-post-gallery product-ref=${a['product-ref']} layout=${a.layout} page-size=${a['page-size']}></svc-post-gallery>`)}
    </div>
    ${snippetBlock(themeSnippet(state.market, [{ tag: 'svc-post-gallery', attributes: a }]))}
  `;
});

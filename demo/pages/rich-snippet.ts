/** The rich snippet's page: the JSON-LD in `document.head`, live, and the server-side function run here. */
import '../site/shell.ts';
import '../../src/register.ts';
import { html, nothing } from 'lit';
import { fetchRichSnippetScript } from '../../src/ssr/rich-snippet.ts';
import type { DocsCode } from '../site/code-block.ts';
import { demoStorefront, live, segmented, select, snippetBlock, themeSnippet, toggle, type Option } from '../site/controls.ts';
import { apiBase, DEMO_KEY, demoIds, MARKETS, type Market } from '../site/env.ts';
import { watchHeadSnippets, type HeadSnippet } from '../site/json-ld.ts';

type View = 'indented' | 'written';

const seed = await demoIds();

const PRODUCTS: Option[] = [
  ...seed.reviewedProducts.slice(0, 4).map((handle) => ({ value: handle, label: handle })),
  { value: seed.unreviewedProduct, label: `${seed.unreviewedProduct} (no reviews)` },
];
const VIEWS: Option<View>[] = [
  { value: 'indented', label: 'Indented' },
  { value: 'written', label: 'As written' },
];

interface State {
  product: string;
  market: Market;
  present: boolean;
  view: View;
  snippets: HeadSnippet[];
}

let update: ((patch: Partial<State>) => void) | undefined;

live<State>('snippet-example', { product: seed.reviewedProduct, market: 'us', present: true, view: 'indented', snippets: [] }, (state, set) => {
  update = set;
  const count = state.snippets.length;
  return html`
    <div class="example-controls">
      ${select('Product', PRODUCTS, state.product, (product) => set({ product }))}
      ${segmented('Market', 'market', MARKETS, state.market, (market) => set({ market }))}
      ${segmented('Show', 'view', VIEWS, state.view, (view) => set({ view }))} ${toggle('Element on the page', state.present, (present) => set({ present }))}
    </div>
    <div class="example-preview">
      ${state.present ? demoStorefront(state.market, html`<svc-rich-snippet product-ref=${state.product}></svc-rich-snippet>`) : nothing}
      <p class="muted head-count">
        <code>document.head</code> has ${count === 1 ? 'one' : count} <code>script[type="application/ld+json"][data-svc-rich-snippet]</code>${count === 1
          ? html`, for <code>${state.snippets[0]!.product}</code>`
          : nothing}.
      </p>
      <pre class="output json-ld" aria-live="polite" aria-label="JSON-LD in document.head">${state.snippets.map((s) => (state.view === 'indented' ? s.pretty : s.text)).join('\n\n') ||
        '(none)'}</pre>
    </div>
    ${snippetBlock(themeSnippet(state.market, [{ tag: 'svc-rich-snippet', attributes: { 'product-ref': state.product } }]))}
    <docs-event-log tag="svc-rich-snippet"></docs-event-log>
  `;
});

watchHeadSnippets((snippets) => update?.({ snippets }));

const ssrCode = document.querySelector<DocsCode>('#ssr-code');
if (ssrCode) {
  ssrCode.code = [
    "import { fetchRichSnippetScript } from 'storefront-widgets/ssr';",
    '',
    'const script = await fetchRichSnippetScript({',
    '  publishableKey: process.env.STOREFRONT_PUBLISHABLE_KEY,',
    "  market: 'us',",
    `  productRef: '${seed.reviewedProduct}',`,
    '});',
    "// '' when there is nothing to add (a plan without Reviews, an unknown product)",
    "html = html.replace('</head>', `${script}</head>`);",
  ].join('\n');
}

interface SsrState {
  market: Market;
  output: string;
}

let ssrSet: ((patch: Partial<SsrState>) => void) | undefined;

async function runSsr(market: Market): Promise<void> {
  ssrSet?.({ market, output: 'Running…' });
  try {
    const script = await fetchRichSnippetScript({ publishableKey: DEMO_KEY, apiBase, market, productRef: seed.reviewedProduct });
    ssrSet?.({ output: script || "'' (nothing to add)" });
  } catch (error) {
    ssrSet?.({ output: `Threw ${String(error)}` });
  }
}

live<SsrState>('ssr-example', { market: 'us', output: 'Running…' }, (state, set) => {
  ssrSet = set;
  return html`
    <div class="example-controls">${segmented('Market', 'ssr-market', MARKETS, state.market, (market) => void runSsr(market))}</div>
    <div class="example-preview">
      <p class="muted">The same function, run here in your browser against the emulator. It returns this string:</p>
      <pre class="output ssr-output" aria-live="polite">${state.output}</pre>
    </div>
  `;
});
void runSsr('us');

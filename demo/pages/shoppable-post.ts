/** The shoppable post's page: post, market, shape, fit and product-list switchers; the `post` property. */
import '../site/shell.ts';
import '../../src/register.ts';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { demoStorefront, live, segmented, snippetBlock, themeSnippet, toast, toggle, type Option } from '../site/controls.ts';
import { apiBase, DEMO_KEY, demoIds, featuredPost, MARKETS, type Market } from '../site/env.ts';

type Shape = 'own' | 'square' | 'portrait';
type Fit = 'contain' | 'cover';

const SHAPES: Option<Shape>[] = [
  { value: 'own', label: "Media's own" },
  { value: 'square', label: '1 : 1' },
  { value: 'portrait', label: '4 : 5' },
];
const FITS: Option<Fit>[] = [
  { value: 'contain', label: 'Contain' },
  { value: 'cover', label: 'Cover' },
];
const ASPECT: Record<Shape, string | undefined> = { own: undefined, square: '1', portrait: '4 / 5' };

const seed = await demoIds();
const photo = await featuredPost();

const POSTS: Option[] = [
  { value: photo, label: 'Photo' },
  { value: seed.cornerPost, label: 'Corner hotspots' },
  { value: seed.videoPost, label: 'Video' },
];

interface State {
  post: string;
  market: Market;
  shape: Shape;
  fit: Fit;
  hideProducts: boolean;
  stay: boolean;
}

let stay = true;
document.getElementById('shoppable-example')?.addEventListener('svc-product-select', (event) => {
  if (!stay) return;
  event.preventDefault();
  toast(`svc-product-select: “${(event as CustomEvent<{ product: { title: string } }>).detail.product.title}”, cancelled: the page stays (a theme would add it to the cart).`);
});

live<State>('shoppable-example', { post: photo, market: 'us', shape: 'own', fit: 'contain', hideProducts: false, stay }, (state, set) => {
  stay = state.stay;
  const aspect = ASPECT[state.shape];
  const style = aspect ? `--svc-shoppable-aspect: ${aspect}` : undefined;
  const attributes = {
    'post-id': state.post,
    fit: state.fit === 'contain' ? undefined : state.fit,
    'hide-products': state.hideProducts,
    style,
  };
  return html`
    <div class="example-controls">
      ${segmented('Post', 'post', POSTS, state.post, (post) => set({ post }))}
      ${segmented('Market', 'market', MARKETS, state.market, (market) => set({ market }))}
      ${segmented('Media area', 'shape', SHAPES, state.shape, (shape) => set({ shape }))}
      ${segmented('Fit', 'fit', FITS, state.fit, (fit) => set({ fit }))}
      ${toggle('Hide the product list', state.hideProducts, (hideProducts) => set({ hideProducts }))}
      ${toggle('Cancel svc-product-select', state.stay, (s) => set({ stay: s }))}
    </div>
    <div class="example-preview">
      ${demoStorefront(
        state.market,
        html`<svc-shoppable-post post-id=${state.post} fit=${state.fit} ?hide-products=${state.hideProducts} style=${ifDefined(style)}></svc-shoppable-post>`,
      )}
    </div>
    ${snippetBlock(themeSnippet(state.market, [{ tag: 'svc-shoppable-post', attributes }]))}
    <docs-event-log tag="svc-shoppable-post"></docs-event-log>
  `;
});

/** The post as the API sends it, read by the page (as a server would), for the `post` property. */
const response = await fetch(`${apiBase}/v1/posts/${encodeURIComponent(photo)}?market=us`, { headers: { Authorization: `Bearer ${DEMO_KEY}` } });
const wirePost: unknown = response.ok ? await response.json() : undefined;

live<object>('property-example', {}, () => html`
  <div class="example-preview">
    ${demoStorefront('us', html`<svc-shoppable-post .post=${wirePost}></svc-shoppable-post>`)}
  </div>
  <docs-code
    language="js"
    label="JavaScript"
    .code=${[
      "const post = await fetch('/your-server/posts/" + photo + "').then((r) => r.json());",
      "document.querySelector('svc-shoppable-post').post = post;",
    ].join('\n')}
  ></docs-code>
`);

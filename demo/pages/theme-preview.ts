/**
 * One product page in a shop theme (demo/themes/themes.ts) and one state, for the Themes
 * page's frames: `theme-preview.html?theme=dawn&state=loading`. A frame of its own, so
 * that a 62.5 % root is the page's root. Loading and failing come from the emulator: a key
 * of this page's own whose answers never come (`latencyMs`) or whose API is down.
 */
import '../../src/register.ts';
import { html, render } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { SYSTEM_FONTS, THEME_NAMES, themeCss, type ThemeName } from '../themes/themes.ts';
import { apiBase, DEMO_KEY, demoIds, featuredPost } from '../site/env.ts';

export type PreviewState = 'loaded' | 'loading' | 'failed' | 'empty';

const query = new URLSearchParams(location.search);
const theme = (THEME_NAMES as readonly string[]).includes(query.get('theme') ?? '') ? (query.get('theme') as ThemeName) : 'plain';
const state = (query.get('state') ?? 'loaded') as PreviewState;

/** A key of the emulator's with faults (its control API), or the demo's own. */
async function keyFor(state: PreviewState): Promise<string> {
  const faults = state === 'loading' ? { latencyMs: 3_600_000 } : state === 'failed' ? { down: true } : undefined;
  if (!faults) return DEMO_KEY;
  const key = `svc_pk_test_theme_${state}_${Math.random().toString(36).slice(2, 10)}`;
  const response = await fetch(`${new URL(apiBase).origin}/__emulator/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, plan: 'reviews', faults }) });
  if (!response.ok) throw new Error(`the emulator did not take the key for the ${state} state: ${response.status}`);
  return key;
}

const style = document.createElement('style');
style.textContent = themeCss(theme, '.theme', SYSTEM_FONTS);
document.head.append(style);

const [seed, post, key] = await Promise.all([demoIds(), featuredPost(), keyFor(state)]);
const product = state === 'empty' ? seed.unreviewedProduct : seed.reviewedProduct;
render(
  html`<svc-storefront publishable-key=${key} market="us" api-base=${apiBase}>
    <h1>Linen shirt</h1>
    <p>Rated <svc-review-summary product-ref=${product} variant="badge"></svc-review-summary> by our shoppers.</p>
    <p class="price">$48.00</p>
    <section><svc-review-summary product-ref=${product}></svc-review-summary></section>
    <section><svc-shoppable-post post-id=${ifDefined(post)}></svc-shoppable-post></section>
    <section><svc-post-gallery product-ref=${product} page-size="4"></svc-post-gallery></section>
    <section><svc-reviews product-ref=${product} page-size="2"></svc-reviews></section>
  </svc-storefront>`,
  document.getElementById('theme')!,
);

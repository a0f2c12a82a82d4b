/**
 * The Themes page: the product page of theme-preview.html in three themes side by side
 * (each in a frame, so that the Dawn family's 62.5 % root is its page's root), in the
 * state the visitor picks.
 */
import '../site/shell.ts';
import { html } from 'lit';
import { live, segmented, type Option } from '../site/controls.ts';
import { THEME_LABELS, type ThemeName } from '../themes/themes.ts';
import type { PreviewState } from './theme-preview.ts';

const STATES: Option<PreviewState>[] = [
  { value: 'loaded', label: 'Loaded' },
  { value: 'loading', label: 'Loading' },
  { value: 'empty', label: 'No reviews' },
  { value: 'failed', label: 'API down' },
];
const SHOWN: ThemeName[] = ['dawn', 'dark', 'serif'];

live<{ state: PreviewState }>('themes', { state: 'loaded' }, ({ state }, set) => html`
  <div class="example-controls">${segmented('State', 'state', STATES, state, (next) => set({ state: next }))}</div>
  <div class="theme-frames">
    ${SHOWN.map(
      (theme) => html`<figure>
        <figcaption>${THEME_LABELS[theme]}</figcaption>
        <iframe title=${`${THEME_LABELS[theme]}, ${state}`} src=${`./theme-preview.html?theme=${theme}&state=${state}`} loading="lazy"></iframe>
      </figure>`,
    )}
  </div>
`);

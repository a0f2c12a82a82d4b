/**
 * The theming page: a gallery and a review summary as they come and restyled by a
 * brand theme, side by side. The theme's CSS is generated from the controls, applied
 * through a `<style>` element's text and shown in the copyable block: one source.
 */
import '../site/shell.ts';
import '../../src/register.ts';
import { html } from 'lit';
import { colour, demoStorefront, live, range, segmented, stayOnPage, type Option } from '../site/controls.ts';
import { demoIds } from '../site/env.ts';

type Font = 'serif' | 'system' | 'rounded';

const FONTS: Option<Font>[] = [
  { value: 'serif', label: 'Serif' },
  { value: 'system', label: 'System' },
  { value: 'rounded', label: 'Rounded' },
];
const STACKS: Record<Font, string> = {
  serif: "Georgia, 'Times New Roman', serif",
  system: 'system-ui, sans-serif',
  rounded: "ui-rounded, 'SF Pro Rounded', 'Nunito', system-ui, sans-serif",
};

interface Theme {
  accent: string;
  stars: string;
  radius: number;
  font: Font;
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? '#111111' : '#ffffff';
}

/** The brand theme as CSS, scoped to `.my-brand` so that the default can sit beside it. */
function themeCss(t: Theme): string {
  return `/* Scoped to .my-brand to sit beside the default here.
   In your theme, drop ".my-brand " or put class="my-brand" on a wrapper. */
.my-brand {
  font-family: ${STACKS[t.font]};
}

.my-brand svc-post-gallery {
  --svc-gallery-accent: ${t.accent};
  --svc-gallery-on-accent: ${textOn(t.accent)};
  --svc-gallery-focus-ring: ${t.stars};
  --svc-gallery-radius: ${t.radius}px;
  --svc-gallery-gap: 6px;
  --svc-gallery-tile-aspect: 4 / 5;
}
.my-brand svc-post-gallery::part(load-more) {
  background: ${t.accent};
  color: ${textOn(t.accent)};
  border-color: ${t.accent};
  text-transform: uppercase;
  letter-spacing: 0.12em;
  font-size: 0.8rem;
}
.my-brand svc-post-gallery::part(media) {
  filter: saturate(0.8) contrast(1.05);
}

.my-brand svc-review-summary {
  --svc-star-color: ${t.stars};
  --svc-review-focus-color: ${t.accent};
  --svc-review-track-color: #ece4d8;
  --svc-review-selected-color: #f5ede1;
  --svc-review-radius: ${t.radius}px;
  --svc-review-average-size: 3.25rem;
}
.my-brand svc-review-summary::part(average) {
  font-weight: 400;
  color: ${t.accent};
}
.my-brand svc-review-summary::part(generated-summary) {
  font-style: italic;
}`;
}

const seed = await demoIds();

// Product links in the lightbox lead to the emulator's made-up shop: stay here instead.
stayOnPage(document.getElementById('main')!);

/** The page's copy of the theme: a `<style>` whose text is the generated CSS. */
const style = document.createElement('style');
style.id = 'brand-theme';
document.head.append(style);

const elements = (gallery: string, product: string) => html`
  <svc-post-gallery gallery-id=${gallery} layout="grid" columns="2" page-size="4" load="button"></svc-post-gallery>
  <svc-review-summary product-ref=${product}></svc-review-summary>
`;

live<Theme>('theme-example', { accent: '#1f3d2b', stars: '#b4532a', radius: 0, font: 'serif' }, (theme, set) => {
  const css = themeCss(theme);
  style.textContent = css;
  return html`
    <div class="example-controls">
      ${colour('Accent', theme.accent, (accent) => set({ accent }))} ${colour('Stars', theme.stars, (stars) => set({ stars }))}
      ${range('Corners', theme.radius, 0, 24, 'px', (radius) => set({ radius }))}
      ${segmented('Font', 'font', FONTS, theme.font, (font) => set({ font }))}
    </div>
    ${demoStorefront(
      'us',
      html`<div class="split">
        <div class="theme-preview">
          <p class="split-label">Default</p>
          ${elements(seed.gallery.id, seed.reviewedProduct)}
        </div>
        <div class="theme-preview my-brand">
          <p class="split-label">With the brand theme</p>
          ${elements(seed.gallery.id, seed.reviewedProduct)}
        </div>
      </div>`,
    )}
    <docs-code class="snippet" language="css" label="Paste this into your theme's CSS" .code=${css}></docs-code>
  `;
});

/**
 * Three shop themes the widgets should look native in, as plain CSS for a whole page:
 * the demo's "Themes" page and the visual-regression fixture (test/visual/) both use
 * them. None sets a `--svc-*` property: what the widgets show comes from the page alone.
 *
 * - `dawn`: the Dawn family (Shopify's default theme): a 62.5 % root (1 rem = 10 px), body
 *   text 1.5 rem (1.6 rem from 750 px), colours as `rgb(var(--color-foreground))` at 75 %,
 *   square buttons.
 * - `dark`: a dark scheme set on a section wrapper, not on `html`, 16 px text.
 * - `serif`: a 16 px root, 18 px serif body text on a warm paper background.
 *
 * `font` is the family the page names first; the fixture serves fixed font files under
 * these names so that screenshots do not depend on the machine's fonts.
 */
export type ThemeName = 'plain' | 'dawn' | 'dark' | 'serif';

export const THEME_NAMES: readonly ThemeName[] = ['plain', 'dawn', 'dark', 'serif'];

export const THEME_LABELS: Record<ThemeName, string> = {
  plain: 'Plain (16 px root)',
  dawn: 'Dawn family (62.5 % root)',
  dark: 'Dark scheme',
  serif: 'Serif',
};

/** The fixture's fixed fonts (test/visual/fonts/), which its page declares. */
export const FIXTURE_FONTS = { sans: "'Fixture Sans', sans-serif", serif: "'Fixture Serif', Georgia, serif" };
/** The machine's own, for the demo site. */
export const SYSTEM_FONTS = { sans: "system-ui, 'Segoe UI', Roboto, sans-serif", serif: "Georgia, 'Times New Roman', serif" };

/** The theme's rules; `scope` is the selector of the page's (or the section's) wrapper. */
export function themeCss(theme: ThemeName, scope = '.theme', fonts: { sans: string; serif: string } = FIXTURE_FONTS): string {
  const sans = fonts.sans;
  switch (theme) {
    case 'plain':
      return `${scope} { font: 16px/1.5 ${sans}; color: #1f1f1f; background: #fff; }`;
    case 'dawn':
      return `html:has(${scope}) { font-size: 62.5%; }
${scope} { --color-foreground: 18, 18, 18; --color-background: 255, 255, 255; --buttons-radius: 0px;
  --font-body-family: ${sans}; font-family: var(--font-body-family); font-size: 1.5rem; letter-spacing: 0.06rem;
  line-height: 1.8; color: rgba(var(--color-foreground), 0.75); background: rgb(var(--color-background)); }
@media (min-width: 750px) { ${scope} { font-size: 1.6rem; } }
${scope} h1, ${scope} .price { color: rgb(var(--color-foreground)); }`;
    case 'dark':
      return `${scope} { font: 16px/1.5 ${sans}; color: rgba(255, 255, 255, 0.86); background: #121212; }`;
    case 'serif':
      return `${scope} { font: 18px/1.6 ${fonts.serif}; color: #2b2118; background: #f7f1e6; }`;
  }
}

import { escapeAttribute } from '../../src/ssr/fragment.ts';
import { THEME_NAMES, themeCss, type ThemeName } from '../../demo/themes/themes.ts';

/** The fixed fonts (test/visual/fonts/), served under /fixture-fonts/: screenshots do not depend on the machine's. */
const FONT_FACES = `@font-face { font-family: 'Fixture Sans'; src: url(/fixture-fonts/open-sans-regular.woff2) format('woff2'); font-weight: 400; font-display: block; }
@font-face { font-family: 'Fixture Sans'; src: url(/fixture-fonts/open-sans-600.woff2) format('woff2'); font-weight: 500 800; font-display: block; }
@font-face { font-family: 'Fixture Serif'; src: url(/fixture-fonts/source-serif-4-regular.woff2) format('woff2'); font-display: block; }`;

export interface ThemesPageContext {
  apiBase: string;
  product: string;
  post: string;
}

/**
 * A product page in one of the demo's themes (demo/themes/themes.ts) with every element
 * that draws something: `/themes.html?key=K&theme=dawn&product=…&dir=rtl`. `dir=rtl`
 * makes the elements speak Arabic (right to left). The reservation stylesheet is linked,
 * as the docs say; the script tag comes last.
 */
export function themesPageHtml(query: URLSearchParams, context: ThemesPageContext): string {
  const theme = (query.get('theme') ?? 'plain') as ThemeName;
  if (!THEME_NAMES.includes(theme)) throw new Error(`unknown theme "${theme}"`);
  const key = escapeAttribute(query.get('key') ?? 'svc_pk_demo');
  const product = escapeAttribute(query.get('product') ?? context.product);
  const post = escapeAttribute(context.post);
  const rtl = query.get('dir') === 'rtl';
  const lang = rtl ? ' lang="ar"' : '';
  return `<!doctype html>
<html lang="en"${rtl ? ' dir="rtl"' : ''}>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
    <title>Themes fixture</title>
    <link rel="stylesheet" href="/dist/cdn/storefront-widgets.css">
    <style>${FONT_FACES}
body { margin: 0; }
.theme { padding: 16px; min-height: 100vh; box-sizing: border-box; }
.theme h1 { margin: 0 0 8px; font-size: 1.6em; font-weight: 600; }
.theme p { margin: 0 0 16px; }
.theme section { margin-block: 24px; }
${themeCss(theme)}</style>
  </head>
  <body>
    <div class="theme">
      <svc-storefront publishable-key="${key}" market="us" api-base="${escapeAttribute(context.apiBase)}">
        <h1>Linen shirt</h1>
        <p>Rated <svc-review-summary product-ref="${product}" variant="badge"${lang}></svc-review-summary> by our shoppers.</p>
        <p class="price">$48.00</p>
        <section><svc-review-summary product-ref="${product}"${lang}></svc-review-summary></section>
        <section><svc-shoppable-post post-id="${post}"${lang}></svc-shoppable-post></section>
        <section><svc-post-gallery product-ref="${product}" page-size="4"${lang}></svc-post-gallery></section>
        <section><svc-reviews product-ref="${product}" page-size="2"${lang}></svc-reviews></section>
      </svc-storefront>
    </div>
    <script src="/dist/cdn/storefront-widgets.js" defer></script>
  </body>
</html>
`;
}

/**
 * The first-viewport page (issue 32): every element stacked under a product's title, as a
 * theme puts them, so that whatever is not reserved moves what is in view when the
 * elements' code arrives. Shared by `npm run bench`, the Playwright spec and the engine
 * checks, which read its layout shifts (`SHIFT_RECORDER`).
 */
import { escapeAttribute } from '../../src/ssr/fragment.ts';

/** The two window sizes the page is measured at. */
export const FIRST_VIEWPORT_SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

export interface FirstViewportOptions {
  apiBase: string;
  key: string;
  product: string;
  post: string;
  /** The script tag's URL. */
  script: string;
  /** The shoppable post's media's aspect ratio (`width / height`), which a theme placing a known post can give (`--svc-shoppable-aspect`). */
  aspect?: string | undefined;
  /** `SHIFT_RECORDER` inline, first in the page (for browsers driven without init scripts). */
  recordShifts?: boolean;
  /** The reservation stylesheet's URL (a render-blocking `<link>`), its text (pasted in a `<style>`), or nothing. */
  reserve?: { link: string } | { text: string } | undefined;
}

/** The page: a title, a badge, the full summary, a shoppable post, two galleries and the review list, then a footer. */
export function firstViewportPage(options: FirstViewportOptions): string {
  const a = escapeAttribute;
  const product = a(options.product);
  const reserve = options.reserve === undefined ? '' : 'link' in options.reserve ? `<link rel="stylesheet" href="${a(options.reserve.link)}">` : `<style>${options.reserve.text.replaceAll('<', '')}</style>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Aster Linen Shirt | first viewport</title>
  <link rel="icon" href="data:,">
  ${options.recordShifts ? `<script>${SHIFT_RECORDER}</script>` : ''}
  <script src="${a(options.script)}" defer></script>
  ${reserve}
  <style>
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1d1d1f; background: #fbfaf7; }
    main { max-width: 1120px; margin: 0 auto; padding: 16px 24px; }
    h1 { margin: 0 0 8px; font-size: 2rem; }
    h2 { margin: 24px 0 8px; font-size: 1.25rem; }
  </style>
</head>
<body>
  <svc-storefront publishable-key="${a(options.key)}" market="us" api-base="${a(options.apiBase)}">
  <main>
    <h1 id="title">Aster Linen Shirt</h1>
    <p id="rating"><svc-review-summary product-ref="${product}" variant="badge"></svc-review-summary> $64.00</p>
    <svc-review-summary product-ref="${product}"></svc-review-summary>
    <h2 id="look">Shop the look</h2>
    <svc-shoppable-post post-id="${a(options.post)}"${options.aspect ? ` style="--svc-shoppable-aspect: ${a(options.aspect)}"` : ''}></svc-shoppable-post>
    <h2 id="worn">As worn by you</h2>
    <svc-post-gallery product-ref="${product}" columns="4" page-size="8"></svc-post-gallery>
    <h2 id="more">More looks</h2>
    <svc-post-gallery product-ref="${product}" columns="3" page-size="6"></svc-post-gallery>
    <h2 id="reviews">Reviews</h2>
    <svc-reviews product-ref="${product}" page-size="5"></svc-reviews>
    <p id="end">Shipping and returns.</p>
  </main>
  </svc-storefront>
</body>
</html>`;
}

/**
 * Installed before the page's scripts (a string: no helper of the TypeScript runner may
 * end up in the page). Records every layout shift into `window.__shifts` as
 * `{ at, value, sources }`: from the browser's layout-shift entries where it has them
 * (Chromium), else computed the same way from where the page's top-level blocks are in
 * each frame (Firefox, WebKit): a block whose top moved is unstable; the frame's score is
 * the share of the viewport its old and new boxes cover times the largest distance moved
 * over the viewport's larger side, as the Layout Instability spec defines it.
 */
export const SHIFT_RECORDER = `
(() => {
  window.__shifts = [];
  window.__shiftsMethod = 'frames';
  try {
    if (PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
      window.__shiftsMethod = 'layout-shift entries';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          window.__shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: entry.sources.map((s) => s.node ? (s.node.id ? '#' + s.node.id : s.node.nodeName.toLowerCase()) + ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y) : '?') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      return;
    }
  } catch {}
  let last = new Map();
  const name = (e) => e.id ? '#' + e.id : e.localName + (e.getAttribute('variant') ? '[' + e.getAttribute('variant') + ']' : '') + (e.getAttribute('columns') ? '[columns=' + e.getAttribute('columns') + ']' : '');
  const frame = () => {
    const main = document.querySelector('main');
    if (main) {
      const vw = innerWidth, vh = innerHeight;
      const clip = (r) => { const x = Math.max(0, r.left), y = Math.max(0, r.top), w = Math.min(vw, r.right) - x, h = Math.min(vh, r.bottom) - y; return w > 0 && h > 0 ? { x, y, w, h } : null; };
      const now = new Map();
      const blocks = [...main.querySelectorAll(':scope > *, #rating > *')];
      let rows = [], distance = 0, sources = [];
      for (const block of blocks) {
        const r = block.getBoundingClientRect();
        now.set(block, r);
        const before = last.get(block);
        if (!before || (Math.abs(before.top - r.top) < 0.5 && Math.abs(before.left - r.left) < 0.5)) continue;
        const a = clip(before), b = clip(r);
        if (!a && !b) continue;
        for (const box of [a, b]) if (box) rows.push(box);
        distance = Math.max(distance, Math.abs(before.top - r.top), Math.abs(before.left - r.left));
        sources.push(name(block) + ' ' + Math.round(before.top + scrollY) + '→' + Math.round(r.top + scrollY));
      }
      if (rows.length) {
        // The union's area, on a coarse grid (4 px): enough for a score to two decimals.
        let covered = 0;
        for (let y = 0; y < vh; y += 4) for (let x = 0; x < vw; x += 4) if (rows.some((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)) covered++;
        const value = (covered * 16 / (vw * vh)) * Math.min(1, distance / Math.max(vw, vh));
        if (value > 0) window.__shifts.push({ at: Math.round(performance.now()), value, sources });
      }
      last = now;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
`;

export interface Shift {
  at: number;
  value: number;
  sources: string[];
}

/** CLS as the page's shifts sum it (the bench's pages are short: one session window). */
export const cumulative = (shifts: Shift[]): number => shifts.reduce((sum, shift) => sum + shift.value, 0);

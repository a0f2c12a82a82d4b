/**
 * The script tag, `dist/cdn/storefront-widgets.js` (a classic script), and the
 * `<script type="module">` entry, `dist/cdn/module/storefront-widgets.js`: one small
 * loader built twice. It offers the page-global API at once (`configure`, `setStrings`
 * on `window.StorefrontWidgets`), holds review badges' height until their code arrives
 * (and every other element's place once the reservation stylesheet's module is in),
 * finds the `svc-*` elements in the page, now and as
 * they are added, and imports each element's ES module from `dist/cdn/module/` (after
 * the page's load event, for the elements of a page still loading; for an element below
 * the fold, once a shopper comes near it), with every chunk that module needs imported
 * at the same time, so a page loads the code of the elements it shows and nothing else.
 *
 * Like Shoelace's autoloader, it watches the document, not other shadow roots: it also
 * looks through open shadow roots once the page has loaded, and
 * `StorefrontWidgets.discover(root)` loads what a later shadow root holds.
 */
import type * as AnalyticsChecks from '../analytics/settings.js';
import { pageAnalytics } from '../page/analytics-settings.js';
import { configure, type PageSettings } from '../page/configure.js';
import { sharedSingleton } from '../page/shared-state.js';
import { setStrings } from '../page/strings.js';
import { VERSION } from '../version.js';
import { CHUNKS, ELEMENT_MODULES, MODULES } from 'virtual:element-modules';

/** The script tag's global, `window.StorefrontWidgets`: page-wide settings and strings. */
export interface StorefrontWidgetsGlobal {
  readonly version: string;
  readonly configure: (settings: PageSettings) => void;
  readonly setStrings: typeof setStrings;
  /** Loads the elements under `root` (a shadow root the loader cannot watch). */
  readonly discover: (root: ParentNode) => void;
}

declare global {
  var StorefrontWidgets: StorefrontWidgetsGlobal | undefined;
}

// Captured while the script runs: a classic script has `currentScript`, a module `import.meta.url`.
// MODULES is `module/`, or `./` where a host serves one flat folder (a Shopify app's assets).
const script = document.currentScript as HTMLScriptElement | null;
const modules = script ? new URL(MODULES, script.src) : new URL('./', import.meta.url);

const other = globalThis.StorefrontWidgets;
if (other) {
  console.warn(
    `storefront-widgets ${VERSION}: storefront-widgets ${other.version} already defined the elements: load just one copy.`,
  );
} else {
  start();
}

function start(): void {
  // A review badge's height from the moment this script runs, before its code arrives (the
  // README's rule): a badge is one line of stars tall, so badges painted after this never
  // move when they render. A deferred script may run after the first paint, so the README
  // still gives the rule to themes. `:where()` weighs nothing, as the badge's `:host` rules
  // weigh nothing against a theme's: a theme's own rule for the element wins. A stylesheet
  // built in script, which a strict CSP allows; a browser without them reserves nothing.
  // Only before the page's first paint: after it, the badges have been painted without it,
  // and a stylesheet added to the document restyles the whole page (on the shop-like bench
  // page, Lighthouse put that into the blocking time and the hero's paint).
  if (!performance.getEntriesByType('paint')[0]) try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(':where(svc-review-summary[variant=badge]:not(:defined)){display:inline-flex;vertical-align:middle;height:1.25em}');
    document.adoptedStyleSheets.push(sheet);
  } catch {}
  // Every other element's place (the reservation stylesheet, src/elements/reserve.ts), for
  // pages that neither link nor paste it: a module of its own, asked for at once where the
  // page has no body yet (a script in its head) or once the first layout shows such an
  // element in the first screen (the observer reads no layout of its own); else once the
  // page has loaded and painted its pictures, still before the elements' code. A script asked for
  // before the page's first paint weighs on it (Lighthouse's phone counted 300 ms of FCP
  // and 140 of LCP for this one). A page of badges never needs it.
  const reserve = () => import(/* @vite-ignore */ new URL('reserve.js', modules).href).catch(() => {});
  const places = document.body?.querySelectorAll('svc-post-gallery,svc-shoppable-post,svc-review-summary:not([variant=badge]),svc-reviews');
  if (!places) reserve();
  else if (places[0]) {
    const first = new IntersectionObserver((entries) => {
      first.disconnect();
      if (entries.some((entry) => entry.isIntersecting)) reserve();
    });
    for (const element of places) first.observe(element);
    // (Waiting from now: the page may have loaded by the observer's answer, its pictures not yet painted.)
    afterLoad(reserve);
  }
  const pending = new Set(Object.keys(ELEMENT_MODULES));
  const selector = [...pending].join(',');

  const load = (tag: string): void => {
    if (!pending.delete(tag)) return;
    if (pending.size === 0) observer.disconnect();
    // Another copy of the library (a theme's bundle) defined it already: leave it.
    if (customElements.get(tag)) return;
    const needs = ELEMENT_MODULES[tag]!;
    const file = `${tag}.js`;
    const go = () => {
      // Each chunk as a module of its own: fetched at once (no waterfall) and evaluated as it
      // arrives, in a task of its own. Not a `modulepreload` link, whose insertion makes the
      // browser recalculate the page's styles. A failure shows in the element's import below.
      // The element's own module after them, in a task of its own: arriving with them, the
      // browser evaluated the whole graph in one task (53 to 62 ms at a phone's speed).
      Promise.all(needs.map((chunk) => chunk >= 0 && import(/* @vite-ignore */ url(CHUNKS[chunk]!)).catch(() => {}))).then(() => setTimeout(() => fetchModule(file, `<${tag}>`)));
    };
    // Each element's imports in a task of their own: two dozen import() calls in one task
    // took 50 to 120 ms at a phone's speed.
    afterLoad(() => (needs[0] == -1 ? whenIdle : setTimeout)(go));
  };

  // Nothing of an element runs before a shopper comes near it (a screen and a half away,
  // as render pacing and hydration wait for): its code loads then, with its reads and its
  // rendering. A page's first seconds are its own; a shop page's elements sit below the
  // fold, and all of them loading at once made long tasks there. Not a review badge (a
  // product card's, the title's): it loads at once. One hidden (a closed tab) loads once
  // shown. A server-rendered element (its shadow root came with the page) shows its
  // content already: its code, too, loads once near. render-pacing.ts's NEAR_MARGIN, on
  // every side here: four bytes fewer in this file.
  const near = new IntersectionObserver(
    (entries) => {
      // Observed until the tag loads: `load` asks for each tag once.
      for (const entry of entries) if (entry.isIntersecting) load(entry.target.localName);
    },
    { rootMargin: '150%' },
  );
  /** Loads what `root` holds: itself (an element added to the page) and the elements under it. */
  const discover = (root: ParentNode): void => {
    for (const element of [root as Element, ...root.querySelectorAll(selector)]) {
      if (!pending.has(element.localName)) continue;
      if (element.shadowRoot || (ELEMENT_MODULES[element.localName]![0] == -2 && element.getAttribute('variant') != 'badge')) near.observe(element);
      else load(element.localName);
    }
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) discover(node as Element);
  });
  // Until the page has loaded, nothing but the global API: its own content comes first.
  afterLoad(() => {
    observer.observe(document, { childList: true, subtree: true });
    discover(document);
    // Elements in open shadow roots that a theme's components render: one look, in idle time.
    walkShadowRoots(document, discover);
  });

  /** `configure`, with the checks of analytics settings fetched (at once, a small file) when some wait for them. */
  const configurePage = (settings: PageSettings): void => {
    configure(settings);
    if (pageAnalytics().queued?.length) void fetchModule('analytics-settings.js', 'the analytics settings').then((checks) => (checks as typeof AnalyticsChecks | undefined)?.installAnalyticsSettings(pageAnalytics()));
  };

  sharedSingleton('registered.v1', () => ({ version: VERSION }));
  globalThis.StorefrontWidgets = Object.freeze({ version: VERSION, configure: configurePage, setStrings, discover });
}

const url = (name: string) => new URL(name, modules).href;

/** Imports one of the build's modules (a file in `module/`), with a console error naming `what` when it cannot. */
function fetchModule(file: string, what: string): Promise<unknown> {
  return import(/* @vite-ignore */ url(file)).catch((error: unknown) => console.error(`storefront-widgets: could not load ${what} from ${url(file)}.`, error));
}

/**
 * Runs `run` at once on a page that has loaded; on a page still loading, once its load
 * event has passed, the pictures in view have been decoded and painted, and the browser
 * is idle: the page's own content (its largest picture) first, the widgets after, never
 * competing with it for the network or the main thread. The load event comes before a
 * large picture's paint (20 to 50 ms later, on a desktop), and an idle moment often
 * between the two.
 */
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else
    addEventListener('load', () =>
      Promise.all([...document.images].map((image) => image.complete && image.getBoundingClientRect().top < innerHeight && image.decode().catch(() => {})))
        // The frame after the decoding paints it, and is on screen when the next one starts; a hidden page paints no frame, so not forever.
        .then(() => new Promise((painted) => (requestAnimationFrame(() => requestAnimationFrame(painted)), setTimeout(painted, 1e3))))
        .then(() => whenIdle(run)),
    );
}

function whenIdle(run: () => void): void {
  // Safari has no requestIdleCallback: a task of its own there.
  if ('requestIdleCallback' in self) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run);
}

/**
 * Calls `visit` for every open shadow root under `root`, however deep, 50 elements per
 * idle turn: the first visit of an element creates its script object, and the bench
 * page's 130 took 20 to 50 ms at a phone's speed.
 */
function walkShadowRoots(root: ParentNode, visit: (root: ShadowRoot) => void): void {
  const all = root.querySelectorAll('*');
  const step = (from: number): void => {
    for (let at = from; at < all.length; at++) {
      if (at - from > 50) return whenIdle(() => step(at));
      const shadow = all[at]!.shadowRoot;
      // Not the library's own (a server-rendered element's): nothing of a theme's is inside.
      if (shadow && !all[at]!.localName.startsWith('svc-')) {
        visit(shadow);
        walkShadowRoots(shadow, visit);
      }
    }
  };
  whenIdle(() => step(0));
}

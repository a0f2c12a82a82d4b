import { claimElements } from '../registration.js';

/**
 * Each element's module, a chunk of its own in the page's bundle: `<WidgetHost>` fetches
 * only the code of the elements it shows, and none of it among the modules the page
 * preloads, so that the first paint (a gallery's first photo, often the page's largest)
 * waits neither for its download nor for its run. Literal imports, which every bundler
 * splits (a template would make some bundle every file of the folder): the table of
 * elements (`elements/catalog.ts`) stays the one list, and `test/unit/catalog.test.ts`
 * holds this one to it.
 */
const MODULES: Record<string, () => Promise<unknown>> = {
  'svc-storefront': () => import('../elements/storefront/svc-storefront.js'),
  'svc-post-gallery': () => import('../elements/post-gallery/svc-post-gallery.js'),
  'svc-shoppable-post': () => import('../elements/shoppable-post/svc-shoppable-post.js'),
  'svc-review-summary': () => import('../elements/review-summary/svc-review-summary.js'),
  'svc-reviews': () => import('../elements/reviews/svc-reviews.js'),
  'svc-rich-snippet': () => import('../elements/rich-snippet/svc-rich-snippet.js'),
};

const loading = new Map<string, Promise<unknown>>();
let claimed = false;

function load(tag: string): void {
  if (loading.has(tag) || MODULES[tag] === undefined) return;
  if (!claimed) {
    claimed = true;
    // Another copy of the library that defined these tags first is said once, as `storefront-widgets/register` says it.
    claimElements({}, Object.keys(MODULES));
  }
  loading.set(
    tag,
    MODULES[tag]().catch((error: unknown) => console.error(`storefront-widgets: could not load <${tag}>; its server markup stays as it is.`, error)),
  );
}

/**
 * Loads `tag`'s element for `host`. A host with the server's markup shows its content
 * already and needs the code for a shopper's hands only: it is fetched once the host is
 * within half a screen of the viewport (a gallery in the first viewport at once, a list at
 * the foot of the page when a shopper comes to it). A host without (its render failed or
 * missed its deadline, or a client render's) is loaded at once, to render. Returns what
 * stops the watch.
 */
export function loadElementNear(tag: string, host: Element, serverMarkup: boolean): () => void {
  if (!serverMarkup || typeof IntersectionObserver !== 'function') {
    load(tag);
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load(tag);
    },
    { rootMargin: '50% 0px' },
  );
  observer.observe(host);
  return () => observer.disconnect();
}

import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { LitElement, render, type RenderOptions } from 'lit';
import { SERVER_STATE_ATTRIBUTE, type ServerRead } from '../../page/server-state.js';
import { seedReads } from '../../queries/seed.js';
import { clientFor } from '../../api/client-registry.js';

/**
 * Lit's hydration, a chunk of its own that `defineElement` loads only when an element
 * rendered on the server (`renderWidgets` in `storefront-widgets/ssr`) is in the page:
 * such an element keeps the server's shadow root and its first update hydrates it
 * (binds to the markup that is there) instead of rendering it again.
 */

// Lit calls this hook as lit-element loads; lit-element has loaded already (it is in the shared chunk).
(globalThis as { litElementHydrateSupport?: (lit: { LitElement: typeof LitElement }) => void }).litElementHydrateSupport?.({ LitElement });

interface Updating {
  hasUpdated: boolean;
  renderRoot: HTMLElement | DocumentFragment;
  renderOptions: RenderOptions;
  render(): unknown;
  update(changed: unknown): void;
  readonly storefront?: { ok: boolean; client?: unknown; market?: string };
}

/**
 * A server render the browser cannot take over renders anew, over the server's markup
 * (its styles kept), with one warning, rather than show the server's content or stay
 * broken: one read with other settings than the element's (another market, key or API
 * base: its text would be the server's, which hydration keeps as it is), or one whose
 * markup does not match the browser's first render (Lit throws).
 */
const prototype = LitElement.prototype as unknown as Updating;
/** Whether the element's next update is its first over the server's markup (an element created in the browser has an empty root). */
const overServerMarkup = (element: Updating): boolean => !element.hasUpdated && element.renderRoot.firstChild !== null;
const hydrating = prototype.update;
let warned = false;
const warn = (element: Element, error?: unknown) => {
  if (!warned) console.warn(`storefront-widgets: <${element.localName}>, rendered on the server, did not match its first render in the browser (are its settings the same?); it rendered anew.`, ...(error === undefined ? [] : [error]));
  warned = true;
};
const clearServerMarkup = (element: Updating) => {
  const root = element.renderRoot as DocumentFragment & { _$litPart$?: unknown };
  for (const node of [...root.childNodes]) if (node.nodeName !== 'STYLE') node.remove();
  delete root._$litPart$;
};
prototype.update = function (this: Updating, changed: unknown) {
  if (!overServerMarkup(this)) return hydrating.call(this, changed);
  let error: unknown;
  try {
    hydrating.call(this, changed);
    if (sameSettings(this)) return;
  } catch (thrown) {
    error = thrown;
  }
  warn(this as unknown as Element, error);
  clearServerMarkup(this);
  render(this.render(), this.renderRoot, this.renderOptions);
};

/** The reads each server-rendered element came with (see `adoptServerRendered`). */
const serverReads = new WeakMap<Element, ServerRead[]>();

/** Whether the element reads with the settings its server reads were made with (its client, and its market). */
function sameSettings(element: Updating): boolean {
  const storefront = element.storefront;
  return (serverReads.get(element as unknown as Element) ?? []).every(
    (read) => storefront?.ok === true && clientFor(read.api) === storefront.client && (read.kind === 'rating' ? read.market : read.queryKey[2]) === storefront.market,
  );
}

/**
 * A server-rendered element shows its content already: it hydrates when a shopper comes
 * near it (a screen and a half away, as an element rendered in the browser renders its
 * content then), not during the page's load wherever it is: hydrating a list of reviews
 * at the foot of the page made long tasks there. Its pacing (render-pacing.ts) is told,
 * so that its first render is its content, as on the server.
 */
const near = (element: Element): Promise<void> =>
  new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      // render-pacing.ts's NEAR_MARGIN, written out: importing it would change the core chunk's name, which the loader's table spells.
      { rootMargin: '150% 0px' },
    );
    observer.observe(element);
  });

interface Scheduling extends Updating {
  scheduleUpdate(): void | Promise<unknown>;
  readonly pacing?: { reach(): void };
}
const scheduling = LitElement.prototype as unknown as Scheduling;
const schedule = scheduling.scheduleUpdate;
scheduling.scheduleUpdate = function (this: Scheduling & Element) {
  if (!overServerMarkup(this)) return schedule.call(this);
  return near(this).then(() => {
    this.pacing?.reach();
    return schedule.call(this);
  });
};

const isRead = (value: unknown): value is ServerRead => {
  const read = value as Partial<ServerRead> | null;
  return typeof read === 'object' && read !== null && typeof read.at === 'number' && typeof read.api?.publishableKey === 'string' && (read.kind === 'rating' ? typeof read.market === 'string' : read.kind === 'query' && Array.isArray(read.queryKey));
};

/** The reads a server-rendered element carries (its `<script type="application/json" data-svc-state>` child), kept for `sameSettings`. JSON that does not parse, or a read of another shape, is left out: that element reads anew. */
function carriedReads(element: Element): ServerRead[] {
  const script = element.shadowRoot && [...element.children].find((child) => child.localName === 'script' && child.hasAttribute(SERVER_STATE_ATTRIBUTE));
  if (!script) return [];
  try {
    const parsed: unknown = JSON.parse(script.textContent ?? '');
    const own = Array.isArray(parsed) ? parsed.filter(isRead) : [];
    serverReads.set(element, own);
    return own;
  } catch {
    return [];
  }
}

/**
 * Puts the reads that the page's server-rendered elements carry in the caches their
 * controllers read from, before a tag is defined and its elements connect: every such
 * element's, not only the tag's, for an element the browser renders may read what another
 * was rendered with (a list far below the fold, and the summary above it). Each element's
 * once, and every caller waits for all the seeding begun (another tag's may still be
 * loading query-core when this one's is defined).
 */
export function adoptServerRendered(): Promise<void> {
  const hosts = [...document.querySelectorAll(`[${SERVER_STATE_ATTRIBUTE}]`)].map((script) => script.parentElement!);
  return seeding(hosts.filter((host) => !serverReads.has(host)).flatMap(carriedReads));
}

let seeded: Promise<unknown> = Promise.resolve();
const seeding = (reads: ServerRead[]): Promise<void> => (seeded = Promise.all([seeded, seedReads(reads)])).then(() => undefined);

/** The same for one element whose server markup arrived after its tag was defined (base.ts's `adoptLateShadowRoot`), before it connects. */
export const adoptLate = (element: Element): Promise<void> => seeding(carriedReads(element));

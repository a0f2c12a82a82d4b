import { safeUrl } from '../api/url.js';
import type { ServerRead } from '../page/server-state.js';

/**
 * One element rendered on the server, as plain data (strings only): what a loader of
 * React Router or Hydrogen returns (`renderWidget`) and `<WidgetHost>` renders. Plain
 * data crosses from the server to the browser as it is (a loader's JSON, a server
 * component's props).
 */
export interface WidgetData {
  /** The element's tag, `svc-…`; `script` for a rich snippet's JSON-LD (the element would have nothing to show). */
  tag: string;
  /** Its attributes, as written on the host (settings included, so it reads as the server did). */
  attributes: Record<string, string>;
  /**
   * What goes inside the host: its declarative shadow root and its data
   * (`<script type="application/json" data-svc-state>`), or a rich snippet's JSON-LD.
   * Empty when the server did not render it (its read failed or missed the deadline): it
   * then renders in the browser, as without a server. Missing in the browser when
   * `inDocument`.
   */
  html: string;
  /**
   * Rendered for a page load (`renderWidget`'s `request`): the markup is in the HTML as
   * served, and not in this data once serialized (`html` is not enumerable), so that the
   * page holds it once. `<WidgetHost>` hydrates the host as the HTML has it.
   */
  inDocument?: boolean | undefined;
  /**
   * The rules that hold the element's space while the browser renders it (its tag's rules
   * of the reservation stylesheet), when the server wrote no markup: left to the browser
   * (`belowFold` on a page load), or its read failed or missed the deadline. `<WidgetHost>`
   * writes them in a `<style>` before the host, so that the page needs no stylesheet for
   * the elements its server renders.
   */
  reserve?: string | undefined;
  /** The first photo of a gallery, which a page whose gallery is in the first viewport preloads. */
  image?: ImagePreload | undefined;
}

/** An image to preload, as React's `preload(href, { as: 'image' })` takes it. */
export interface ImagePreload {
  href: string;
}

const STATE = /<script type="application\/json" data-svc-state>([\s\S]*?)<\/script>/;

interface PostLike {
  type?: unknown;
  media?: { url?: unknown; poster?: unknown };
}

/**
 * The first photo a server-rendered gallery shows (a video's poster), from its data:
 * without `first-viewport` the server writes the tiles without their `src` (the
 * browser sets it when the element hydrates), so the URL is in the data only. Http(s) URLs only.
 */
export function firstPhoto(html: string): ImagePreload | undefined {
  const json = STATE.exec(html)?.[1];
  if (json === undefined) return undefined;
  let reads: ServerRead[];
  try {
    reads = JSON.parse(json) as ServerRead[];
  } catch {
    return undefined;
  }
  for (const read of Array.isArray(reads) ? reads : []) {
    const pages = read.kind === 'query' ? (read.data as { pages?: { items?: PostLike[] }[] } | null)?.pages : undefined;
    const post = Array.isArray(pages) && Array.isArray(pages[0]?.items) ? pages[0].items[0] : undefined;
    if (post === undefined) continue;
    const href = safeUrl(post.type === 'VIDEO' ? post.media?.poster : post.media?.url);
    return href === undefined ? undefined : { href };
  }
  return undefined;
}

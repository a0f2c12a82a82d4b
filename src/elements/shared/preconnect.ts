/** The link added for each API base, so that the next element's call is one check while it stays in the head. */
const added = new Map<string, HTMLLinkElement>();

/**
 * Adds `<link rel="preconnect" crossorigin>` for the Storefront API's origin to the
 * document's head, once per origin (also across copies of the library: the head is
 * checked), so that the connection is open by the time the first read goes out. Only
 * for an http(s) origin; anything else is left alone.
 */
export function preconnect(apiBase: string): void {
  // Every element calls this as it connects.
  if (added.get(apiBase)?.isConnected) return;
  let origin: string;
  try {
    const url = new URL(apiBase);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    origin = url.origin;
  } catch {
    return;
  }
  if (typeof document === 'undefined' || !document.head || origin === location.origin) return;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel~="preconnect"]')) {
    if (link.href.replace(/\/$/, '') === origin && link.crossOrigin !== null) return void added.set(apiBase, link);
  }
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
  added.set(apiBase, link);
}

/**
 * Asks every `svc-*` element under `root`, through open shadow roots, to render again:
 * after page-wide settings or strings change, or a `<svc-storefront>`'s attributes do.
 * Duck-typed, so elements of another copy of the library update too.
 */
export function refreshElements(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<Element & { requestUpdate?: () => void }>('*')) {
    if (element.localName.startsWith('svc-')) element.requestUpdate?.();
    if (element.shadowRoot) refreshElements(element.shadowRoot);
  }
}

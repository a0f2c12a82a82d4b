/**
 * The nearest element matching `selector` from `element` up, `element` included, across
 * shadow-root boundaries (from a shadow root on to its host), or `null`.
 */
export function closestComposed(element: Element, selector: string): Element | null {
  for (let node: Element | null = element; node !== null; ) {
    // Rendered on the server (Lit's DOM shim), an element has no ancestors to look through.
    if (typeof node.closest !== 'function') return null;
    const found = node.closest(selector);
    if (found !== null) return found;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

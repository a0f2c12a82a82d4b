/**
 * Hides everything on the page but `keep` from assistive technology, as a modal dialog's
 * inert page would be, without making the page inert (which restyles all of it: some
 * 60 ms of a phone's tap, on open and again on close). Each sibling of `keep` and of each
 * of its ancestors, up through shadow roots to `<body>`, gets `aria-hidden="true"`,
 * unless it had an `aria-hidden` of its own. Returns what undoes it.
 */
export function hideOthers(keep: Element): () => void {
  const hidden: Element[] = [];
  for (let node: Element | null = keep; node && node !== document.body && node !== document.documentElement; ) {
    const parent: ParentNode | null = node.parentNode;
    if (!parent) break;
    for (const sibling of parent.children) {
      if (sibling === node || sibling.hasAttribute('aria-hidden')) continue;
      sibling.setAttribute('aria-hidden', 'true');
      hidden.push(sibling);
    }
    node = parent instanceof ShadowRoot ? parent.host : (parent as Element);
  }
  return () => {
    for (const element of hidden) element.removeAttribute('aria-hidden');
  };
}

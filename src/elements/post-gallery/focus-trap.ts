/**
 * Keeps Tab inside a modal: a modal `<dialog>` makes the page inert, but Tab from its
 * last control still leaves it (for the browser's toolbar, or a parent frame). Here
 * Tab on the last control goes to the first, and Shift+Tab on the first to the last,
 * counting the controls inside nested open shadow roots (the shoppable post's
 * hotspots and product links) in the order the browser visits them.
 */

/** Controls that Tab visits, in order, under `root` (through open shadow roots and slots). */
function tabStops(root: Element): HTMLElement[] {
  const stops: HTMLElement[] = [];
  const visit = (element: Element) => {
    if (element instanceof HTMLElement && isTabStop(element)) stops.push(element);
    if (element instanceof HTMLSlotElement) {
      const assigned = element.assignedElements({ flatten: true });
      for (const child of assigned.length > 0 ? assigned : [...element.children]) visit(child);
      return;
    }
    for (const child of element.shadowRoot ? [...element.shadowRoot.children] : [...element.children]) visit(child);
  };
  for (const child of root.shadowRoot ? [...root.shadowRoot.children] : [...root.children]) visit(child);
  return stops;
}

function isTabStop(element: HTMLElement): boolean {
  const focusable = element.tabIndex >= 0 || (element instanceof HTMLMediaElement && element.controls);
  if (!focusable || element.matches(':disabled') || element.closest('[inert]')) return false;
  return element.checkVisibility({ checkVisibilityCSS: true });
}

/** The focused element under `from`'s root, through open shadow roots. */
function deepFocus(from: Element): Element | null {
  let active = (from.getRootNode() as Document | ShadowRoot).activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** For a `keydown` inside `container`: wraps Tab from the last stop to the first, and Shift+Tab back. */
export function wrapTab(event: KeyboardEvent, container: Element): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const stops = tabStops(container);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = deepFocus(container);
  const target = event.shiftKey ? (active === first || active === container ? last : undefined) : active === last ? first : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

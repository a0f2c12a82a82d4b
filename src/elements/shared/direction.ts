/** The `dir` each element set on itself, to tell it from one its author gave. */
const applied = new WeakMap<Element, 'rtl'>();

/**
 * Lays an element out right to left when it speaks a right-to-left language (an Arabic
 * market's element on an English page reads right to left, its layouts mirrored), by
 * `dir="rtl"` on the host, so that `:dir()`, logical properties and the hotspot
 * placement all follow. A `dir` the author gave the element always wins; a
 * left-to-right language keeps the direction the element inherits (a right-to-left page
 * mirrors every element, whatever it speaks).
 */
export function followLanguageDirection(host: HTMLElement, direction: 'ltr' | 'rtl'): void {
  const current = host.getAttribute('dir');
  const own = applied.get(host);
  if (current !== null && current !== own) {
    applied.delete(host);
    return;
  }
  if (direction === 'rtl') {
    if (current !== 'rtl') host.setAttribute('dir', 'rtl');
    applied.set(host, 'rtl');
  } else if (own !== undefined) {
    host.removeAttribute('dir');
    applied.delete(host);
  }
}

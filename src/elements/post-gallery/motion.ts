/** Whether smooth scrolling and fades are off (`prefers-reduced-motion: reduce`). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Whether the element lays out right to left. */
export function isRtl(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

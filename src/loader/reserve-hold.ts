/**
 * Holds each element's reserved height from its definition to its first render. Part of
 * `dist/cdn/module/reserve.js` (reserve-sheet.ts, which installs the reservation
 * stylesheet first), and the whole of the Shopify extension's `reserve.js`, whose app
 * embed inlines the stylesheet in the page instead (build/shopify.ts).
 *
 * Once defined, an element is no longer held by the `:not(:defined)` rules, and its first
 * render comes a task or more later (in a task of its own): empty meanwhile, it moved the
 * page up and back down (shifts of 0.4 on the first-viewport page). Each element waiting
 * for its code is watched (a resize observer that only reads: its reserved height); in
 * the microtask after its definition, before anything is laid out or painted, it keeps
 * that height as its own `min-height` until its first update. Not an element rendered on
 * the server, nor a badge (whose host keeps its height), nor one with a `min-height` of
 * the page's own.
 */
const reserved = new WeakMap<Element, number>();
const watch = new ResizeObserver((entries) => {
  for (const { target, borderBoxSize } of entries) reserved.set(target, borderBoxSize[0]?.blockSize ?? 0);
});

function hold(element: HTMLElement & { updateComplete?: Promise<unknown> }): void {
  watch.observe(element);
  void customElements.whenDefined(element.localName).then(() => {
    watch.unobserve(element);
    const height = reserved.get(element);
    if (!height || element.style.minHeight) return;
    element.style.minHeight = `${height}px`;
    void Promise.resolve(element.updateComplete).finally(() => element.style.removeProperty('min-height'));
  });
}

/** Watches the elements waiting for their code; on a page still being parsed, once it is. */
const watchWaiting = () => {
  for (const element of document.querySelectorAll<HTMLElement>('svc-review-summary:not([variant=badge]),svc-shoppable-post,svc-post-gallery,svc-reviews')) {
    if (element.matches(':not(:defined)') && !element.shadowRoot) hold(element);
  }
};
if (document.readyState === 'loading') addEventListener('DOMContentLoaded', watchWaiting, { once: true });
else watchWaiting();

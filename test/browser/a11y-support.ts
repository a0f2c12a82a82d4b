import axe from 'axe-core';
import { expect } from 'vitest';
import { cdp } from 'vitest/browser';

/**
 * Helpers for the accessibility, keyboard and localization browser tests: axe-core
 * with the WCAG 2.2 AA rule tags, media emulation through the Chrome DevTools
 * Protocol, the deep focus, focus indicators, target sizes and reflow.
 */

/** The rules the issue asks for: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let queue: Promise<unknown> = Promise.resolve();

/** axe-core's violations in `context` (open shadow roots included), one line per node. axe runs one at a time. */
/** The animations of the document and of every open shadow root in it. */
function animationsEverywhere(): Animation[] {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  }
  return [...new Set(roots.flatMap((root) => root.getAnimations()))];
}

export async function axeViolations(context: axe.ElementContext): Promise<string[]> {
  // axe measures colours as painted: text caught mid-fade (a dialog opening, a hover
  // transition) reads as low contrast, and Vitest runs test files in parallel frames in
  // which animations barely advance. So finite animations are finished first (their end
  // state is what a shopper sees), in the document and every shadow root; endless ones
  // (a hotspot's pulse) are left running.
  for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => setTimeout(resolve, 16));
  for (const animation of animationsEverywhere()) {
    if (animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  const run = queue.then(() => axe.run(context, { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] }));
  queue = run.catch(() => undefined);
  const results = await run;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} [${violation.impact ?? ''}] ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`),
  );
}

/** Fails with every violation listed. */
export async function expectNoAxeViolations(context: axe.ElementContext, state: string): Promise<void> {
  expect(await axeViolations(context), `axe violations (${state})`).toEqual([]);
}

export type MediaFeature = { name: 'prefers-reduced-motion' | 'forced-colors' | 'prefers-color-scheme' | 'prefers-contrast'; value: string };

/** Emulates media features for the whole tab (`[]` resets). */
export async function emulateMedia(features: MediaFeature[]): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', { features });
}

/** The focused element, through open shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The chain of shadow hosts from the document down to `element` (its `svc-*` owners). */
export function hostsOf(element: Element): Element[] {
  const hosts: Element[] = [];
  for (let root = element.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) hosts.unshift(root.host);
  return hosts;
}

/** Opacity as rendered: the product of the element's and its ancestors' (across shadow roots). */
export function effectiveOpacity(element: Element): number {
  let opacity = 1;
  for (let node: Element | null = element; node; ) {
    opacity *= Number(getComputedStyle(node).opacity);
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
  }
  return opacity;
}

function alpha(color: string): number {
  if (color === 'transparent') return 0;
  const slash = /\/\s*([\d.]+%?)\s*\)$/.exec(color);
  if (slash) return slash[1]!.endsWith('%') ? parseFloat(slash[1]!) / 100 : parseFloat(slash[1]!);
  const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
  return rgba ? parseFloat(rgba[1]!) : 1;
}

export interface FocusIndicator {
  visible: boolean;
  /** How it shows: `outline 3px solid rgb(…)` or `box-shadow …`, on the element or a part inside it. */
  how: string;
}

function indicatorIn(style: CSSStyleDeclaration): string | undefined {
  const width = parseFloat(style.outlineWidth);
  if (style.outlineStyle !== 'none' && width >= 2 && alpha(style.outlineColor) > 0) return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
  if (style.boxShadow !== 'none' && /\b[2-9]px\b|\b\d{2,}px\b/.test(style.boxShadow) && !/inset/.test(style.boxShadow)) return `box-shadow ${style.boxShadow}`;
  return undefined;
}

/** An outline or box shadow on the element or on its `::before` / `::after`. */
function ownIndicator(element: Element): string | undefined {
  const own = indicatorIn(getComputedStyle(element));
  if (own) return own;
  for (const pseudo of ['::after', '::before']) {
    const style = getComputedStyle(element, pseudo);
    if (style.content === 'none' || style.display === 'none') continue;
    const found = indicatorIn(style);
    if (found) return `${found} on ${pseudo}`;
  }
  return undefined;
}

/** Waits for the transitions and animations on `element`, its ancestors and its subtree to end (at most `timeout` ms). */
export async function animationsSettled(element: Element, timeout = 2000): Promise<void> {
  const running = new Set<Animation>(element.getAnimations({ subtree: true }));
  for (let node = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host || null); node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)) {
    for (const animation of node.getAnimations()) running.add(animation);
  }
  const finite = [...running].filter((animation) => {
    const timing = animation.effect?.getComputedTiming();
    return timing !== undefined && timing.endTime !== Infinity && animation.playState === 'running';
  });
  if (finite.length === 0) return;
  await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, timeout))]);
}

/**
 * Whether the focused `element` shows a focus indicator of 2 px or more: an outline or
 * a box shadow on itself, or on a part it draws itself with (a hotspot's dot), while
 * it matches `:focus-visible` and is not transparent.
 */
export function focusIndicator(element: Element): FocusIndicator {
  if (!element.matches(':focus-visible')) return { visible: false, how: 'not :focus-visible' };
  const box = element.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return { visible: false, how: 'no box' };
  if (effectiveOpacity(element) < 0.5) return { visible: false, how: `opacity ${effectiveOpacity(element)}` };
  const own = ownIndicator(element);
  if (own) return { visible: true, how: own };
  for (const part of element.querySelectorAll('*')) {
    const inner = ownIndicator(part);
    if (inner) return { visible: true, how: `${inner} on ${part.localName}.${[...part.classList].join('.')}` };
  }
  return { visible: false, how: 'no outline or box-shadow' };
}

/** A short description of an element for messages: tag, part, class and name. */
export function describe(element: Element | null): string {
  if (!element) return 'nothing';
  const hosts = hostsOf(element).map((host) => host.localName).join(' > ');
  const name = element.getAttribute('aria-label') ?? element.textContent?.replace(/\s+/g, ' ').trim().slice(0, 40) ?? '';
  const classes = element.getAttribute('class')?.trim().replace(/\s+/g, '.') ?? '';
  return `${hosts ? `${hosts} > ` : ''}${element.localName}${classes ? `.${classes}` : ''} "${name}"`;
}

/** Every element under `root` and inside open shadow roots below it, in tree order. */
export function deepElements(root: Element | ShadowRoot | Document): Element[] {
  const found: Element[] = [];
  const visit = (node: Element | ShadowRoot | Document) => {
    for (const child of node.children) {
      found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  visit(root);
  return found;
}

const TARGETS = 'button, a[href], select, summary, input, textarea, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

/** Drawn, and a target: an inert subtree (a loading skeleton's buttons) takes no pointer or focus. */
function isRendered(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && effectiveOpacity(element) > 0 && element.closest('[inert]') === null;
}

/** A link inside a sentence (WCAG 2.5.8's inline exception): its parent's text runs on beside it. */
function isInlineTextLink(element: Element): boolean {
  if (element.localName !== 'a' || getComputedStyle(element).display !== 'inline') return false;
  const parentText = element.parentElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const ownText = element.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return parentText.length > ownText.length;
}

/**
 * The size of the area that hits `element` (pseudo-elements that enlarge it count):
 * from its centre, the contiguous run of points along each axis whose hit test lands
 * on it or inside it. The element is scrolled into view first.
 */
function hitArea(element: Element): { width: number; height: number } {
  element.scrollIntoView({ block: 'center', inline: 'nearest' });
  const box = element.getBoundingClientRect();
  const root = element.getRootNode() as Document | ShadowRoot;
  const hits = (x: number, y: number) => {
    const found = root.elementFromPoint(x, y);
    return found !== null && (found === element || element.contains(found));
  };
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  if (!hits(cx, cy)) return { width: 0, height: 0 };
  const run = (step: (d: number) => [number, number]) => {
    let d = 0;
    while (d < 200 && hits(...step(d + 0.5))) d += 0.5;
    return d;
  };
  const width = run((d) => [cx - d, cy]) + run((d) => [cx + d, cy]);
  const height = run((d) => [cx, cy - d]) + run((d) => [cx, cy + d]);
  return { width, height };
}

/**
 * Rendered targets under `root` smaller than `min` × `min` CSS px (inline text links
 * exempt). A target whose box is small is measured by hit testing, so that a
 * pseudo-element that makes the whole row clickable counts.
 */
export function smallTargets(root: Element, min = 24): string[] {
  return deepElements(root)
    .filter((element) => element.matches(TARGETS) && isRendered(element) && !isInlineTextLink(element))
    .map((element) => {
      const box = element.getBoundingClientRect();
      if (box.width >= min - 0.01 && box.height >= min - 0.01) return undefined;
      const area = hitArea(element);
      if (area.width >= min - 1 && area.height >= min - 1) return undefined;
      return `${describe(element)}: ${box.width.toFixed(1)}×${box.height.toFixed(1)} (hit area ${area.width}×${area.height})`;
    })
    .filter((problem): problem is string => problem !== undefined);
}

/** Number of rendered targets under `root` (to show a size check looked at something). */
export function countTargets(root: Element): number {
  return deepElements(root).filter((element) => element.matches(TARGETS) && isRendered(element)).length;
}

/** Elements under `root` (the host included) whose content is wider than their box: scrolling in two dimensions. */
export function horizontalOverflow(root: Element, options: { allow?: (element: Element) => boolean } = {}): string[] {
  const candidates = [root, ...deepElements(root)];
  return candidates
    .filter((element) => {
      if (options.allow?.(element)) return false;
      const style = getComputedStyle(element);
      const scrolls = element === root || ['auto', 'scroll'].includes(style.overflowX);
      return scrolls && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
    })
    .map((element) => `${describe(element)}: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`);
}

/** Waits for a condition, polling every animation frame (Vitest's `expect.poll` with a longer default). */
export async function until<T>(read: () => T, message: string, timeout = 20_000): Promise<NonNullable<T>> {
  await expect.poll(read, { timeout, message }).toBeTruthy();
  return read() as NonNullable<T>;
}

/** Lets transitions and images settle before a screenshot. */
export const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

import type { StringKey } from '../../src/i18n/en.ts';
import { tables } from '../../src/i18n/tables.ts';
import { english as en, sharedWithEnglish } from '../support/english.ts';
import { testKey } from '../support/emulator-control.ts';
import type { Seed, Shop } from './a11y-page.ts';
import { deepElements, until } from './a11y-support.ts';

/**
 * Helpers for the localization browser tests: the text the library writes (visible
 * text, names, alternatives), the English left in it, and a walk through the states of
 * a loaded shop page (a product card open, reviews filtered, a translation toggled, the
 * carousel moved, the next gallery page, the lightbox with its products).
 */

export const inside = <T extends Element = HTMLElement>(host: Element, selector: string) => [...(host.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
export const widgets = (shop: Shop) => [shop.summary, shop.shoppable, shop.gallery, shop.carousel, shop.reviews];

/** Shopper-provided text (captions, reviews, product titles, names): not the library's to translate. */
const USER_CONTENT = '[part~="review-text"], .reply-body, .generated p[lang], [part~="caption"], .title, .username, .author-name, .captions, #video-description';

/** Everything the library writes that a shopper sees or hears: text outside user content, and names, alternatives and descriptions. */
export function uiText(root: Element): string[] {
  const found: string[] = [];
  for (const element of [root, ...deepElements(root)]) {
    for (const name of ['aria-label', 'aria-roledescription', 'alt', 'title', 'placeholder']) {
      const value = element.getAttribute(name);
      if (value && !(name === 'alt' && element.localName === 'img' && !element.closest('[part~="review"]'))) found.push(value);
    }
    if (element.closest(USER_CONTENT) || ['style', 'script'].includes(element.localName)) continue;
    for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim()) found.push(node.textContent!.trim());
  }
  return found;
}

/**
 * The fixed words of every English string (placeholders cut out), but those the language's
 * own translation of that entry uses too (Italian "Post {current} di {total}") and those
 * of an entry the language writes as English does (SHARED_WITH_ENGLISH). An entry left in
 * English is no translation: its words count, and show up in the page.
 */
function englishFragments(language: string): string[] {
  const table = tables[language];
  if (!table) throw new Error(`The ${language} table has not loaded`);
  const fragments = new Set<string>();
  for (const key of Object.keys(en) as StringKey[]) {
    if (sharedWithEnglish(language, key)) continue;
    const english = typeof en[key] === 'string' ? [en[key] as string] : Object.values(en[key] as Record<string, string>);
    const translated = JSON.stringify(table[key]);
    const translation = translated === JSON.stringify(en[key]) ? '' : translated;
    for (const text of english) {
      for (const part of text.split(/\{\w+\}/)) {
        const fragment = part.replace(/^[\s:,.·@…]+|[\s:,.·@]+$/g, '');
        if (fragment.length >= 4 && /[a-z]{3}/i.test(fragment) && !translation.includes(fragment)) fragments.add(fragment);
      }
    }
  }
  return [...fragments];
}

/** Each English fragment found in the library's text under `roots`, in a page in `language`, with the text it is in. */
export function englishLeft(roots: Element[], language: string): string[] {
  const texts = roots.flatMap(uiText);
  const leaks: string[] = [];
  for (const fragment of englishFragments(language)) {
    const pattern = new RegExp(`(^|[^\\p{L}])${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');
    for (const text of texts) if (pattern.test(text)) leaks.push(`"${fragment}" in "${text}"`);
  }
  return leaks;
}

/** Opens a product card, filters the reviews by the first bar, shows a review's original, moves the carousel. */
export async function openLoadedStates(shop: Shop): Promise<void> {
  inside<HTMLButtonElement>(shop.shoppable, 'button.hotspot:not([hidden])')[0]!.click();
  await until(() => inside(shop.shoppable, '.card:not([hidden]) a')[0], 'card');
  inside<HTMLButtonElement>(shop.reviews, 'button.bar')[0]!.click();
  await until(() => inside(shop.reviews, '[part="clear-filter"]')[0], 'filtered');
  await until(() => inside(shop.reviews, '[part="matching"]')[0]?.textContent?.trim(), 'matching');
  inside<HTMLButtonElement>(shop.reviews, '[part="translation-toggle"]')[0]?.click();
  inside<HTMLButtonElement>(shop.carousel, 'button.nav.next')[0]!.click();
  await until(() => inside(shop.carousel, '[role="status"]')[0]?.textContent?.trim(), 'carousel announcement');
}

/** Loads the gallery's next page and opens the lightbox on the first post, with its products listed; returns the lightbox. */
export async function openNextPageAndLightbox(shop: Shop): Promise<HTMLElement> {
  inside<HTMLButtonElement>(shop.gallery, 'button.load-more')[0]!.click();
  await until(() => inside(shop.gallery, 'button.tile').length === 8, 'next page');
  inside<HTMLButtonElement>(shop.gallery, 'button.tile')[0]!.click();
  const lightbox = await until(() => inside(shop.gallery, 'svc-post-lightbox')[0], 'lightbox');
  await until(() => lightbox.shadowRoot?.querySelector('dialog[open] .products svc-shoppable-post, dialog[open] svc-shoppable-post.products')?.shadowRoot?.querySelector('.product-list'), 'lightbox products');
  return lightbox;
}

/** Puts an element with `attributes` (and `api-base`) into `parent`, as a block of a shop's column. */
export function mountElement<K extends keyof HTMLElementTagNameMap>(apiBase: string, tag: K, attributes: Record<string, string>, parent: Element = document.body): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries({ 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.cssText = 'display: block; max-width: 720px; margin: 16px; font-family: system-ui, sans-serif';
  parent.append(element);
  return element;
}

export interface StateKeys {
  /** Every answer takes 5 s: the loading states. */
  slow: string;
  /** Every request fails with a 500: the error states. */
  failing: string;
  ok: string;
}

/** Keys for the loading, error and empty states, named after `name`. */
export async function stateKeys(apiBase: string, name: string): Promise<StateKeys> {
  return {
    slow: await testKey(apiBase, `i18n_slow_${name}`, { faults: { latencyMs: 5000 } }),
    failing: await testKey(apiBase, `i18n_failing_${name}`, { faults: { fail500: 100 } }),
    ok: await testKey(apiBase, `i18n_empty_${name}`),
  };
}

export interface States {
  loading: HTMLElement[];
  failing: HTMLElement[];
  /** A summary and a review list of a product without reviews. */
  empty: HTMLElement[];
}

type Mount = <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, parent?: Element) => HTMLElementTagNameMap[K];

/** `mountElement` against one API base. */
export const mounter =
  (apiBase: string): Mount =>
  (tag, attributes, parent) =>
    mountElement(apiBase, tag, attributes, parent);

/** Every element loading and failing, and the empty review elements, with `attributes` (a market, a `lang`). */
export function mountStates(mount: Mount, keys: StateKeys, seed: Seed, attributes: Record<string, string>, parent?: Element): States {
  const each = (key: string) => [
    mount('svc-review-summary', { 'publishable-key': key, ...attributes, 'product-ref': seed.product }, parent),
    mount('svc-review-summary', { 'publishable-key': key, ...attributes, 'product-ref': seed.product, variant: 'badge' }, parent),
    mount('svc-shoppable-post', { 'publishable-key': key, ...attributes, 'post-id': seed.post }, parent),
    mount('svc-post-gallery', { 'publishable-key': key, ...attributes, 'page-size': '4' }, parent),
    mount('svc-reviews', { 'publishable-key': key, ...attributes, 'product-ref': seed.product }, parent),
  ];
  return {
    loading: each(keys.slow),
    failing: each(keys.failing),
    empty: [mount('svc-review-summary', { 'publishable-key': keys.ok, ...attributes, 'product-ref': seed.unreviewed }, parent), mount('svc-reviews', { 'publishable-key': keys.ok, ...attributes, 'product-ref': seed.unreviewed }, parent)],
  };
}

/** Waits until the failing elements show their error and the empty ones say so. */
export async function settledStates(states: States): Promise<void> {
  // The review list's own error (its line with a retry), not only its header's quiet one, which can come first.
  await until(() => states.failing.every((element) => element.shadowRoot?.querySelector(element.localName === 'svc-reviews' ? 'button.retry' : '[role="alert"]')), 'error states', 30_000);
  await until(() => states.empty.every((element) => element.shadowRoot?.querySelector('[part="empty"]')), 'empty states');
}

import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { Localizer } from '../../src/i18n/localize.ts';
import { LANGUAGES, tableLoading } from '../../src/i18n/tables.ts';
import { testKey } from '../support/emulator-control.ts';
import { mountShop, readSeed, type Seed, type Shop } from './a11y-page.ts';
import { settle, until } from './a11y-support.ts';
import { englishLeft, inside, mounter, mountStates, openLoadedStates, openNextPageAndLightbox, settledStates, stateKeys, widgets } from './i18n-support.ts';

/**
 * Every language the library speaks, in every state of every element, with no English
 * left: the loading, error and empty states of all languages on one page, then one shop
 * page per language (loaded, a product card open, reviews filtered, a translation
 * toggled, the carousel moved, the next gallery page, the lightbox with its products).
 * Each element takes its language from its own `lang` (the emulator's markets speak
 * English, German and Swedish); shopper data (titles, reviews, captions) is left out of
 * the check. Screenshots of `ar`, `ja` and `pl` go to the gitignored `screenshots/`.
 */
const apiBase = inject('apiBase');
// The machine is shared: images, the emulator and Vite compete for two cores.
vi.setConfig({ testTimeout: 120_000 });
const languages = LANGUAGES.filter((language) => language !== 'en');
const SCREENSHOTS = new Set(['ar', 'ja', 'pl']);
let seed: Seed;

beforeAll(async () => {
  seed = await readSeed(apiBase);
  await Promise.all(languages.map(tableLoading));
  await page.viewport(1000, 900);
});

afterEach(() => document.body.replaceChildren());

const leaksIn = (language: string, roots: Element[], state: string) => englishLeft(roots, language).map((leak) => `${language}, ${state}: ${leak}`);

async function screenshots(language: string, shop: Shop, state: string): Promise<void> {
  if (!SCREENSHOTS.has(language)) return;
  await settle(600);
  for (const widget of widgets(shop)) await page.screenshot({ path: `../../screenshots/i18n-${language}-${state}-${widget.localName}${widget === shop.carousel ? '-carousel' : ''}.png`, element: widget });
}

describe('no English in any language', () => {
  it('loading, error and empty states (every language on one page)', async () => {
    const keys = await stateKeys(apiBase, 'languages');
    const byLanguage = languages.map((language) => [language, mountStates(mounter(apiBase), keys, seed, { market: 'us', lang: language })] as const);
    await until(() => byLanguage.every(([, states]) => states.loading.every((element) => element.shadowRoot?.querySelector('[role="status"]'))), 'loading states');
    const leaks = byLanguage.flatMap(([language, states]) => leaksIn(language, states.loading, 'loading'));
    for (const [, states] of byLanguage) await settledStates(states);
    leaks.push(...byLanguage.flatMap(([language, states]) => leaksIn(language, [...states.failing, ...states.empty], 'error or empty')));
    expect(leaks).toEqual([]);
    // Each speaks its own language, not merely something other than English.
    for (const [language, states] of byLanguage) {
      const localizer = new Localizer(language);
      expect(inside(states.empty[1]!, '[part="empty"]')[0]!.textContent!.trim(), language).toBe(localizer.t('reviews.none'));
      expect(inside(states.failing[4]!, 'button.retry')[0]?.textContent?.trim(), language).toBe(localizer.t('retry'));
    }
  });

  it.each(languages)('%s: loaded, product card, filtered reviews, next page, lightbox', async (language) => {
    const shop = await mountShop({ apiBase, key: await testKey(apiBase, `i18n_language_${language}`), seed, market: 'us', elementLang: language });
    const localizer = new Localizer(language);
    expect(inside(shop.gallery, 'button.load-more')[0]!.textContent!.trim()).toBe(localizer.t('gallery.loadMore'));
    expect(inside(shop.reviews, '.sort span')[0]!.textContent!.trim()).toBe(localizer.t('reviews.sort'));
    await screenshots(language, shop, 'loaded');
    await openLoadedStates(shop);
    const leaks = leaksIn(language, widgets(shop), 'card open, reviews filtered');
    await screenshots(language, shop, 'card-filtered');
    const lightbox = await openNextPageAndLightbox(shop);
    leaks.push(...leaksIn(language, widgets(shop), 'next page, lightbox'));
    expect(leaks).toEqual([]);
    expect(lightbox.shadowRoot!.querySelector('button.close')!.getAttribute('aria-label')).toBe(localizer.t('close'));
    if (SCREENSHOTS.has(language)) {
      await settle(800);
      await page.screenshot({ path: `../../screenshots/i18n-${language}-lightbox.png`, element: lightbox.shadowRoot!.querySelector('dialog')! });
    }
  });
});

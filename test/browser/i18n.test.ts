import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Localizer } from '../../src/i18n/localize.ts';
import { setStrings } from '../../src/page/strings.ts';
import { testKey } from '../support/emulator-control.ts';
import { mountShop, readSeed, shopReady, type Seed, type Shop } from './a11y-page.ts';
import { emulateMedia, settle, until } from './a11y-support.ts';
import { englishLeft, inside, mounter, mountStates, openLoadedStates, openNextPageAndLightbox, settledStates, stateKeys, widgets } from './i18n-support.ts';

/**
 * Localization in the browser: the language comes from the element's `lang`, else its
 * market, else the page's `lang`, else English; every visible string, name and
 * announcement comes from the tables (no English left in a German or Swedish page, in
 * any state); numbers, prices and dates through Intl in the market's locale; overrides
 * by the `strings` property and page-wide `setStrings`; right-to-left layouts mirror
 * while hotspots stay on their products. Screenshots of each element in `de`, `se` and
 * right to left go to the gitignored `screenshots/` folder.
 */
const apiBase = inject('apiBase');
// The machine is shared: images, the emulator and Vite compete for two cores.
vi.setConfig({ testTimeout: 90_000 });
let seed: Seed;

beforeAll(async () => {
  seed = await readSeed(apiBase);
  await page.viewport(1100, 900);
});

const pageOverrides = () => (globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('storefront-widgets.string-overrides.v1')];

afterEach(async () => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  pageOverrides()?.clear();
  await page.viewport(1100, 900);
});

async function shop(name: string, options: Partial<Parameters<typeof mountShop>[0]> = {}): Promise<Shop> {
  return mountShop({ apiBase, key: await testKey(apiBase, `i18n_${name}`), seed, ...options });
}

const mount = mounter(apiBase);

describe('the language', () => {
  it('comes from the market: German for `de`, Swedish for `se`, English for `us`', async () => {
    const key = await testKey(apiBase, 'i18n_markets');
    const expected: [string, string, RegExp, string][] = [
      ['de', 'de-DE', /^\d,\d von 5 Sternen$/, 'Mehr anzeigen'],
      ['se', 'sv-SE', /^\d,\d av 5 stjärnor$/, 'Visa fler'],
      ['us', 'en-US', /^\d\.\d out of 5 stars$/, 'Load more'],
    ];
    for (const [market, locale, stars, loadMore] of expected) {
      const summary = mount('svc-review-summary', { 'publishable-key': key, market, 'product-ref': seed.product });
      const gallery = mount('svc-post-gallery', { 'publishable-key': key, market, 'page-size': '4' });
      const rating = await until(() => inside(summary, '.stars[role="img"]')[0], `stars (${market})`);
      expect(rating.getAttribute('aria-label')).toMatch(stars);
      const button = await until(() => inside(gallery, 'button.load-more')[0], `load more (${market})`);
      expect(button.textContent?.trim()).toBe(loadMore);
      // The rendered content is marked with its language (for screen readers on a page in another one).
      expect(summary.shadowRoot!.firstElementChild!.getAttribute('lang')).toBe(locale);
      expect(gallery.shadowRoot!.firstElementChild!.getAttribute('lang')).toBe(locale);
      document.body.replaceChildren();
    }
  });

  it('`lang` on the element beats the market; the page\'s `lang` counts when the market has no language; English last', async () => {
    const key = await testKey(apiBase, 'i18n_lang');
    const own = mount('svc-review-summary', { 'publishable-key': key, market: 'de', lang: 'sv', 'product-ref': seed.unreviewed });
    await until(() => inside(own, '[part="empty"]')[0], 'empty');
    expect(inside(own, '[part="empty"]')[0]!.textContent).toMatch(/Inga recensioner ännu/);

    // No key: the error names no market, so the page's language is used (through a shadow root, too).
    const wrapper = document.createElement('div');
    wrapper.setAttribute('lang', 'de');
    document.body.append(wrapper);
    const outer = wrapper.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
    const unconfigured = mount('svc-review-summary', { 'product-ref': seed.product }, outer as unknown as Element);
    const alert = await until(() => inside(unconfigured, '[role="alert"]')[0], 'config error');
    expect(alert.textContent).toMatch(/Dieses Widget ist nicht richtig eingerichtet/);

    document.documentElement.setAttribute('lang', 'sv-SE');
    const fromHtml = mount('svc-post-gallery', {});
    await until(() => inside(fromHtml, '[role="alert"]')[0], 'config error');
    expect(inside(fromHtml, '[role="alert"]')[0]!.textContent).toMatch(/Den här widgeten är inte rätt inställd/);

    document.documentElement.setAttribute('lang', 'fr-BE');
    const french = mount('svc-post-gallery', {});
    await until(() => inside(french, '[role="alert"]')[0], 'config error');
    expect(inside(french, '[role="alert"]')[0]!.textContent).toMatch(/Ce widget n’est pas configuré correctement/);

    document.documentElement.setAttribute('lang', 'is');
    const icelandic = mount('svc-post-gallery', {});
    await until(() => inside(icelandic, '[role="alert"]')[0], 'config error');
    expect(inside(icelandic, '[role="alert"]')[0]!.textContent).toMatch(/This widget is not set up correctly/);
  });

  it.each([
    ['de', 'de'],
    ['se', 'sv'],
  ] as const)('no English string is left in the %s market, in any state', async (market, language) => {
    const loaded = await shop(`leaks_${market}`, { market });
    await openLoadedStates(loaded);
    expect(englishLeft(widgets(loaded), language), 'loaded').toEqual([]);
    await openNextPageAndLightbox(loaded);
    expect(englishLeft(widgets(loaded), language), 'lightbox, next page').toEqual([]);
    document.body.replaceChildren();

    // Loading and errors, and a product without reviews.
    const keys = await stateKeys(apiBase, market);
    const states = mountStates(mount, keys, seed, { market });
    await until(() => states.loading.every((element) => element.shadowRoot?.querySelector('[role="status"]')), 'loading states');
    expect(englishLeft(states.loading, language), 'loading').toEqual([]);
    await settledStates(states);
    expect(englishLeft([...states.failing, ...states.empty], language), 'errors and empty').toEqual([]);
    // The check can fail: an English override shows up.
    inside(states.empty[1]!, '[part="empty"]')[0]!.append(document.createTextNode('No reviews yet'));
    expect(englishLeft(states.empty.slice(1), language)).toContain('"No reviews yet" in "No reviews yet"');
  });
});

describe('Intl in the market\'s locale', () => {
  it('prices, ratings, counts, dates and plurals', async () => {
    const expectations = [
      { market: 'de', price: /^\d{1,3}(\.\d{3})*,\d\d\s€$/, rating: /^\d,\d$/, date: /^\d{2}\.\d{2}\.\d{4}$/, count: /^\d+ Bewertung(en)?$/, star: /^1 Stern: \d+ Bewertung(en)?$/, stars: /^5 Sterne: / },
      { market: 'se', price: /^\d{1,3}(\s\d{3})*,\d\d\skr$/, rating: /^\d,\d$/, date: /^\d{1,2} [a-zé]+\.? \d{4}$/, count: /^\d+ recension(er)?$/, star: /^1 stjärna: \d+ recension(er)?$/, stars: /^5 stjärnor: / },
      { market: 'us', price: /^\$\d{1,3}(,\d{3})*\.\d\d$/, rating: /^\d\.\d$/, date: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/, count: /^\d+ reviews?$/, star: /^1 star: \d+ reviews?$/, stars: /^5 stars: / },
    ];
    for (const expected of expectations) {
      const { summary, shoppable, reviews } = await shop(`intl_${expected.market}`, { market: expected.market });
      for (const hotspot of inside(shoppable, 'button.hotspot')) expect(hotspot.getAttribute('aria-label')!.split(', ').at(-1)).toMatch(expected.price);
      for (const price of inside(shoppable, '.product-list .price [aria-hidden="true"], .product-list span.price:not(.on-sale)')) expect(price.textContent!.trim()).toMatch(expected.price);
      expect(inside(summary, '[part="average"]')[0]!.textContent!.trim()).toMatch(expected.rating);
      expect(inside(summary, '[part="count"]')[0]!.textContent!.trim()).toMatch(expected.count);
      const bars = inside(summary, 'button.bar').map((bar) => bar.getAttribute('aria-label')!);
      expect(bars[0]).toMatch(expected.stars);
      expect(bars[4]).toMatch(expected.star);
      for (const time of inside(reviews, '.review-date')) expect(time.textContent!.trim()).toMatch(expected.date);
      document.body.replaceChildren();
    }
  });
});

describe('overrides', () => {
  it('the `strings` property replaces strings on one element only', async () => {
    const key = await testKey(apiBase, 'i18n_strings');
    const themed = mount('svc-post-gallery', { 'publishable-key': key, market: 'de', 'page-size': '4' });
    const plain = mount('svc-post-gallery', { 'publishable-key': key, market: 'de', 'page-size': '4' });
    themed.strings = { 'gallery.loadMore': 'Noch mehr Fotos', 'gallery.photoBy': 'Bild von @{user}' };
    const button = await until(() => inside(themed, 'button.load-more')[0], 'load more');
    expect(button.textContent?.trim()).toBe('Noch mehr Fotos');
    expect(inside(themed, 'button.tile').some((tile) => /^Bild von @/.test(tile.getAttribute('aria-label') ?? ''))).toBe(true);
    await until(() => inside(plain, 'button.load-more')[0], 'plain load more');
    expect(inside(plain, 'button.load-more')[0]!.textContent?.trim()).toBe('Mehr anzeigen');
  });

  it('setStrings replaces strings page-wide, at once, also inside the lightbox and other shadow roots', async () => {
    const { gallery, reviews, summary } = await shop('set_strings', { market: 'de' });
    inside<HTMLButtonElement>(gallery, 'button.tile')[0]!.click();
    const lightbox = await until(() => inside(gallery, 'svc-post-lightbox')[0], 'lightbox');
    const products = await until(() => lightbox.shadowRoot?.querySelector('.products svc-shoppable-post, svc-shoppable-post.products'), 'products in the lightbox');
    const heading = await until(() => products.shadowRoot?.querySelector('.products-heading'), 'products heading');
    expect(heading.textContent).toBe('Produkte in diesem Beitrag');
    setStrings('de', { 'gallery.products': 'Im Bild', 'reviews.sort': 'Reihenfolge', 'reviews.count': { one: '{count} Meinung', other: '{count} Meinungen' }, close: 'Zumachen' });
    await expect.poll(() => heading.textContent).toBe('Im Bild');
    await expect.poll(() => lightbox.shadowRoot!.querySelector('button.close')!.getAttribute('aria-label')).toBe('Zumachen');
    await expect.poll(() => inside(reviews, '.sort span')[0]!.textContent).toBe('Reihenfolge');
    await expect.poll(() => inside(summary, '[part="count"]')[0]!.textContent?.trim()).toMatch(/^\d+ Meinungen$/);
    // Other languages keep their strings.
    const english = mount('svc-reviews', { 'publishable-key': await testKey(apiBase, 'i18n_set_strings_en'), market: 'us', 'product-ref': seed.product });
    await until(() => inside(english, '.sort span')[0], 'english sort');
    expect(inside(english, '.sort span')[0]!.textContent).toBe('Sort by');
  });

  // The script tag's global (StorefrontWidgets.setStrings) is tested on the built loader, in test/e2e/script-tag.spec.ts.
  it('setStrings is exported from the package root', async () => {
    const root = await import('../../src/index.ts');
    expect(root.setStrings).toBe(setStrings);
  });
});

/** The point of a hotspot's centre relative to the picture's box (0..1 on each axis). */
function hotspotPoints(shoppable: Element): { id: string; x: number; y: number }[] {
  const picture = inside<HTMLImageElement>(shoppable, 'img.picture')[0]!;
  const box = picture.getBoundingClientRect();
  // object-fit: contain: the picture's drawn box inside the img element.
  const scale = Math.min(box.width / picture.naturalWidth, box.height / picture.naturalHeight);
  const drawn = { width: picture.naturalWidth * scale, height: picture.naturalHeight * scale };
  const left = box.left + (box.width - drawn.width) / 2;
  const top = box.top + (box.height - drawn.height) / 2;
  return inside(shoppable, 'button.hotspot').map((spot) => {
    const r = spot.getBoundingClientRect();
    return { id: spot.id, x: (r.left + r.width / 2 - left) / drawn.width, y: (r.top + r.height / 2 - top) / drawn.height };
  });
}

describe('right to left', () => {
  it('hotspots stay on their products: the same media coordinates left to right, on a right-to-left page and in Arabic and Hebrew, as the API placed them', async () => {
    const key = await testKey(apiBase, 'i18n_rtl_hotspots');
    const wire = (await (await fetch(`${apiBase}/v1/posts/${seed.post}?market=us`, { headers: { authorization: `Bearer ${key}` } })).json()) as { tagged_products: { x: number; y: number }[] };
    const variants: { dir: string; lang?: string }[] = [{ dir: 'ltr' }, { dir: 'rtl' }, { dir: 'ltr', lang: 'ar' }, { dir: 'ltr', lang: 'he' }];
    const containers = variants.map(({ dir, lang }) => {
      const container = document.createElement('div');
      container.dir = dir;
      container.style.cssText = 'width: 520px; margin: 8px';
      document.body.append(container);
      return mount('svc-shoppable-post', { 'publishable-key': key, market: 'us', 'post-id': seed.post, 'hide-products': '', ...(lang ? { lang } : {}) }, container);
    });
    for (const element of containers) await until(() => inside(element, 'img.picture.loaded')[0] && inside(element, 'button.hotspot').length === wire.tagged_products.length, 'loaded');
    expect(containers.map((element) => element.matches(':dir(rtl)'))).toEqual([false, true, true, true]);
    const [ltr, ...mirroredLayouts] = containers.map(hotspotPoints);
    for (const rtl of mirroredLayouts) expect(rtl).toHaveLength(ltr!.length);
    for (const [index, point] of ltr!.entries()) {
      for (const rtl of mirroredLayouts) {
        const mirrored = rtl.find((candidate) => candidate.id === point.id)!;
        expect(Math.abs(mirrored.x - point.x), `${point.id} x`).toBeLessThan(0.005);
        expect(Math.abs(mirrored.y - point.y), `${point.id} y`).toBeLessThan(0.005);
      }
      const tagged = wire.tagged_products[Number(point.id.replace('hotspot-', ''))]!;
      expect(Math.abs(point.x - tagged.x), `${point.id} vs the API's x (${index})`).toBeLessThan(0.01);
      expect(Math.abs(point.y - tagged.y), `${point.id} vs the API's y (${index})`).toBeLessThan(0.01);
    }
  });

  it.each([
    ['the page is right to left', 'rtl_layout', { dir: 'rtl' }, 'en-US'],
    ['the elements speak Arabic on a left-to-right page', 'rtl_layout_ar', { elementLang: 'ar' }, 'ar'],
    ['the elements speak Hebrew on a left-to-right page', 'rtl_layout_he', { elementLang: 'he' }, 'he'],
  ] as const)('layouts mirror when %s: stars and bars fill from the right, the grid and carousel start on the right, cards open to the left, lightbox arrows swap', async (_, name, options, locale) => {
    const { summary, gallery, carousel, shoppable, reviews } = await shop(name, options);
    const near = (a: number, b: number) => Math.abs(a - b) <= 1.5;
    // Stars: the filled row starts at the right edge.
    for (const host of [summary, reviews]) {
      const stars = inside(host, '.stars[role="img"]')[0]!.getBoundingClientRect();
      const filled = inside(host, '.stars-filled')[0]!.getBoundingClientRect();
      expect(near(filled.right, stars.right), `${host.localName} stars fill from the right`).toBe(true);
      expect(filled.width).toBeLessThan(stars.width);
    }
    // Bars: the fill starts at the track's right edge.
    for (const host of [summary, reviews]) {
      for (const track of inside(host, '.bar-track')) {
        const fill = track.querySelector('.bar-fill')!.getBoundingClientRect();
        if (fill.width > 0) expect(near(fill.right, track.getBoundingClientRect().right), `${host.localName} bar fills from the right`).toBe(true);
      }
    }
    // Grid: the first tile is the rightmost of the first row.
    const tiles = inside(gallery, 'button.tile').map((tile) => tile.getBoundingClientRect());
    expect(tiles[0]!.left).toBeGreaterThan(tiles[1]!.left);
    // Carousel: the first slide at the right, "previous" on the right, the chevrons mirrored.
    const slides = inside(carousel, '.slide').map((slide) => slide.getBoundingClientRect());
    expect(slides[0]!.left).toBeGreaterThan(slides[1]!.left);
    const prev = inside(carousel, 'button.nav.prev')[0]!.getBoundingClientRect();
    const next = inside(carousel, 'button.nav.next')[0]!.getBoundingClientRect();
    expect(prev.left).toBeGreaterThan(next.left);
    const nextIcon = inside(carousel, 'button.nav.next svg')[0]!;
    expect(getComputedStyle(nextIcon).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // Product list (a column beside the picture at this width): each entry starts on the right, its thumbnail before its text.
    const entries = inside(shoppable, '.product-list > li');
    expect(entries.length, 'products listed').toBeGreaterThan(1);
    for (const entry of entries) {
      const thumb = entry.querySelector('.thumb')!.getBoundingClientRect();
      expect(thumb.left, 'thumbnail on the right of its text').toBeGreaterThan(entry.querySelector('.entry-text')!.getBoundingClientRect().left);
    }
    // Text written by shoppers keeps its own direction: an English review on a right-to-left page stays left to right,
    // and "@user" keeps its "@" in front.
    const reviewText = inside(reviews, '[part="review-text"]')[0]!;
    expect(getComputedStyle(reviewText).direction).toBe('ltr');
    expect(getComputedStyle(inside(reviews, '.author-name')[0]!).direction).toBe('ltr');
    expect(getComputedStyle(inside(gallery, '.byline bdi')[0]!).direction).toBe('ltr');
    expect(getComputedStyle(inside(summary, '.stars')[0]!).direction).toBe('rtl');
    // A card opens toward the reading direction's end (the left) when there is room.
    const spots = inside<HTMLButtonElement>(shoppable, 'button.hotspot:not([hidden])');
    const stage = inside(shoppable, '.stage')[0]!.getBoundingClientRect();
    const central = spots.find((spot) => {
      const r = spot.getBoundingClientRect();
      return r.left - stage.left > 320 && stage.right - r.right > 0;
    });
    // The seed post has hotspots away from its left edge: without one, nothing here would be checked.
    expect(central, `a hotspot with room for a card on its left, among ${spots.length}`).toBeDefined();
    central!.click();
    const card = await until(() => inside(shoppable, '.card:not([hidden])')[0], 'card');
    expect(card.dataset['side']).toBe('left');
    expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(central!.getBoundingClientRect().left + central!.getBoundingClientRect().width / 2);
    // Lightbox: "previous" on the right; the left arrow key goes forward.
    inside<HTMLButtonElement>(gallery, 'button.tile')[0]!.click();
    const lightbox = await until(() => inside(gallery, 'svc-post-lightbox')[0], 'lightbox');
    await until(() => lightbox.shadowRoot?.querySelector('dialog[open]'), 'dialog');
    const dialogPrev = lightbox.shadowRoot!.querySelector('button.prev')!.getBoundingClientRect();
    const dialogNext = lightbox.shadowRoot!.querySelector('button.next')!.getBoundingClientRect();
    expect(dialogPrev.left).toBeGreaterThan(dialogNext.left);
    const position = lightbox.shadowRoot!.querySelector('.position')!;
    lightbox.shadowRoot!.querySelector<HTMLButtonElement>('button.close')!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => position.textContent).toContain(new Localizer(locale).t('gallery.position', { current: 2, total: 4 }));
  });
});

describe('the direction of a right-to-left language', () => {
  it('an element in Arabic or Hebrew lays itself out right to left; the author\'s `dir` wins; back in English it follows the page again', async () => {
    const key = await testKey(apiBase, 'i18n_direction');
    const arabic = mount('svc-review-summary', { 'publishable-key': key, market: 'us', lang: 'ar', 'product-ref': seed.product });
    const hebrewByPage = document.createElement('div');
    hebrewByPage.setAttribute('lang', 'he');
    document.body.append(hebrewByPage);
    const hebrew = mount('svc-review-summary', { 'product-ref': seed.product }, hebrewByPage);
    const ownDir = mount('svc-review-summary', { 'publishable-key': key, market: 'us', lang: 'ar', dir: 'ltr', 'product-ref': seed.product });
    const english = mount('svc-review-summary', { 'publishable-key': key, market: 'us', 'product-ref': seed.product });
    await until(() => [arabic, ownDir, english].every((element) => inside(element, '.stars-filled').length > 0) && inside(hebrew, '[role="alert"]')[0], 'rendered');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.matches(':dir(rtl)')).toBe(true);
    // The page's `lang` counts too (no key: the "not set up" message, in Hebrew, right to left).
    expect(hebrew.matches(':dir(rtl)')).toBe(true);
    expect(inside(hebrew, '[role="alert"]')[0]!.textContent).toContain(new Localizer('he').t('error.config'));
    expect(ownDir.getAttribute('dir')).toBe('ltr');
    expect(english.hasAttribute('dir')).toBe(false);
    // The rendered content is marked with its language, and the stars fill from the right.
    expect(arabic.shadowRoot!.firstElementChild!.getAttribute('lang')).toBe('ar');
    const stars = inside(arabic, '.stars[role="img"]')[0]!.getBoundingClientRect();
    expect(Math.abs(inside(arabic, '.stars-filled')[0]!.getBoundingClientRect().right - stars.right)).toBeLessThanOrEqual(1.5);
    // Back in English: the element's own `dir` goes, the author's stays.
    arabic.setAttribute('lang', 'en');
    ownDir.setAttribute('lang', 'en');
    await expect.poll(() => arabic.hasAttribute('dir')).toBe(false);
    expect(arabic.matches(':dir(ltr)')).toBe(true);
    expect(ownDir.getAttribute('dir')).toBe('ltr');
  });
});

/** The colour a system colour keyword resolves to right now. */
function systemColour(keyword: string): string {
  const probe = document.body.appendChild(document.createElement('span'));
  probe.style.cssText = `color: ${keyword}; forced-color-adjust: none`;
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

describe('screenshots (gitignored screenshots/)', () => {
  // Each shot: its options, the locale the elements write in, and whether they lay out right to left.
  const shots: [string, Partial<Parameters<typeof mountShop>[0]>, string, boolean][] = [
    ['de', { market: 'de' }, 'de-DE', false],
    ['se', { market: 'se' }, 'sv-SE', false],
    ['rtl', { dir: 'rtl' }, 'en-US', true],
  ];
  /** What a screenshot is meant to show: every element drawn, in its locale and direction, with no English left in a translated page. */
  const expectShown = (loaded: Shop, locale: string, rtl: boolean) => {
    for (const widget of widgets(loaded)) {
      const box = widget.getBoundingClientRect();
      expect(box.width > 0 && box.height > 0, `${widget.localName} drawn`).toBe(true);
      expect(widget.shadowRoot!.firstElementChild!.getAttribute('lang'), widget.localName).toBe(locale);
      expect(widget.matches(':dir(rtl)'), `${widget.localName} right to left`).toBe(rtl);
    }
    if (!locale.startsWith('en')) expect(englishLeft(widgets(loaded), locale.slice(0, 2))).toEqual([]);
  };

  it.each(shots)('each element in %s', async (name, options, locale, rtl) => {
    await page.viewport(1000, 900);
    const loaded = await shop(`shots_${name}`, options);
    await shopReady(loaded);
    await settle(800);
    expectShown(loaded, locale, rtl);
    for (const widget of widgets(loaded)) await page.screenshot({ path: `../../screenshots/i18n-${name}-${widget.localName}${widget === loaded.carousel ? '-carousel' : ''}.png`, element: widget });
    const hotspot = inside<HTMLButtonElement>(loaded.shoppable, 'button.hotspot:not([hidden])')[0]!;
    hotspot.click();
    const card = await until(() => inside(loaded.shoppable, '.card:not([hidden])')[0], 'card');
    await settle();
    expect(hotspot.getAttribute('aria-expanded')).toBe('true');
    expect(card.getBoundingClientRect().width).toBeGreaterThan(0);
    await page.screenshot({ path: `../../screenshots/i18n-${name}-card.png`, element: loaded.shoppable });
    inside<HTMLButtonElement>(loaded.reviews, 'button.bar')[0]!.click();
    await until(() => inside(loaded.reviews, '[part="clear-filter"]')[0], 'filtered');
    await settle();
    await page.screenshot({ path: `../../screenshots/i18n-${name}-reviews-filtered.png`, element: loaded.reviews });
    inside<HTMLButtonElement>(loaded.gallery, 'button.tile')[0]!.click();
    const lightbox = await until(() => inside(loaded.gallery, 'svc-post-lightbox')[0], 'lightbox');
    await until(() => lightbox.shadowRoot?.querySelector('dialog[open] .products svc-shoppable-post, dialog[open] svc-shoppable-post.products')?.shadowRoot?.querySelector('.product-list'), 'lightbox products');
    await settle(800);
    await page.screenshot({ path: `../../screenshots/i18n-${name}-lightbox.png`, element: lightbox.shadowRoot!.querySelector('dialog')! });
    // The card, the filtered list and the lightbox are in the language too.
    expectShown(loaded, locale, rtl);
    expect(lightbox.matches(':dir(rtl)')).toBe(rtl);
  });

  it('320 px in German, and right to left in forced colours', async () => {
    await page.viewport(320, 1400);
    const narrow = await shop('shots_narrow', { market: 'de', width: '100%' });
    await shopReady(narrow);
    await settle(800);
    await page.screenshot({ path: '../../screenshots/i18n-de-320.png' });
    // German's long words fit: nothing is wider than the phone.
    expectShown(narrow, 'de-DE', false);
    for (const widget of widgets(narrow)) expect(widget.getBoundingClientRect().right, widget.localName).toBeLessThanOrEqual(320);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
    document.body.replaceChildren();
    await page.viewport(1000, 1400);
    await emulateMedia([{ name: 'forced-colors', value: 'active' }]);
    try {
      const forced = await shop('shots_forced', { dir: 'rtl', market: 'se' });
      const hotspot = inside<HTMLButtonElement>(forced.shoppable, 'button.hotspot:not([hidden])')[0]!;
      hotspot.focus();
      await userEvent.keyboard('{Enter}');
      const card = await until(() => inside(forced.shoppable, '.card:not([hidden])')[0], 'card');
      await settle(800);
      await page.screenshot({ path: '../../screenshots/i18n-rtl-forced-colors.png' });
      expectShown(forced, 'sv-SE', true);
      // The open hotspot's dot is drawn in the system's highlight colour, as forced colours want.
      const dot = hotspot.querySelector('.dot')!;
      expect(getComputedStyle(dot, '::before').backgroundColor).toBe(systemColour('Highlight'));
      expect(card.getBoundingClientRect().width).toBeGreaterThan(0);
    } finally {
      await emulateMedia([]);
    }
  });
});

import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import type { SvcShoppablePost } from '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import { de } from '../../src/i18n/de.ts';
import { english } from '../support/english.ts';
import { sv } from '../../src/i18n/sv.ts';
import { testKey } from '../support/emulator-control.ts';

/** Keyboard use, prices in three markets, and the cancelable product selection. */
const apiBase = inject('apiBase');
const PORTRAIT_POST = 'pst_lrc9h58g4tyj';

type Raw = Record<string, unknown>;
interface TaggedSpec {
  x: number;
  y: number;
  title: string;
  price?: Raw;
  url?: string;
  development_url?: string;
}

let key: string;
let wire: Raw;

function withProducts(specs: TaggedSpec[]): Raw {
  return {
    ...wire,
    tagged_products: specs.map((spec, index) => ({
      x: spec.x,
      y: spec.y,
      product: {
        id: `prd_int_${index}`,
        title: spec.title,
        handle: `int-${index}`,
        price: spec.price ?? { price: 20 + index, currency: 'USD' },
        url: 'url' in spec ? spec.url : `https://shop.example.com/products/int-${index}`,
        development_url: spec.development_url,
      },
    })),
  };
}

async function mount(post: Raw, attributes: Record<string, string> = {}, parent: Element = document.body): Promise<SvcShoppablePost> {
  const element = document.createElement('svc-shoppable-post');
  for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...attributes })) element.setAttribute(name, value);
  element.style.width = '480px';
  element.post = post;
  parent.append(element);
  await element.updateComplete;
  await expect.poll(() => element.shadowRoot!.querySelector('.picture.loaded'), { timeout: 5_000 }).not.toBeNull();
  return element;
}

const focused = (element: SvcShoppablePost) => element.shadowRoot!.activeElement as HTMLElement | null;
const hotspotTitle = (button: Element | null) => button?.getAttribute('aria-label')?.split(',')[0];
const cardOf = (element: SvcShoppablePost, button: Element) => element.shadowRoot!.getElementById(button.getAttribute('aria-controls')!)!;

beforeAll(async () => {
  key = await testKey(apiBase, 'shoppable_interaction');
  const response = await fetch(`${apiBase}/v1/posts/${PORTRAIT_POST}?market=us`, { headers: { authorization: `Bearer ${key}` } });
  wire = (await response.json()) as Raw;
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('keyboard only', () => {
  // Two products side by side near the top (the right one a little higher), one in the
  // middle, two side by side near the bottom: reading order is A, B, C, D, E.
  const SPECS: TaggedSpec[] = [
    { x: 0.8, y: 0.2, title: 'B right of the first row' },
    { x: 0.9, y: 0.82, title: 'E right of the last row' },
    { x: 0.5, y: 0.5, title: 'C middle' },
    { x: 0.2, y: 0.22, title: 'A left of the first row' },
    { x: 0.1, y: 0.8, title: 'D left of the last row' },
  ];
  const READING_ORDER = ['A left of the first row', 'B right of the first row', 'C middle', 'D left of the last row', 'E right of the last row'];

  it('Tab reaches every hotspot in reading order; Enter opens its card; Escape closes it and focus returns to the hotspot', async () => {
    const before = document.createElement('button');
    before.textContent = 'Before';
    document.body.append(before);
    const element = await mount(withProducts(SPECS));
    before.focus();

    for (const title of READING_ORDER) {
      await userEvent.tab();
      const button = focused(element)!;
      expect(button.matches('button.hotspot'), `focus on a hotspot, not ${button?.localName}.${button?.className}`).toBe(true);
      expect(hotspotTitle(button)).toBe(title);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      const card = cardOf(element, button);
      expect(card.checkVisibility()).toBe(false);

      await userEvent.keyboard('{Enter}');
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(card.checkVisibility()).toBe(true);
      expect(card.textContent).toContain(title);
      expect(focused(element)).toBe(button);

      await userEvent.keyboard('{Escape}');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(card.checkVisibility()).toBe(false);
      expect(focused(element)).toBe(button);
    }
    // After the hotspots, Tab goes on to the product list (in the same reading order).
    await userEvent.tab();
    expect(focused(element)?.closest('[part~="product-list"]')).not.toBeNull();
    expect(focused(element)?.textContent).toContain(READING_ORDER[0]);
  });

  it('a card is opaque in the first frame after its hotspot is pressed (it slides in, it does not fade in)', async () => {
    const element = await mount(withProducts(SPECS));
    const first = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    first.click();
    await element.updateComplete;
    const card = cardOf(element, first);
    const opacity = await new Promise<string>((resolve) => requestAnimationFrame(() => resolve(getComputedStyle(card).opacity)));
    expect(card.checkVisibility()).toBe(true);
    expect(opacity).toBe('1');
  });

  it('the open card’s link follows its hotspot in Tab order; Escape from the card returns focus to the hotspot', async () => {
    const element = await mount(withProducts(SPECS));
    const first = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    first.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    const link = focused(element)!;
    expect(link.matches('[part~="card"] a[part~="link"]')).toBe(true);
    expect(link.getAttribute('href')).toBe('https://shop.example.com/products/int-3');
    await userEvent.keyboard('{Escape}');
    expect(focused(element)).toBe(first);
    expect(cardOf(element, first).checkVisibility()).toBe(false);
  });

  it('a click outside closes the card; the close button closes it too', async () => {
    const outside = document.createElement('p');
    outside.textContent = 'Somewhere else on the page';
    document.body.append(outside);
    const element = await mount(withProducts(SPECS));
    const first = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    await userEvent.click(first);
    expect(cardOf(element, first).checkVisibility()).toBe(true);
    await userEvent.click(outside);
    expect(cardOf(element, first).checkVisibility()).toBe(false);

    await userEvent.click(first);
    const close = cardOf(element, first).querySelector<HTMLButtonElement>('button.close')!;
    await userEvent.click(close);
    expect(cardOf(element, first).checkVisibility()).toBe(false);
    expect(focused(element)).toBe(first);
  });

  it('inside a modal dialog (the gallery’s lightbox), Escape closes the card first and the dialog only next', async () => {
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.showModal();
    const element = await mount(withProducts(SPECS), {}, dialog);
    const first = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    first.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(cardOf(element, first).checkVisibility()).toBe(false);
    expect(dialog.open).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
  });

  it('hotspots are real buttons of at least 24 × 24 CSS px with a visible focus ring', async () => {
    const before = document.createElement('button');
    document.body.append(before);
    const element = await mount(withProducts(SPECS));
    for (const button of element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.hotspot')) {
      const rect = button.getBoundingClientRect();
      expect(rect.width).toBeGreaterThanOrEqual(24);
      expect(rect.height).toBeGreaterThanOrEqual(24);
      expect(button.type).toBe('button');
    }
    before.focus();
    await userEvent.tab();
    const first = focused(element)!;
    expect(first.matches('button.hotspot:focus-visible')).toBe(true);
    const ring = getComputedStyle(first.querySelector('.dot')!);
    expect(ring.outlineStyle).toBe('solid');
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
  });
});

describe('prices in the market’s locale', () => {
  const MARKETS = [
    { market: 'us', locale: 'en-US', currency: 'USD', strings: english },
    { market: 'de', locale: 'de-DE', currency: 'EUR', strings: de },
    { market: 'se', locale: 'sv-SE', currency: 'SEK', strings: sv },
  ] as const;

  for (const { market, locale, currency, strings } of MARKETS) {
    it(`${market}: regular and sale prices as Intl.NumberFormat(${locale}, ${currency}) writes them`, async () => {
      const format = (amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
      if (market === 'de') expect(format(1234.5).replace(/\s/g, ' ')).toBe('1.234,50 €');
      const element = await mount(
        withProducts([
          { x: 0.3, y: 0.3, title: 'Regular', price: { price: 1234.5, currency } },
          { x: 0.7, y: 0.7, title: 'On sale', price: { price: 1234.5, currency, sale_price: 999.95 } },
        ]),
        { market },
      );
      const entries = [...element.shadowRoot!.querySelectorAll('[part~="product-list"] [part~="product"]')];
      const [regular, sale] = entries.map((entry) => entry.querySelector('[part~="price"]')!);
      expect(regular!.textContent!.trim()).toBe(format(1234.5));

      const struck = sale!.querySelector('s')!;
      expect(getComputedStyle(struck).textDecorationLine).toContain('line-through');
      expect(struck.querySelector('[aria-hidden="true"]')!.textContent).toBe(format(1234.5));
      expect(struck.querySelector('.vh')!.textContent).toBe(strings['product.regularPrice'].replace('{price}', format(1234.5)));
      const current = sale!.querySelector('.sale-price')!;
      expect(current.querySelector('[aria-hidden="true"]')!.textContent).toBe(format(999.95));
      expect(current.querySelector('.vh')!.textContent).toBe(strings['product.salePrice'].replace('{price}', format(999.95)));

      // The hotspot's accessible name carries the price the shopper pays now.
      const names = [...element.shadowRoot!.querySelectorAll('button.hotspot')].map((b) => b.getAttribute('aria-label'));
      const name = (title: string, price: string) => strings['product.hotspot'].replace('{title}', title).replace('{price}', price);
      expect(names).toEqual([name('Regular', format(1234.5)), name('On sale', format(999.95))]);

      // The card shows the same prices.
      const button = element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.hotspot')[1]!;
      button.click();
      await element.updateComplete;
      expect(cardOf(element, button).querySelector('s [aria-hidden="true"]')!.textContent).toBe(format(1234.5));
    });
  }
});

describe('svc-product-select', () => {
  /** Records whether the click's default action was prevented, then stops the navigation itself (the test page must stay). */
  function watchNavigation(): { prevented: boolean | undefined; href: string | undefined } {
    const seen: { prevented: boolean | undefined; href: string | undefined } = { prevented: undefined, href: undefined };
    document.addEventListener(
      'click',
      (event) => {
        const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
        seen.prevented = event.defaultPrevented;
        seen.href = link?.href;
        event.preventDefault();
      },
      { once: true },
    );
    return seen;
  }

  it('cancelled: the navigation is prevented so the theme can add to cart', async () => {
    const element = await mount(withProducts([{ x: 0.5, y: 0.5, title: 'Canvas Tote' }]));
    const events: CustomEvent[] = [];
    document.addEventListener(
      'svc-product-select',
      (event) => {
        events.push(event as CustomEvent);
        event.preventDefault();
      },
      { once: true },
    );
    const hotspot = element.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!;
    await userEvent.click(hotspot);
    const seen = watchNavigation();
    await userEvent.click(cardOf(element, hotspot).querySelector('a')!);
    expect(events).toHaveLength(1);
    expect(events[0]!.bubbles && events[0]!.composed && events[0]!.cancelable).toBe(true);
    expect(events[0]!.detail.product).toMatchObject({ id: 'prd_int_0', title: 'Canvas Tote' });
    expect(events[0]!.detail.post.id).toBe(PORTRAIT_POST);
    expect(seen.prevented).toBe(true);
  });

  it('not cancelled: the link keeps its http(s) href and navigates', async () => {
    const element = await mount(withProducts([{ x: 0.5, y: 0.5, title: 'Canvas Tote' }]));
    let detail: unknown;
    document.addEventListener('svc-product-select', (event) => (detail = (event as CustomEvent).detail), { once: true });
    const seen = watchNavigation();
    const link = element.shadowRoot!.querySelector<HTMLAnchorElement>('[part~="product-list"] a')!;
    await userEvent.click(link);
    expect(detail).toMatchObject({ product: { title: 'Canvas Tote' }, post: { id: PORTRAIT_POST } });
    expect(seen.prevented).toBe(false);
    expect(seen.href).toBe('https://shop.example.com/products/int-0');
  });

  it('product-url="development" links the development URL; an unsafe or missing URL gives no link', async () => {
    const element = await mount(
      withProducts([
        { x: 0.2, y: 0.2, title: 'Staged', development_url: 'https://dev.shop.example.com/products/staged' },
        { x: 0.5, y: 0.5, title: 'Hostile', url: 'javascript:alert(1)' },
        { x: 0.8, y: 0.8, title: 'Nowhere', url: undefined },
      ]),
      { 'product-url': 'development' },
    );
    const links = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a')].map((a) => a.href);
    expect(links).toEqual(['https://dev.shop.example.com/products/staged']);
    element.productUrl = 'production';
    await element.updateComplete;
    const production = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a')].map((a) => a.href);
    expect(production).toEqual(['https://shop.example.com/products/int-0']);
    for (const href of production) expect(new URL(href).protocol).toMatch(/^https?:$/);
  });
});

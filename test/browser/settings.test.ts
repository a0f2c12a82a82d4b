import { afterEach, beforeEach, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import type { SvcReviewSummary } from '../../src/elements/review-summary/svc-review-summary.ts';
import type { SvcStorefront } from '../../src/elements/storefront/svc-storefront.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { watchShadow } from './review-support.ts';

/**
 * The settings (`publishable-key`, `market`, `api-base`) as a framework gives them: as
 * attributes or properties, on the element or on `<svc-storefront>`, before or after
 * the element connects (a framework sets properties a moment later), changed at run
 * time. And the checks: a setting still missing after the first update is one console
 * error and the error state; a bad `api-base` is refused before any request; unknown
 * option values fall back with one warning.
 */
const apiBase = inject('apiBase');

let errors: MockInstance<typeof console.error>;
let warnings: MockInstance<typeof console.warn>;

beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  warnings = vi.spyOn(console, 'warn');
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** An element with attributes and children, appended to the body. */
function mount(tag: string, attributes: Record<string, string>, children: Element[] = []): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  document.body.append(element);
  return element;
}

const shadow = (element: Element) => element.shadowRoot!;
const stars = (element: Element) => shadow(element).querySelector('[role="img"]');
const errorState = (element: Element) => shadow(element).querySelector('[part~="error"]');

/** Records whether the element's shadow root ever showed the error state, from the moment it exists. */
function watchErrorState(element: Element): { seen: boolean } {
  const watch = { seen: false };
  watchShadow(element, () => (watch.seen ||= errorState(element) !== null));
  return watch;
}

type Where = 'element' | 'context';
type How = 'attribute' | 'property';
type When = 'before connecting' | 'after connecting';

const SETTINGS = { publishableKey: 'publishable-key', market: 'market', apiBase: 'api-base' } as const;

/** Gives `target` the settings as attributes or properties. */
function give(target: HTMLElement, how: How, settings: Record<keyof typeof SETTINGS, string>): void {
  for (const [property, attribute] of Object.entries(SETTINGS) as [keyof typeof SETTINGS, string][]) {
    if (how === 'attribute') target.setAttribute(attribute, settings[property]);
    else (target as unknown as Record<string, string>)[property] = settings[property];
  }
}

describe('settings as a framework gives them', () => {
  const cases: [Where, How, When][] = [];
  for (const where of ['element', 'context'] as const) for (const how of ['attribute', 'property'] as const) for (const when of ['before connecting', 'after connecting'] as const) cases.push([where, how, when]);

  it.each(cases)('on the %s, as %s, %s: data, no error state at any moment, no console error', async (where, how, when) => {
    const key = await testKey(apiBase, 'settings');
    const context = document.createElement('svc-storefront');
    const summary = document.createElement('svc-review-summary');
    summary.company = true;
    context.append(summary);
    const target = where === 'element' ? summary : context;
    const settings = { publishableKey: key, market: 'de', apiBase };
    if (when === 'before connecting') give(target, how, settings);
    document.body.append(context);
    const watch = watchErrorState(summary);
    // As a framework does: the settings arrive after connecting, in a later microtask than Lit's first update.
    if (when === 'after connecting') queueMicrotask(() => queueMicrotask(() => give(target, how, settings)));

    await expect.poll(() => stars(summary), { timeout: 10_000 }).toBeTruthy();
    expect(watch.seen, 'the error state showed').toBe(false);
    expect(errors).not.toHaveBeenCalled();
    const requests = await requestLog(apiBase, key);
    expect(requests.map((request) => request.query['market'])).toEqual(['de']);
  });

  it('a property of <svc-storefront> changed at run time applies to the elements inside (market, then key)', async () => {
    const [first, second] = await Promise.all([testKey(apiBase, 'settings-first'), testKey(apiBase, 'settings-second')]);
    const context = document.createElement('svc-storefront') as SvcStorefront;
    Object.assign(context, { publishableKey: first, market: 'us', apiBase });
    const summary = document.createElement('svc-review-summary') as SvcReviewSummary;
    summary.company = true;
    context.append(summary);
    document.body.append(context);
    await expect.poll(() => stars(summary)).toBeTruthy();
    const englishCount = shadow(summary).querySelector('[part="count"]')?.textContent;

    context.market = 'de';
    await expect.poll(async () => (await requestLog(apiBase, first)).map((request) => request.query['market'])).toEqual(['us', 'de']);
    await expect.poll(() => shadow(summary).querySelector('[part="count"]')?.textContent).not.toBe(englishCount);
    expect(shadow(summary).querySelector('[part="count"]')?.textContent).toMatch(/Bewertung/);

    context.publishableKey = second;
    await expect.poll(async () => (await requestLog(apiBase, second)).length).toBe(1);
    // The element's own setting beats the context's, changed at run time too.
    summary.market = 'se';
    await expect.poll(async () => (await requestLog(apiBase, second)).map((request) => request.query['market'])).toEqual(['de', 'se']);
    expect(errors).not.toHaveBeenCalled();
  });

  /** A store summary inside a `<svc-storefront>` for the US market, once it shows its stars. */
  async function storeSummaryInUs(key: string): Promise<HTMLElement> {
    const summary = document.createElement('svc-review-summary');
    summary.setAttribute('company', '');
    mount('svc-storefront', { 'publishable-key': key, market: 'us', 'api-base': apiBase }, [summary]);
    await expect.poll(() => stars(summary)).toBeTruthy();
    return summary;
  }

  it('an element moved into another <svc-storefront> reads with that one\'s settings', async () => {
    const key = await testKey(apiBase, 'settings-moved');
    const summary = await storeSummaryInUs(key);
    mount('svc-storefront', { 'publishable-key': key, market: 'se', 'api-base': apiBase }, [summary]);
    await expect.poll(async () => (await requestLog(apiBase, key)).map((request) => request.query['market'])).toEqual(['us', 'se']);
    await expect.poll(() => shadow(summary).querySelector('[part="count"]')?.textContent).toMatch(/recension/);
  });

  it('an attribute of <svc-storefront> changed at run time applies too', async () => {
    const key = await testKey(apiBase, 'settings-attribute');
    const summary = await storeSummaryInUs(key);
    summary.parentElement!.setAttribute('market', 'se');
    await expect.poll(async () => (await requestLog(apiBase, key)).map((request) => request.query['market'])).toEqual(['us', 'se']);
  });
});

describe('checking the settings', () => {
  it('a market still missing after the first update: the error state and one console error, no request', async () => {
    const key = await testKey(apiBase, 'settings-missing');
    const summaries = [1, 2].map(() => mount('svc-review-summary', { company: '', 'publishable-key': key, 'api-base': apiBase }));
    for (const summary of summaries) await expect.poll(() => errorState(summary)).toBeTruthy();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/no market is set/);
    expect(await requestLog(apiBase, key)).toEqual([]);

    // Given later, the setting applies: the state goes, the data comes.
    summaries[0]!.setAttribute('market', 'us');
    await expect.poll(() => stars(summaries[0]!)).toBeTruthy();
    expect(errorState(summaries[0]!)).toBeNull();
  });

  it.each(['ftp://storefront.example.com', '/api', 'javascript:alert(1)', 'storefront.example.com'])('api-base "%s" is refused before any request, with a console error naming api-base', async (bad) => {
    const key = await testKey(apiBase, 'settings-api-base');
    const summary = document.createElement('svc-review-summary');
    summary.company = true;
    Object.assign(summary, { publishableKey: key, market: 'us', apiBase: bad });
    document.body.append(summary);
    await expect.poll(() => errorState(summary)).toBeTruthy();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/api-base/);
    // A good one given later is used.
    summary.apiBase = apiBase;
    await expect.poll(() => stars(summary)).toBeTruthy();
    expect((await requestLog(apiBase, key)).length).toBe(1);
  });

  it('page-size and columns are clamped, with one warning each', async () => {
    const key = await testKey(apiBase, 'settings-clamp');
    const gallery = mount('svc-post-gallery', { 'publishable-key': key, market: 'us', 'api-base': apiBase, 'page-size': '500', columns: '99' }) as HTMLElementTagNameMap['svc-post-gallery'];
    await expect.poll(async () => (await requestLog(apiBase, key)).map((request) => request.query['limit'])).toEqual(['50']);
    await expect.poll(() => warnings.mock.calls.map((call) => String(call[0])).filter((text) => /page-size|columns/.test(text)).length).toBe(2);
    gallery.requestUpdate();
    await gallery.updateComplete;
    expect(warnings.mock.calls.filter((call) => /page-size="500"/.test(String(call[0])))).toHaveLength(1);
  });

  it.each([
    ['svc-post-gallery', 'layout', 'spiral', /layout="spiral" is not one of grid, carousel, masonry; using "grid"/],
    ['svc-review-summary', 'variant', 'huge', /variant="huge" is not one of full, badge; using "full"/],
    ['svc-reviews', 'sort', 'random', /sort="random" is not one of newest, highest, lowest; using "newest"/],
  ] as const)('<%s %s="%s"> falls back with one warning', async (tag, attribute, value, message) => {
    const key = await testKey(apiBase, 'settings-option');
    const element = mount(tag, { company: '', 'publishable-key': key, market: 'us', 'api-base': apiBase, [attribute]: value }) as HTMLElementTagNameMap[typeof tag];
    await expect.poll(() => warnings.mock.calls.filter((call) => message.test(String(call[0]))).length).toBe(1);
    element.requestUpdate();
    await element.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(warnings.mock.calls.filter((call) => message.test(String(call[0])))).toHaveLength(1);
    expect(errorState(element)).toBeNull();
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import { healTiming } from '../../src/controllers/heal.ts';
import { storefrontFor } from '../../src/queries/query-client.ts';
import { requestLog, setFaults, testKey, type Faults, type LoggedRequest } from '../support/emulator-control.ts';
import { faultFixtures, installTraps, mount, until, type Traps } from './hostile-support.ts';

/**
 * Elements heal themselves (controllers/heal.ts) against the emulator's faults: an
 * element showing an error that trying again may cure (the API down, 5xx, …) shows its
 * content once the API is back, without a click, with the real backoff (the first test)
 * or a short one (the rest, through the module's timings); at once on `online`; an
 * element with content keeps it when a refresh fails; a 404 is not tried again; an
 * element that leaves the page stops trying.
 */
const apiBase = inject('apiBase');
const REAL = { ...healTiming };
let traps: Traps;
let products: string[];
let postId: string;

beforeAll(async () => {
  ({ products, postId } = await faultFixtures(apiBase, 'heal_seed', 12));
});

beforeEach(() => {
  traps = installTraps({ quiet: true });
});

afterEach(() => {
  traps.restore();
  document.body.replaceChildren();
  Object.assign(healTiming, REAL);
});

const attrs = (key: string, extra: Record<string, string | true> = {}) => ({ 'publishable-key': key, market: 'us', 'api-base': apiBase, ...extra });
const keyWith = (name: string, faults: Faults = {}) => testKey(apiBase, `heal_${name}`, { faults });
const alertOf = (element: Element) => element.shadowRoot!.querySelector('[role="alert"]');
const tiles = (gallery: Element) => gallery.shadowRoot!.querySelectorAll('button.tile').length;
const snippetOf = (ref: string) => document.head.querySelector(`script[data-svc-rich-snippet="${ref}"]`);
const logOf = async (key: string, path = ''): Promise<LoggedRequest[]> => (await requestLog(apiBase, key)).filter((entry) => entry.path.startsWith(path));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One of each element (two review summaries: the full one and a product's badge, which reads the batched ratings). */
function mountAll(key: string) {
  const [product, other] = products as [string, string];
  const elements = {
    gallery: mount('svc-post-gallery', attrs(key, { 'page-size': '4', style: 'display:block;width:600px' })),
    post: mount('svc-shoppable-post', attrs(key, { 'post-id': postId, style: 'display:block;width:360px' })),
    summary: mount('svc-review-summary', attrs(key, { 'product-ref': product, style: 'display:block;width:360px' })),
    badge: mount('svc-review-summary', attrs(key, { 'product-ref': other, variant: 'badge' })),
    list: mount('svc-reviews', attrs(key, { 'product-ref': product, 'page-size': '5', style: 'display:block;width:480px' })),
    snippet: mount('svc-rich-snippet', attrs(key, { 'product-ref': product })),
  };
  const shown = {
    gallery: () => tiles(elements.gallery) >= 4,
    post: () => elements.post.shadowRoot!.querySelector('.stage') !== null,
    summary: () => elements.summary.shadowRoot!.querySelector('.summary') !== null,
    badge: () => elements.badge.shadowRoot!.querySelector('[part="badge"]') !== null,
    list: () => elements.list.shadowRoot!.querySelectorAll('li.review').length >= 5,
    snippet: () => snippetOf(product) !== null,
  };
  const visible = [elements.gallery, elements.post, elements.summary, elements.badge, elements.list];
  return { elements, visible, everyShown: () => Object.values(shown).every((test) => test()), shown, product };
}

describe('elements heal themselves', () => {
  it('with the real backoff: every element that failed in an outage shows its content within 25 s of the API coming back, without a click', async () => {
    expect(healTiming).toEqual({ firstMs: 5_000, maxMs: 20_000 });
    const key = await keyWith('outage', { down: true });
    const { visible, everyShown, shown } = mountAll(key);
    await until(() => visible.every((element) => alertOf(element) !== null), 20_000, 'every error state');
    // The outage goes on for a while: the page's retries fail quietly (the errors stay on screen).
    await pause(6_000);
    expect(visible.filter((element) => alertOf(element) === null)).toEqual([]);
    expect(shown.snippet()).toBe(false);
    await setFaults(apiBase, key, {});
    const back = performance.now();
    await until(everyShown, 25_000, 'every element with its content');
    const took = performance.now() - back;
    expect(took).toBeLessThanOrEqual(25_000);
    expect(visible.filter((element) => alertOf(element) !== null)).toEqual([]);
    console.info(`heal: every element showed its content ${Math.round(took)} ms after the API came back (real backoff)`);
  }, 60_000);

  describe('with a short backoff', () => {
    beforeEach(() => {
      Object.assign(healTiming, { firstMs: 100, maxMs: 200 });
    });

    it('the browser coming back online retries at once', async () => {
      // A backoff longer than the test: only `online` can bring the content.
      Object.assign(healTiming, { firstMs: 600_000, maxMs: 600_000 });
      const key = await keyWith('online', { down: true });
      const gallery = mount('svc-post-gallery', attrs(key, { 'page-size': '4' }));
      const badge = mount('svc-review-summary', attrs(key, { 'product-ref': products[0]!, variant: 'badge' }));
      await until(() => alertOf(gallery) !== null && alertOf(badge) !== null, 20_000, 'the error states');
      await setFaults(apiBase, key, {});
      await pause(1_000);
      expect(alertOf(gallery), 'no retry before `online`').not.toBeNull();
      window.dispatchEvent(new Event('online'));
      await until(() => tiles(gallery) === 4 && badge.shadowRoot!.querySelector('[part="badge"]') !== null, 3_000, 'the content after `online`');
    });

    it('an element with content keeps it when a refresh fails (the gallery with a second page, the post, both summaries, the list, the snippet)', async () => {
      const key = await keyWith('refresh');
      const { elements, visible, everyShown, shown, product } = mountAll(key);
      await until(everyShown, 20_000, 'every element with its content');
      elements.gallery.shadowRoot!.querySelector<HTMLButtonElement>('button.load-more')!.click();
      await until(() => tiles(elements.gallery) === 8, 10_000, 'the second page');
      await setFaults(apiBase, key, { down: true });
      const { queryClient } = storefrontFor({ publishableKey: key, apiBase });
      const before = (await logOf(key)).length;
      // Every read is refreshed, as a later element mounting over stale data would: each fails.
      await queryClient.invalidateQueries();
      await until(() => queryClient.isFetching() === 0, 15_000, 'the refreshes to end');
      const failed = (await logOf(key)).slice(before);
      expect(failed.length).toBeGreaterThanOrEqual(4);
      expect(failed.every((entry) => entry.status === 0)).toBe(true);
      expect(queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error' && query.state.data !== undefined)).toBe(true);
      // The badge reads through the ratings batch: leaving and coming back keeps its rating too.
      elements.badge.remove();
      document.body.append(elements.badge);
      await pause(300);
      expect(Object.entries(shown).filter(([, test]) => !test()).map(([name]) => name)).toEqual([]);
      expect(tiles(elements.gallery)).toBe(8);
      expect(visible.filter((element) => alertOf(element) !== null)).toEqual([]);
      expect(snippetOf(product)).not.toBeNull();
    });

    it('a 404 is not tried again; a 500 beside it is', async () => {
      const key = await keyWith('not_found', { fail500: 1000, pathIncludes: '/review-summary' });
      const post = mount('svc-shoppable-post', attrs(key, { 'post-id': 'pst_does_not_exist' }));
      const summary = mount('svc-review-summary', attrs(key, { company: true }));
      await until(() => alertOf(post) !== null && alertOf(summary) !== null, 15_000, 'the error states');
      await pause(1_500);
      expect(await logOf(key, '/v1/posts/pst_does_not_exist')).toHaveLength(1);
      expect(alertOf(post)!.querySelector('button'), 'no retry button for a 404').toBeNull();
      // The 500s are retried (three tries per read): the page's retries went on meanwhile.
      expect((await logOf(key, '/v1/company/review-summary')).length).toBeGreaterThan(3);
    });

    it('the error stays on screen while the page retries (no loading state between tries, one svc-error), and an element that leaves stops trying', async () => {
      const key = await keyWith('leave', { down: true });
      const gallery = mount('svc-post-gallery', attrs(key, { 'page-size': '4' }));
      const errors: unknown[] = [];
      gallery.addEventListener('svc-error', (event) => errors.push((event as CustomEvent).detail.error));
      await until(() => alertOf(gallery) !== null, 15_000, 'the error state');
      const first = (await logOf(key)).length;
      let cleared = 0;
      const end = performance.now() + 1_500;
      while (performance.now() < end) {
        if (alertOf(gallery) === null) cleared++;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      expect(cleared, 'frames without the error while retrying').toBe(0);
      expect((await logOf(key)).length, 'retries meanwhile').toBeGreaterThan(first);
      expect(errors).toHaveLength(1);
      gallery.remove();
      // A try on its way when it left ends (the client's own three tries), then nothing.
      await pause(1_500);
      const left = (await logOf(key)).length;
      await pause(1_500);
      expect((await logOf(key)).length).toBe(left);
    });

    it('a later page that failed loads by itself once the API is back', async () => {
      const key = await keyWith('next_page', { drop: 1000, afterRequests: 1, pathIncludes: '/posts' });
      const gallery = mount('svc-post-gallery', attrs(key, { 'page-size': '6', style: 'display:block;width:600px' }));
      await until(() => tiles(gallery) === 6, 10_000, 'the first page');
      gallery.shadowRoot!.querySelector<HTMLButtonElement>('button.load-more')!.click();
      await until(() => alertOf(gallery) !== null, 15_000, 'the paging error');
      expect(tiles(gallery)).toBe(6);
      await setFaults(apiBase, key, {});
      await until(() => tiles(gallery) === 12 && alertOf(gallery) === null, 5_000, 'the second page, without a click');
    });
  });
});

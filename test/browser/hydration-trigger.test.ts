import { expect, test } from 'vitest';

/**
 * Which tags load the hydration module on a page with server-rendered state. Not the
 * settings element nor the rich snippet: the server never writes them with state, and
 * their code lacks modules hydration needs, which Turbopack left out of the hydration
 * chunk as already loaded (the Next.js app failed to hydrate when one of them was defined
 * first). An element the server renders does load it.
 */
const hydrationFetched = () => performance.getEntriesByType('resource').some((entry) => /\/elements\/shared\/hydrate\.ts\b/.test(entry.name));

test('the settings element and the rich snippet do not load hydration; the review summary does', async () => {
  // A server-rendered element's state (read only from a host with a shadow root: this one has none, so nothing is seeded).
  const carrier = document.createElement('div');
  const state = document.createElement('script');
  state.type = 'application/json';
  state.setAttribute('data-svc-state', '');
  state.textContent = '[]';
  carrier.append(state);
  document.body.append(carrier);
  expect(hydrationFetched()).toBe(false);

  await import('../../src/elements/storefront/svc-storefront.ts');
  await import('../../src/elements/rich-snippet/svc-rich-snippet.ts');
  await Promise.all([customElements.whenDefined('svc-storefront'), customElements.whenDefined('svc-rich-snippet')]);
  expect(hydrationFetched()).toBe(false);

  await import('../../src/elements/review-summary/svc-review-summary.ts');
  await expect.poll(hydrationFetched).toBe(true);
});

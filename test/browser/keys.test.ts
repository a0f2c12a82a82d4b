import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { cdp } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import { configure } from '../../src/page/configure.ts';
import { testKey } from '../support/emulator-control.ts';
import { installTraps, mount, until, type Traps } from './hostile-support.ts';

/**
 * A secret key (`svc_sk_…`) given to any element, through an attribute, a
 * `<svc-storefront>` or `configure()`, never leaves the page: every request the browser
 * makes is watched through the DevTools protocol (URL and headers), and the resource
 * timing entries are searched too. The console says why, once per key, without
 * repeating the key.
 */
const apiBase = inject('apiBase');
const ELEMENTS = ['svc-post-gallery', 'svc-shoppable-post', 'svc-review-summary', 'svc-reviews', 'svc-rich-snippet'] as const;
const TARGETS: Record<(typeof ELEMENTS)[number], Record<string, string>> = {
  'svc-post-gallery': { 'page-size': '4' },
  'svc-shoppable-post': { 'post-id': 'pst_any' },
  'svc-review-summary': { company: '' },
  'svc-reviews': { company: '' },
  'svc-rich-snippet': { 'product-ref': 'any' },
};

interface SeenRequest {
  url: string;
  headers: Record<string, string>;
}

const seen: SeenRequest[] = [];
const onRequest = (event: { request: { url: string; headers: Record<string, string> } }) => void seen.push({ url: event.request.url, headers: event.request.headers });
const onExtraInfo = (event: { headers: Record<string, string> }) => void seen.push({ url: '(raw headers)', headers: event.headers });
let traps: Traps;

beforeAll(async () => {
  const session = cdp();
  await session.send('Network.enable', {});
  session.on('Network.requestWillBeSent', onRequest);
  session.on('Network.requestWillBeSentExtraInfo', onExtraInfo);
});

afterAll(async () => {
  const session = cdp();
  session.off('Network.requestWillBeSent', onRequest);
  session.off('Network.requestWillBeSentExtraInfo', onExtraInfo);
  await session.send('Network.disable', {});
});

beforeEach(() => {
  seen.length = 0;
  performance.clearResourceTimings();
  traps = installTraps({ quiet: true });
});

afterEach(() => {
  traps.restore();
  document.body.replaceChildren();
});

/** A secret key unique to the test, so that the library's once-per-key console message is this test's. */
const secretKey = (name: string) => `svc_sk_live_${name}_${Math.random().toString(36).slice(2, 12)}`;

/** Every trace of `svc_sk_` in what the browser sent or fetched. */
function leaks(): string[] {
  const found: string[] = [];
  for (const request of seen) {
    if (request.url.includes('svc_sk_')) found.push(`URL ${request.url}`);
    for (const [name, value] of Object.entries(request.headers)) if (`${name}: ${value}`.includes('svc_sk_')) found.push(`header ${name} of ${request.url}`);
  }
  for (const entry of performance.getEntriesByType('resource')) if (entry.name.includes('svc_sk_')) found.push(`resource ${entry.name}`);
  return found;
}

/** The element shows a small "not set up" state. */
function expectNotSetUp(element: Element): void {
  if (element.localName === 'svc-rich-snippet') return;
  const alert = element.shadowRoot!.querySelector('[role="alert"]');
  expect(alert, `<${element.localName}>`).not.toBeNull();
  expect(alert!.textContent).toMatch(/not set up correctly/);
}

/** Exactly one console.error about this secret key, which explains and does not repeat the key. */
function expectOneExplanation(key: string): void {
  const about = traps.errors.filter((line) => line.includes(key.slice(0, 10)));
  expect(about).toHaveLength(1);
  expect(about[0]).toMatch(/secret key/i);
  expect(about[0]).toMatch(/publishable key/i);
  expect(traps.errors.concat(traps.warnings).some((line) => line.includes(key))).toBe(false);
}

/** Time for late requests, and for the protocol's events about them to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('secret keys never leave the page', () => {
  it('the network watch sees an element’s requests and their Authorization header (so the checks below can fail)', async () => {
    const key = await testKey(apiBase, 'keys_watch');
    const summary = mount('svc-review-summary', { 'publishable-key': key, market: 'us', 'api-base': apiBase, company: true });
    await until(() => summary.shadowRoot!.querySelector('.summary') !== null, 10_000, 'the summary');
    // The protocol's events reach the test through the runner, a little after the page has the answer.
    const authorized = () =>
      seen.some((request) => request.url.startsWith(`${apiBase}/v1/company/review-summary`) && Object.entries(request.headers).some(([name, value]) => name.toLowerCase() === 'authorization' && value === `Bearer ${key}`));
    await expect.poll(authorized, { timeout: 10_000 }).toBe(true);
  });

  it('as an attribute on every element', async () => {
    const key = secretKey('attribute');
    const elements = ELEMENTS.map((tag) => mount(tag, { 'publishable-key': key, market: 'us', 'api-base': apiBase, ...TARGETS[tag] }));
    await Promise.all(elements.map((element) => (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete));
    await settle();
    for (const element of elements) expectNotSetUp(element);
    expect(leaks()).toEqual([]);
    expectOneExplanation(key);
  });

  it('on a <svc-storefront> around every element', async () => {
    const key = secretKey('storefront');
    const storefront = mount('svc-storefront', { 'publishable-key': key, market: 'us', 'api-base': apiBase });
    const elements = ELEMENTS.map((tag) => mount(tag, TARGETS[tag], storefront));
    await Promise.all(elements.map((element) => (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete));
    await settle();
    for (const element of elements) expectNotSetUp(element);
    expect(leaks()).toEqual([]);
    expectOneExplanation(key);
  });

  it('through configure(), and again after switching from a publishable key at run time', async () => {
    const key = secretKey('configure');
    configure({ publishableKey: key, market: 'us', apiBase });
    try {
      const elements = ELEMENTS.map((tag) => mount(tag, TARGETS[tag]));
      await Promise.all(elements.map((element) => (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete));
      await settle();
      for (const element of elements) expectNotSetUp(element);
      expectOneExplanation(key);
      // A page that swaps a working key for a secret one on a live element.
      const good = await testKey(apiBase, 'keys_switch');
      const summary = mount('svc-review-summary', { 'publishable-key': good, market: 'us', 'api-base': apiBase, company: true });
      await until(() => summary.shadowRoot!.querySelector('.summary') !== null, 10_000, 'the summary');
      const other = secretKey('switch');
      summary.setAttribute('publishable-key', other);
      await summary.updateComplete;
      await settle();
      expectNotSetUp(summary);
      expect(leaks()).toEqual([]);
    } finally {
      configure({ publishableKey: undefined, market: undefined, apiBase: undefined });
    }
  });
});

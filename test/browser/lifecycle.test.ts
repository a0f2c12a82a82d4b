import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cdp } from 'vitest/browser';
import '../../src/elements/post-gallery/svc-post-gallery.ts';
import '../../src/elements/shoppable-post/svc-shoppable-post.ts';
import '../../src/elements/review-summary/svc-review-summary.ts';
import '../../src/elements/reviews/svc-reviews.ts';
import '../../src/elements/rich-snippet/svc-rich-snippet.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import { requestLog } from '../support/emulator-control.ts';
import { mount, rawGet, until } from './hostile-support.ts';

/**
 * A single-page app that creates and removes every element 200 times (every other time
 * before its data has arrived, every tenth time with the lightbox and a product card
 * open). After the last removal, with garbage collected: no more window/document
 * listeners, observers, intervals, pending timers or frames than after the warm-up (this
 * frame's own, from wrapped platform APIs), no removed element still alive (weak
 * references), no script left in the head, and no request sent after removal.
 *
 * The DevTools protocol's counts (JSEventListeners, Nodes, Documents) and the JS heap
 * are page-wide, and Vitest runs test files side by side in one page, so here they are
 * only reported; test/security/lifecycle.spec.ts asserts them on a page of its own.
 */
export const CYCLES = 200;
const WARM_UP = 10;

const apiBase = inject('apiBase');
let key: string;
let postId: string;
let productRef: string;

/** Live counts of what elements can leave behind, from wrapped platform APIs. */
const live = { listeners: 0, resizeObservers: 0, intersectionObservers: 0, mutationObservers: 0, intervals: 0, timeouts: 0, frames: 0 };
const restore: (() => void)[] = [];

function track(): void {
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const registered = new Set<string>();
  const id = (target: EventTarget, type: string, listener: unknown, options: unknown) => {
    const capture = typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
    return `${target === window ? 'w' : 'd'}|${type}|${capture}|${listenerId(listener)}`;
  };
  const ids = new WeakMap<object, number>();
  let next = 0;
  const listenerId = (listener: unknown) => {
    if (typeof listener !== 'object' && typeof listener !== 'function') return 'none';
    if (listener === null) return 'none';
    if (!ids.has(listener)) ids.set(listener, next++);
    return String(ids.get(listener));
  };
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    if ((this === window || this === document) && listener) {
      const key = id(this, type, listener, options);
      if (!registered.has(key)) {
        registered.add(key);
        live.listeners++;
        if (typeof options === 'object' && options?.once) {
          // A once listener that fires is gone without a removeEventListener call.
          add.call(this, type, () => registered.delete(key) && live.listeners--, { once: true, capture: options.capture ?? false });
        }
      }
    }
    return add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
    if ((this === window || this === document) && listener) {
      const key = id(this, type, listener, options);
      if (registered.delete(key)) live.listeners--;
    }
    return remove.call(this, type, listener, options);
  };
  restore.push(() => {
    EventTarget.prototype.addEventListener = add;
    EventTarget.prototype.removeEventListener = remove;
  });

  const wrapObserver = <T extends { observe(...args: never[]): void; disconnect(): void }>(name: 'ResizeObserver' | 'IntersectionObserver' | 'MutationObserver', counter: 'resizeObservers' | 'intersectionObservers' | 'mutationObservers') => {
    const Original = window[name] as unknown as new (...args: unknown[]) => T;
    const Wrapped = class extends (Original as new (...args: unknown[]) => { observe(...args: unknown[]): void; disconnect(): void }) {
      private active = false;
      override observe(...args: unknown[]): void {
        if (!this.active) live[counter]++;
        this.active = true;
        super.observe(...args);
      }
      override disconnect(): void {
        if (this.active) live[counter]--;
        this.active = false;
        super.disconnect();
      }
    };
    (window as unknown as Record<string, unknown>)[name] = Wrapped;
    restore.push(() => ((window as unknown as Record<string, unknown>)[name] = Original));
  };
  wrapObserver('ResizeObserver', 'resizeObservers');
  wrapObserver('IntersectionObserver', 'intersectionObservers');
  wrapObserver('MutationObserver', 'mutationObservers');

  const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct, requestAnimationFrame: raf, cancelAnimationFrame: caf } = window;
  const intervals = new Set<number>();
  const timeouts = new Set<number>();
  const frames = new Set<number>();
  window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const handle = si(handler, ms, ...rest);
    intervals.add(handle);
    live.intervals = intervals.size;
    return handle;
  }) as typeof window.setInterval;
  window.clearInterval = ((handle?: number) => {
    if (handle !== undefined) intervals.delete(handle);
    live.intervals = intervals.size;
    ci(handle);
  }) as typeof window.clearInterval;
  window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const handle: number = st(
      (...args: unknown[]) => {
        timeouts.delete(handle);
        live.timeouts = timeouts.size;
        if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...args);
      },
      ms,
      ...rest,
    );
    timeouts.add(handle);
    live.timeouts = timeouts.size;
    return handle;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((handle?: number) => {
    if (handle !== undefined) timeouts.delete(handle);
    live.timeouts = timeouts.size;
    ct(handle);
  }) as typeof window.clearTimeout;
  window.requestAnimationFrame = (callback: FrameRequestCallback) => {
    const handle = raf((time) => {
      frames.delete(handle);
      live.frames = frames.size;
      callback(time);
    });
    frames.add(handle);
    live.frames = frames.size;
    return handle;
  };
  window.cancelAnimationFrame = (handle: number) => {
    frames.delete(handle);
    live.frames = frames.size;
    caf(handle);
  };
  restore.push(() => Object.assign(window, { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct, requestAnimationFrame: raf, cancelAnimationFrame: caf }));
}

interface Measure {
  live: typeof live;
  heapUsed: number;
  metrics: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Garbage collected, then the tracked counts, the protocol's metrics and the heap. */
async function measure(): Promise<Measure> {
  const session = cdp();
  await sleep(300);
  for (let i = 0; i < 3; i++) {
    await session.send('HeapProfiler.collectGarbage', {});
    await sleep(50);
  }
  const { metrics } = (await session.send('Performance.getMetrics', {})) as { metrics: { name: string; value: number }[] };
  const { usedSize } = (await session.send('Runtime.getHeapUsage', {})) as { usedSize: number };
  const pick = Object.fromEntries(metrics.filter((m) => ['JSEventListeners', 'Nodes', 'Documents', 'JSHeapUsedSize', 'LayoutObjects'].includes(m.name)).map((m) => [m.name, m.value]));
  return { live: { ...live }, heapUsed: usedSize, metrics: pick };
}

beforeAll(async () => {
  // A key with a generous budget: 200 cycles of review reads (never cached) would otherwise wait on the rate limit.
  key = `svc_pk_test_lifecycle_${Date.now().toString(36)}`;
  await fetch(`${apiBase}/__emulator/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, plan: 'reviews', rate: { capacity: 100_000, refillPerSecond: 100_000 } }) });
  const posts = (await rawGet<{ data: { id: string; type: string; tagged_products: unknown[] }[] }>(apiBase, '/posts?market=us&limit=20', key)).data;
  postId = posts.find((p) => p.type === 'IMAGE' && p.tagged_products.length > 0)!.id;
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
  productRef = info.products.find((p) => p.review_count > 5)!.handle;
  await cdp().send('Performance.enable', {});
  track();
});

afterAll(async () => {
  for (const undo of restore.reverse()) undo();
  await cdp().send('Performance.disable', {});
});

/** Every removed route and element, to see after garbage collection whether any is still alive. */
const removed: WeakRef<Element>[] = [];

/** One single-page-app "route": every element, shown (or not waited for), then removed. */
async function cycle(index: number): Promise<void> {
  const route = document.createElement('section');
  document.body.append(route);
  const storefront = mount('svc-storefront', { 'publishable-key': key, market: 'us', 'api-base': apiBase }, route);
  const gallery = mount('svc-post-gallery', { 'page-size': '4', style: 'display:block;width:600px' }, storefront);
  const post = mount('svc-shoppable-post', { 'post-id': postId, style: 'display:block;width:400px' }, storefront);
  const summary = mount('svc-review-summary', { 'product-ref': productRef }, storefront);
  const reviews = mount('svc-reviews', { 'product-ref': productRef, 'page-size': '3' }, storefront);
  mount('svc-rich-snippet', { 'product-ref': productRef }, storefront);
  if (index % 2 === 0) {
    await until(
      () =>
        gallery.shadowRoot!.querySelectorAll('button.tile').length === 4 &&
        post.shadowRoot!.querySelector('button.hotspot') !== null &&
        summary.shadowRoot!.querySelector('.summary') !== null &&
        reviews.shadowRoot!.querySelectorAll('li.review').length === 3 &&
        document.head.querySelector('script[data-svc-rich-snippet]') !== null,
      10_000,
      `cycle ${index}`,
    );
    if (index % 10 === 0) {
      gallery.shadowRoot!.querySelector<HTMLButtonElement>('button.tile')!.click();
      await until(() => gallery.shadowRoot!.querySelector('svc-post-lightbox')?.shadowRoot?.querySelector('dialog')?.open === true, 10_000, 'the lightbox');
      post.shadowRoot!.querySelector<HTMLButtonElement>('button.hotspot')!.click();
      await post.updateComplete;
    }
  } else {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  for (const element of [route, ...route.querySelectorAll('*')]) removed.push(new WeakRef(element));
  route.remove();
}

describe('lifecycle', () => {
  it(`${CYCLES} create/remove cycles of every element leave nothing behind`, async () => {
    for (let i = 0; i < WARM_UP; i++) await cycle(i);
    const before = await measure();
    removed.length = 0;
    const started = performance.now();
    for (let i = 0; i < CYCLES; i++) await cycle(i);
    const elapsed = performance.now() - started;
    const after = await measure();

    // Reported for the record (npx vitest run --project browser test/browser/lifecycle.test.ts).
    console.info(
      `lifecycle: ${CYCLES} cycles in ${Math.round(elapsed)} ms; heap ${(before.heapUsed / 1e6).toFixed(2)} MB -> ${(after.heapUsed / 1e6).toFixed(2)} MB ` +
        `(${((after.heapUsed - before.heapUsed) / 1e6).toFixed(2)} MB); metrics ${JSON.stringify(before.metrics)} -> ${JSON.stringify(after.metrics)}; live ${JSON.stringify(before.live)} -> ${JSON.stringify(after.live)}`,
    );

    expect(after.live.listeners - before.live.listeners, 'window/document listeners').toBeLessThanOrEqual(0);
    expect(after.live.resizeObservers - before.live.resizeObservers, 'ResizeObservers').toBeLessThanOrEqual(0);
    expect(after.live.intersectionObservers - before.live.intersectionObservers, 'IntersectionObservers').toBeLessThanOrEqual(0);
    expect(after.live.mutationObservers - before.live.mutationObservers, 'MutationObservers').toBeLessThanOrEqual(0);
    expect(after.live.intervals - before.live.intervals, 'intervals').toBeLessThanOrEqual(0);
    expect(after.live.frames, 'animation frames pending').toBeLessThanOrEqual(2);
    expect(after.live.timeouts - before.live.timeouts, 'pending timeouts').toBeLessThanOrEqual(5);
    // Removed elements (routes, hosts) that something still holds: detached DOM that leaks.
    const alive = removed.filter((ref) => ref.deref() !== undefined).map((ref) => ref.deref()!.localName);
    console.info(`lifecycle: ${alive.length} of ${removed.length} removed elements still alive after GC`);
    expect(removed.length).toBeGreaterThanOrEqual(CYCLES * 7);
    expect(alive.length, `still alive: ${alive.join(', ')}`).toBeLessThanOrEqual(7);
    expect(document.head.querySelectorAll('script[data-svc-rich-snippet]')).toHaveLength(0);

    // No request after the last removal: the key's log stands still.
    const count = (await requestLog(apiBase, key, { preflights: true })).length;
    await sleep(2000);
    expect((await requestLog(apiBase, key, { preflights: true })).length).toBe(count);
  }, 300_000);
});

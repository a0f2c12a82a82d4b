import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/query-core';
import { html } from 'lit';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page, Post } from '../../src/api/types.ts';
import { infiniteQueryController } from '../../src/controllers/query-controller.ts';
import { configure } from '../../src/page/configure.ts';
import { queryKeys, type PostsOptions } from '../../src/queries/options.ts';
import { postsQuery } from '../../src/queries/post-options.ts';
import { queryClientFor } from '../../src/queries/query-client.ts';
import type { StorefrontClient } from '../../src/api/client.ts';
import '../../src/elements/storefront/svc-storefront.ts';
import { StorefrontElement } from '../../src/elements/shared/base.ts';
import { upgradingPage } from '../../src/shared/upgrading.ts';
import { requestLog, setFaults, testKey } from '../support/emulator-control.ts';

const apiBase = inject('apiBase');

type PostsResult = InfiniteQueryObserverResult<InfiniteData<Page<Post>, string | null>, Error>;

/** A minimal element over the posts controller, as an element of the library would use it. */
class PostsProbe extends StorefrontElement {
  renders = 0;
  readonly posts = infiniteQueryController<PostsResult, PostsOptions>(this, () => {
    const storefront = this.storefront;
    return storefront.ok ? { queryClient: queryClientFor(storefront.client), options: postsQuery(storefront.client, storefront.market, {}, 5) } : undefined;
  });

  get ids(): string[] {
    return this.posts.result?.data?.pages.flatMap((page) => page.items.map((post) => post.id)) ?? [];
  }

  protected override render() {
    this.renders++;
    const storefront = this.storefront;
    if (!storefront.ok) return html`<p role="alert">${storefront.error.code}</p>`;
    return html`<p>${this.ids.length} posts</p>`;
  }
}
customElements.define('test-posts-probe', PostsProbe);

/** A probe whose read is connected in a microtask after it connects, as the full review summary's part is. */
class LateProbe extends StorefrontElement {
  posts: ReturnType<typeof infiniteQueryController<PostsResult, PostsOptions>> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    queueMicrotask(() => {
      this.posts ??= infiniteQueryController<PostsResult, PostsOptions>(this, () => {
        const storefront = this.storefront;
        return storefront.ok ? { queryClient: queryClientFor(storefront.client), options: postsQuery(storefront.client, storefront.market, {}, 4) } : undefined;
      });
    });
  }

  protected override render() {
    return html`<p>${this.posts?.result?.data?.pages[0]?.items.length ?? 0} posts</p>`;
  }
}

function probe(attributes: Record<string, string>, parent: Element = document.body): PostsProbe {
  const element = document.createElement('test-posts-probe') as PostsProbe;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}

afterEach(() => document.body.replaceChildren());

describe('query controller', () => {
  it('fetches on connect and renders the result', async () => {
    const key = await testKey(apiBase, 'ctrl_connect');
    const element = probe({ 'publishable-key': key, market: 'us', 'api-base': apiBase });
    await expect.poll(() => element.ids.length).toBe(5);
    expect(element.shadowRoot!.textContent).toMatch(/5 posts/);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it("a read connected in the microtasks after the element's definition starts in a task of its own", async () => {
    const key = await testKey(apiBase, 'ctrl_definition_task');
    const element = document.createElement('test-late-probe') as LateProbe;
    for (const [name, value] of Object.entries({ 'publishable-key': key, market: 'us', 'api-base': apiBase })) element.setAttribute(name, value);
    document.body.append(element);
    // Defined after it is in the page, as the script tag defines the page's elements.
    upgradingPage(() => customElements.define('test-late-probe', LateProbe));
    // Still the definition's task: the probe's microtask has connected its read, which waits.
    await Promise.resolve();
    expect(element.posts).toBeDefined();
    const storefront = (element as unknown as { storefront: { ok: true; client: StorefrontClient } }).storefront;
    const query = queryClientFor(storefront.client).getQueryCache().find({ queryKey: queryKeys.posts('us', {}, 4) });
    expect(query?.state.fetchStatus).toBe('idle');
    await expect.poll(() => element.shadowRoot?.textContent).toMatch(/4 posts/);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('aborts the request when the element disconnects mid-flight', async () => {
    const key = await testKey(apiBase, 'ctrl_abort', { faults: { latencyMs: 1500 } });
    const element = probe({ 'publishable-key': key, market: 'us', 'api-base': apiBase });
    await expect.poll(() => element.posts.result?.isFetching).toBe(true);
    const storefront = (element as unknown as { storefront: { ok: true; client: StorefrontClient } }).storefront;
    element.remove();
    const query = queryClientFor(storefront.client).getQueryCache().find({ queryKey: queryKeys.posts('us', {}, 5) });
    await expect.poll(() => query?.state.fetchStatus).toBe('idle');
    expect(query?.state.status).toBe('pending');
    expect(query?.state.data).toBeUndefined();
  });

  it('reconnects from the cache without a new request', async () => {
    const key = await testKey(apiBase, 'ctrl_cache');
    const element = probe({ 'publishable-key': key, market: 'us', 'api-base': apiBase });
    await expect.poll(() => element.ids.length).toBe(5);
    element.remove();
    document.body.append(element);
    await element.updateComplete;
    expect(element.ids).toHaveLength(5);
    const second = probe({ 'publishable-key': key, market: 'us', 'api-base': apiBase });
    await second.updateComplete;
    expect(second.ids).toEqual(element.ids);
    expect(await requestLog(apiBase, key)).toHaveLength(1);
  });

  it('refetches when an input changes, and batches updates', async () => {
    const key = await testKey(apiBase, 'ctrl_change');
    const element = probe({ 'publishable-key': key, market: 'us', 'api-base': apiBase });
    await expect.poll(() => element.ids.length).toBe(5);
    const rendersBefore = element.renders;
    element.setAttribute('market', 'de');
    await expect.poll(async () => (await requestLog(apiBase, key)).map((entry) => entry.query['market'])).toEqual(['us', 'de']);
    await expect.poll(() => element.posts.result?.isSuccess && !element.posts.result.isFetching).toBe(true);
    expect(element.renders - rendersBefore).toBeLessThanOrEqual(4);
  });

  it('resolves settings: own attribute, then <svc-storefront>, then configure()', async () => {
    const pageKey = await testKey(apiBase, 'ctrl_page');
    const contextKey = await testKey(apiBase, 'ctrl_context');
    const ownKey = await testKey(apiBase, 'ctrl_own');
    configure({ publishableKey: pageKey, apiBase, market: 'se' });
    try {
      const storefront = document.createElement('svc-storefront');
      storefront.setAttribute('publishable-key', contextKey);
      storefront.setAttribute('market', 'de');
      document.body.append(storefront);
      const fromContext = probe({}, storefront);
      const own = probe({ 'publishable-key': ownKey }, storefront);
      const fromPage = probe({});
      await expect.poll(() => [fromContext, own, fromPage].every((el) => el.ids.length === 5)).toBe(true);
      expect((await requestLog(apiBase, contextKey))[0]?.query['market']).toBe('de');
      expect((await requestLog(apiBase, ownKey))[0]?.query['market']).toBe('de');
      expect((await requestLog(apiBase, pageKey))[0]?.query['market']).toBe('se');
    } finally {
      configure({ publishableKey: undefined, apiBase: undefined, market: undefined });
    }
  });

  it('shows a setup error and makes no request for a secret key', async () => {
    const before = performance.getEntriesByType('resource').length;
    const element = probe({ 'publishable-key': 'svc_sk_live_should_never_leave', market: 'us', 'api-base': apiBase });
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[role=alert]')?.textContent).toBe('invalid_key');
    const after = performance.getEntriesByType('resource').slice(before);
    expect(after.filter((entry) => entry.name.startsWith(apiBase))).toEqual([]);
  });

  it('surfaces a failure as the typed error and recovers on refetch', async () => {
    const key = await testKey(apiBase, 'ctrl_error', { faults: { fail500: 3 } });
    const element = probe({ 'publishable-key': key, market: 'us', 'api-base': apiBase });
    await expect.poll(() => element.posts.result?.error?.name, { timeout: 10_000 }).toBe('ServerError');
    await setFaults(apiBase, key, {});
    await element.posts.result!.refetch();
    await expect.poll(() => element.ids.length).toBe(5);
  });
});

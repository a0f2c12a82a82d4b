import { describe, expect, it } from 'vitest';
import { assertNonce, stylesToRules, withNonce } from '../../src/ssr/csp.ts';
import { cachedReads, KEY_PREFIX } from '../../src/ssr/read-cache.ts';
import { createBudget } from '../../src/edge/budget.ts';
import { memoryStore, noStore } from '../../src/edge/stores.ts';

describe('stylesToRules: a server render without style attributes', () => {
  it('moves each style attribute of a shadow root into a rule at its top, and leaves attributes outside shadow roots alone', () => {
    const markup = '<template shadowroot="open" shadowrootmode="open"><style>.a{}</style><span class="a" style="width: 42%"></span><ul style="--_cols: 3; aspect-ratio: 1 / 1.5"></ul></template>';
    expect(stylesToRules(markup)).toBe(
      '<template shadowroot="open" shadowrootmode="open"><style>[data-svc-style="0"]:not(#_){width: 42%}[data-svc-style="1"]:not(#_){--_cols: 3; aspect-ratio: 1 / 1.5}</style><style>.a{}</style><span class="a" data-svc-style="0"></span><ul data-svc-style="1"></ul></template>',
    );
    expect(stylesToRules('<p style="color: red"></p>')).toBe('<p style="color: red"></p>');
  });

  it("puts a nested shadow root's rules in that shadow root, and a plain template's in the shadow root around it", () => {
    const markup = '<template shadowrootmode="open"><b style="top: 1px"></b><x-y><template shadowrootmode="open"><i style="top: 2px"></i></template></x-y><template><u style="top: 3px"></u></template></template>';
    expect(stylesToRules(markup)).toBe(
      '<template shadowrootmode="open"><style>[data-svc-style="0"]:not(#_){top: 1px}[data-svc-style="2"]:not(#_){top: 3px}</style><b data-svc-style="0"></b><x-y><template shadowrootmode="open"><style>[data-svc-style="1"]:not(#_){top: 2px}</style><i data-svc-style="1"></i></template></x-y><template><u data-svc-style="2"></u></template></template>',
    );
  });

  it('drops a declaration that could end its rule or its style (the browser sets it as it hydrates)', () => {
    for (const hostile of ['width: 1px}</style><script>alert(1)</script>', 'width: 1px} *{display:none', 'background: url(&quot;x&quot;)', 'width: 1px /* open', "content: '&lt;'"]) {
      const out = stylesToRules(`<template shadowrootmode="open"><b style="${hostile}"></b></template>`);
      expect(out).toBe('<template shadowrootmode="open"><b></b></template>');
    }
  });

  it('puts a nonce on every bare <style>, and takes only base64 nonces', () => {
    expect(withNonce('<style>a{}</style><b>&lt;style&gt;</b><style>b{}</style>', 'abc+/=')).toBe('<style nonce="abc+/=">a{}</style><b>&lt;style&gt;</b><style nonce="abc+/=">b{}</style>');
    expect(withNonce('<style>a{}</style>', undefined)).toBe('<style>a{}</style>');
    expect(() => assertNonce('a"b')).toThrow(/nonce/);
    expect(() => assertNonce('')).toThrow(/nonce/);
    expect(() => assertNonce('dGVzdA==')).not.toThrow();
  });
});

describe('cachedReads: the reads of server renders, through the read proxy\'s cache', () => {
  const api = { publishableKey: 'svc_pk_unit' };
  it('makes concurrent equal reads once, and serves a read while it is fresh', async () => {
    const store = memoryStore();
    const reads = cachedReads({ store, budgets: new Map() });
    let loads = 0;
    const load = async () => ({ count: ++loads });
    const request = { id: 'a', api, key: 'k', by: Date.now() + 10_000, load };
    const [one, two] = await Promise.all([reads.read(request), reads.read(request)]);
    expect(one).toEqual(two);
    expect((await reads.read(request)).data).toEqual({ count: 1 });
    expect(loads).toBe(1);
    // Kept in the store under a key of its own, apart from the read proxy's.
    expect(store.size).toBe(1);
    expect(await store.get(`${KEY_PREFIX}a`)).toMatchObject({ status: 200, body: '{"count":1}' });
  });

  it('tells a render at once that a read cannot be sent before its deadline, and still makes it', async () => {
    const budgets = new Map([['k', createBudget(2)]]);
    const reads = cachedReads({ store: memoryStore(), budgets });
    const made: string[] = [];
    const request = (id: string) => ({ id, api, key: 'k', by: Date.now(), load: async () => void made.push(id) });
    await Promise.all([reads.read(request('a')), reads.read(request('b'))]);
    // The budget's two requests a second are spent: the third waits about a second for its turn, past a deadline of now.
    const started = Date.now();
    await expect(reads.read(request('c'))).rejects.toThrow(/budget/);
    expect(Date.now() - started).toBeLessThan(500);
    await expect.poll(() => made, { timeout: 3000 }).toEqual(['a', 'b', 'c']);
    // Made, it serves the next render at once.
    await expect(reads.read(request('c'))).resolves.toMatchObject({ data: null });
  });

  it('serves a stale read at once while one request reads it again, and keeps serving it while that read fails', async () => {
    const reads = cachedReads({ store: memoryStore(), budgets: new Map(), freshMs: 100, staleWhileRevalidateMs: 60_000 });
    let loads = 0;
    let failing = false;
    const load = async () => {
      loads++;
      if (failing) throw new Error('down');
      return loads;
    };
    const request = () => ({ id: 'a', api, key: 'k', by: Date.now() + 10_000, load });
    const first = await reads.read(request());
    await expect.poll(() => Date.now() - first.at).toBeGreaterThan(100);
    // Stale: served as it was, while it is read again.
    expect((await reads.read(request())).data).toBe(1);
    await expect.poll(() => loads).toBe(2);
    failing = true;
    const second = await reads.read(request());
    expect(second.data).toBe(2);
    await expect.poll(() => Date.now() - second.at).toBeGreaterThan(100);
    expect((await reads.read(request())).data).toBe(2);
    await expect.poll(() => loads).toBe(3);
    expect((await reads.read(request())).data).toBe(2);
  });

  it('keeps nothing with noStore, and still makes concurrent equal reads once', async () => {
    const reads = cachedReads({ store: noStore(), budgets: new Map() });
    let loads = 0;
    const request = { id: 'a', api, key: 'k', by: Date.now() + 10_000, load: async () => ++loads };
    await Promise.all([reads.read(request), reads.read(request)]);
    expect(loads).toBe(1);
    await reads.read(request);
    expect(loads).toBe(2);
  });
});

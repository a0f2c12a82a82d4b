import { describe, expect, it } from 'vitest';
import { assertNonce, stylesToRules, withNonce } from '../../src/ssr/csp.ts';
import { processReads } from '../../src/ssr/read-cache.ts';

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

describe('processReads: the reads of one process', () => {
  it('makes concurrent equal reads once, and serves a read while it is fresh', async () => {
    const reads = processReads();
    let loads = 0;
    const load = async () => ++loads;
    const request = { id: 'a', key: 'k', by: Date.now() + 10_000, load };
    const [one, two] = await Promise.all([reads.read(request), reads.read(request)]);
    expect(one).toBe(two);
    expect((await reads.read(request)).data).toBe(1);
    expect(loads).toBe(1);
  });

  it('tells a render at once that a read cannot be sent before its deadline, and still makes it', async () => {
    const reads = processReads({ budget: { burst: 2, perSecond: 20 } });
    const made: string[] = [];
    const request = (id: string) => ({ id, key: 'k', by: Date.now(), load: async () => void made.push(id) });
    await Promise.all([reads.read(request('a')), reads.read(request('b'))]);
    // The budget's burst is spent: the third waits about 50 ms for its turn, past a deadline of now.
    await expect(reads.read(request('c'))).rejects.toThrow(/budget/);
    await expect.poll(() => made).toEqual(['a', 'b', 'c']);
    // Made, it serves the next render at once.
    await expect(reads.read(request('c'))).resolves.toMatchObject({ data: undefined });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidKeyError } from '../../src/api/errors.ts';
import { assertPublishableKey } from '../../src/api/keys.ts';
import { safeUrl } from '../../src/api/url.ts';

describe('safeUrl', () => {
  it.each([
    ['https://shop.example/p?a=1', 'https://shop.example/p?a=1'],
    ['http://shop.example/', 'http://shop.example/'],
    ['  https://shop.example/x  ', 'https://shop.example/x'],
  ])('keeps %s', (input, output) => expect(safeUrl(input)).toBe(output));

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', 'ftp://x.example/', 'blob:https://x/1', '', '   ', 'not a url', 42, null])('refuses %s', (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });

  it('resolves relative paths against a base, and still refuses other schemes', () => {
    expect(safeUrl('/media/1.jpg', 'https://api.example/')).toBe('https://api.example/media/1.jpg');
    expect(safeUrl('javascript:alert(1)', 'https://api.example/')).toBeUndefined();
  });
});

describe('assertPublishableKey', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts a publishable key silently', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => assertPublishableKey('svc_pk_live_abc')).not.toThrow();
    expect(error).not.toHaveBeenCalled();
  });

  it('refuses a secret key, explains why once, and never prints the whole key', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const key = 'svc_sk_live_0123456789abcdef';
    expect(() => assertPublishableKey(key)).toThrow(InvalidKeyError);
    expect(() => assertPublishableKey(key)).toThrow(InvalidKeyError);
    expect(error).toHaveBeenCalledTimes(1);
    const message = String(error.mock.calls[0]![0]);
    expect(message).toMatch(/secret key/i);
    expect(message).toMatch(/never/);
    expect(message).not.toContain(key);
  });

  it.each(['', 'svc_pk_', 'pk_live_x', 'svc_rk_x'])('refuses %j as not publishable', (key) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => assertPublishableKey(key)).toThrow(InvalidKeyError);
  });
});

import { describe, expect, it } from 'vitest';
import { syncStretch } from '../../src/elements/shared/settings.ts';

describe('syncStretch()', () => {
  it('stays the same through one stretch of synchronous code and changes at the next microtask', async () => {
    const first = syncStretch();
    expect(syncStretch()).toBe(first);
    await Promise.resolve();
    const second = syncStretch();
    expect(second).not.toBe(first);
    expect(syncStretch()).toBe(second);
    await new Promise((resolve) => setTimeout(resolve));
    expect(syncStretch()).not.toBe(second);
  });
});

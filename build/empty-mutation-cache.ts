/**
 * Stands in for query-core's `MutationCache` in the browser bundles (see
 * `query-core-without-mutations.ts` beside this file):
 * the widgets only read, yet every `QueryClient` creates a mutation cache, which brings
 * in the whole mutation machinery (≈ 1.5 KB brotli). This one holds no mutations and
 * answers the calls `QueryClient` makes (clear, findAll, resumePausedMutations, …).
 */
export class MutationCache {
  constructor(readonly config: Record<string, unknown> = {}) {}
  build(): never {
    throw new Error('storefront-widgets: mutations are not part of the browser bundles');
  }
  add(): void {}
  remove(): void {}
  clear(): void {}
  notify(): void {}
  getAll(): [] {
    return [];
  }
  find(): undefined {
    return undefined;
  }
  findAll(): [] {
    return [];
  }
  subscribe(): () => void {
    return () => {};
  }
  hasListeners(): boolean {
    return false;
  }
  resumePausedMutations(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * State shared by every copy of the library on a page (a theme's bundle and the
 * script tag, or two versions): kept on `globalThis` under a `Symbol.for` name, so
 * each copy finds the same object. What is stored must keep a stable protocol; the
 * name carries its version.
 */
export function sharedSingleton<T>(name: string, create: () => T): T {
  const symbol = Symbol.for(`storefront-widgets.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[symbol];
  if (value === undefined) {
    value = create();
    store[symbol] = value;
  }
  return value;
}

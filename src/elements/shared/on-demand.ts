/**
 * A module that the CDN builds load when first needed (a sibling file or chunk), for
 * the `…-cdn.ts` stand-ins of modules that other builds import at once. The returned
 * function gives the module once it is there, a promise while it loads, and `null`
 * when it could not load (after one console error that says what the page misses).
 */
export function onDemand<T>(load: () => Promise<T>, failure: string): () => T | Promise<T | null> | null {
  let loaded: T | null | undefined;
  let loading: Promise<T | null> | undefined;
  return () =>
    loaded !== undefined
      ? loaded
      : (loading ??= load().then(
          (module) => (loaded = module),
          (error: unknown) => {
            console.error(`storefront-widgets: ${failure}`, error);
            return (loaded = null);
          },
        ));
}

import { sharedSingleton } from './page/shared-state.js';
import { VERSION } from './version.js';

/** What the first registering copy leaves on `globalThis[Symbol.for('storefront-widgets.registered.v1')]`. */
export interface RegisteredRecord {
  /** Version of the copy whose elements are defined. */
  version: string;
}

const RECORD = Symbol.for('storefront-widgets.registered.v1');

/** The copy whose elements the page uses, if one has said so. */
export function registeredRecord(): RegisteredRecord | undefined {
  return (globalThis as unknown as Record<symbol, RegisteredRecord | undefined>)[RECORD];
}

/**
 * Runs after this copy's registration modules (`defineElement` leaves a tag that is
 * taken alone): when another copy of the library (the script tag loaded twice, a
 * theme's bundle beside the CDN script, another version) already defined any of
 * `elements`, or of `lazyTags` (defined later, on demand, by this copy), says so
 * once with both versions (in a browser only). Otherwise records this copy as the registered one.
 */
export function claimElements(elements: Record<string, CustomElementConstructor>, lazyTags: readonly string[] = []): void {
  const taken = [
    // A tag not defined yet is this copy's still: `defineElement` defines a tag whose elements are in the page once their first render's needs are loaded.
    ...Object.keys(elements).filter((tag) => (customElements.get(tag) ?? elements[tag]) !== elements[tag]),
    ...lazyTags.filter((tag) => customElements.get(tag) !== undefined),
  ];
  if (taken.length === 0) {
    sharedSingleton<RegisteredRecord>('registered.v1', () => ({ version: VERSION }));
    return;
  }
  // A server process (a framework's build or render) loads the library once per bundle: that is no page, and nothing is shipped twice.
  if (typeof document === 'undefined') return;
  const record = registeredRecord();
  const other = record ? `storefront-widgets ${record.version}` : 'another script';
  console.warn(
    `storefront-widgets ${VERSION}: ${other} already defined ${taken.map((tag) => `<${tag}>`).join(', ')} on this page; ` +
      'this copy left the registered elements alone. Load the library once (one script tag or one bundle) to avoid shipping it twice.',
  );
}

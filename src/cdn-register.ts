import { exposeGlobal } from './cdn-global.js';
import { claimElements } from './registration.js';

/**
 * What the CDN bundles' entries (`src/cdn.ts`, `src/cdn-module.ts`) do when they run:
 * `elements` are defined already (by their registration modules); each of `lazy` is
 * loaded (its registration module) once an element with its tag is in the document,
 * now or later. Warns when another copy took a tag, and offers `window.StorefrontWidgets`.
 */
export function registerCdnElements(elements: Record<string, CustomElementConstructor>, lazy: Record<string, () => Promise<unknown>>): void {
  claimElements(elements, Object.keys(lazy));
  exposeGlobal();
  for (const [tag, load] of Object.entries(lazy)) defineOnDemand(tag, load);
}

/**
 * Loads `tag`'s registration module once an element with that tag is in the document
 * (light DOM; elements inside other shadow roots need their own import). Nothing is
 * loaded when another copy of the library already defined the tag.
 */
function defineOnDemand(tag: string, load: () => Promise<unknown>): void {
  if (customElements.get(tag) !== undefined) return;
  const found = document.getElementsByTagName(tag);
  const start = () => void load().catch((error: unknown) => console.error(`storefront-widgets: could not load <${tag}>.`, error));
  if (found.length > 0) return start();
  const observer = new MutationObserver(() => {
    if (found.length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe(document, { childList: true, subtree: true });
}

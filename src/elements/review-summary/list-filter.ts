import type { ReviewTarget } from '../../api/client.js';
import type { Star } from '../shared/reviews/distribution.js';
import { sameTarget, targetOf } from '../shared/reviews/notices.js';

const LIST_TAG = 'svc-reviews';

/** What the summary sets on a list: works before the list is upgraded, too (Lit keeps early properties). */
interface FilterableList extends HTMLElement {
  rating?: Star | null;
}

/**
 * Filters every `<svc-reviews>` for `target` in the summary's document or shadow root.
 * The list's code is not imported here: when a matching list is not defined yet, its
 * registration module is loaded on demand, so a page with only summaries never loads it.
 */
export function applyFilterToLists(from: Element, target: ReviewTarget, rating: Star | null): void {
  const root = from.getRootNode() as Document | ShadowRoot;
  const lists = [...root.querySelectorAll<FilterableList>(LIST_TAG)].filter((list) => sameTarget(targetOf(list.getAttribute('product-ref') ?? undefined, list.hasAttribute('company')), target));
  for (const list of lists) list.rating = rating;
  if (lists.length > 0) void loadListElement();
}

/** Loads and registers `<svc-reviews>` unless some copy of the library has already. */
async function loadListElement(): Promise<void> {
  if (customElements.get(LIST_TAG) !== undefined) return;
  await import('../reviews/svc-reviews.js');
}

import type { ReviewTarget } from '../../../api/client.js';
import type { StorefrontError } from '../../../api/errors.js';
import { sharedSingleton } from '../../../page/shared-state.js';

/**
 * Failures after which a review element (or the rich snippet) shows nothing at all: the
 * plan lacks Reviews (403) or the product does not exist (404). Neither is the
 * shopper's business; the developer hears about it once on the console.
 */
export function isSilentFailure(error: unknown): error is StorefrontError {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'plan_lacks_reviews' || code === 'not_found';
}

/**
 * One console warning per page for a silent failure, however many elements meet it:
 * per publishable key for a plan without Reviews, per key and product for a missing
 * product. Shared by every copy of the library on the page.
 */
export function warnSilentFailure(error: StorefrontError, publishableKey: string, target: ReviewTarget): void {
  const seen = sharedSingleton('review-notices.v1', () => new Set<string>());
  const subject = 'company' in target ? 'the store' : `product "${target.productRef}"`;
  const plan = error.code === 'plan_lacks_reviews';
  const id = plan ? `plan|${publishableKey}` : `missing|${publishableKey}|${subject}`;
  if (seen.has(id)) return;
  seen.add(id);
  console.warn(
    plan
      ? `storefront-widgets: the plan of the workspace with key "${publishableKey.slice(0, 10)}…" does not include Reviews, so review elements and rich snippets on this page show nothing. Upgrade the plan, or remove the elements.`
      : `storefront-widgets: ${subject} was not found by the Storefront API, so its review elements and rich snippet show nothing. Check the product-ref attribute (a product id or handle).`,
  );
}

/** Whether two review targets are the same product (by the reference given) or both the store. */
export function sameTarget(a: ReviewTarget | undefined, b: ReviewTarget | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if ('company' in a || 'company' in b) return 'company' in a && 'company' in b;
  return a.productRef === b.productRef;
}

/** The target an element's `product-ref` / `company` attributes name, if any. */
export function targetOf(productRef: string | undefined, company: boolean): ReviewTarget | undefined {
  if (productRef) return { productRef };
  return company ? { company: true } : undefined;
}

import type { StorefrontClient } from '../api/client.js';
import { NotFoundError } from '../api/errors.js';
import type { ProductRating } from '../api/types.js';
import { RATINGS_MAX_REFS } from '../api/wire.js';
import { REVIEWS_STALE_TIME } from './stale-times.js';

/** How long a batch waits for more products after the first: the rest of the task and the frame. */
const FRAME_MS = 16;

interface Waiter {
  resolve: (rating: ProductRating) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects the ratings asked for within one task or frame (every badge of a collection
 * page connects at about the same time) into reads of at most 50 products each. Each
 * product's query still has its own key and result; a batch only shares the request.
 */
class RatingsBatch {
  private pending = new Map<string, Waiter[]>();
  private scheduled = false;
  /** Ratings read in the last `REVIEWS_STALE_TIME`, by product: a badge that appears again (a single-page app's next view) asks nothing. */
  private readonly fresh = new Map<string, { rating: ProductRating; at: number }>();

  constructor(
    private readonly client: StorefrontClient,
    private readonly market: string,
  ) {}

  /** The product's rating when it was read less than `REVIEWS_STALE_TIME` ago. */
  cached(productRef: string): ProductRating | undefined {
    const entry = this.fresh.get(productRef);
    return entry && Date.now() - entry.at < REVIEWS_STALE_TIME ? entry.rating : undefined;
  }

  /** A rating read another way (a product's full review summary has it, or the server read it `at`): badges that ask later take it. */
  remember(rating: ProductRating, at = Date.now()): void {
    this.fresh.set(rating.productRef, { rating, at });
  }

  load(productRef: string, signal: AbortSignal): Promise<ProductRating> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      const waiters = this.pending.get(productRef) ?? [];
      waiters.push(waiter);
      this.pending.set(productRef, waiters);
      // An element that leaves stops waiting; the batch's request serves the others.
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const flush = () => {
      if (!this.scheduled) return;
      this.scheduled = false;
      this.flush();
    };
    // The next frame, or a moment later where frames do not come (a hidden tab).
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    setTimeout(flush, FRAME_MS * 3);
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = new Map();
    const refs = [...batch.keys()];
    for (let start = 0; start < refs.length; start += RATINGS_MAX_REFS) {
      const chunk = refs.slice(start, start + RATINGS_MAX_REFS);
      this.client.getRatings(this.market, chunk).then(
        (ratings) => {
          const byRef = new Map(ratings.map((rating) => [rating.productRef, rating]));
          for (const rating of ratings) this.remember(rating);
          for (const ref of chunk) {
            const rating = byRef.get(ref);
            const error = rating ? undefined : new NotFoundError(`product not found: ${ref}`);
            for (const waiter of batch.get(ref)!) {
              if (rating) waiter.resolve(rating);
              else waiter.reject(error);
            }
          }
        },
        (error: unknown) => {
          for (const ref of chunk) for (const waiter of batch.get(ref)!) waiter.reject(error);
        },
      );
    }
  }
}

const batches = new WeakMap<StorefrontClient, Map<string, RatingsBatch>>();

/** The batch of one client (key and API base) and market. */
export function ratingsBatch(client: StorefrontClient, market: string): RatingsBatch {
  let byMarket = batches.get(client);
  if (byMarket === undefined) {
    byMarket = new Map();
    batches.set(client, byMarket);
  }
  let batch = byMarket.get(market);
  if (batch === undefined) {
    batch = new RatingsBatch(client, market);
    byMarket.set(market, batch);
  }
  return batch;
}

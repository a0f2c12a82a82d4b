import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { StorefrontClient } from '../api/client.js';
import type { StorefrontError } from '../api/errors.js';
import type { ProductRating } from '../api/types.js';
import { ratingsBatch } from '../queries/ratings-batch.js';
import { curable } from '../api/errors.js';
import { heal } from './heal.js';

/** Whose rating to read; `undefined` while the host has nothing to read. */
export interface RatingSource {
  client: StorefrontClient;
  market: string;
  productRef: string;
}

/** The shape of a query result the review elements render: data, or an error with a retry. */
export interface RatingResult {
  data?: ProductRating;
  error?: StorefrontError;
  refetch(): void;
}

/**
 * A product's average and count for a badge, read through the page's ratings batch
 * (`queries/ratings-batch.ts`), without query-core: a collection page full of badges
 * loads neither query-core nor the code that only lists and posts need. The batch
 * shares one request among the badges that ask together and keeps answers fresh for
 * 30 s; this controller only follows its host's source, like `queryController`: a
 * rating already read is there at the first render, a host that leaves stops waiting
 * (the batch's request still serves the others), and a changed source reads anew.
 * A connected host that shows an error which trying again may cure waits in the
 * page's retries (`heal.ts`), its error on screen until the retry's answer.
 */
export class RatingController implements ReactiveController {
  /** The latest result; `undefined` while there is nothing to read. */
  result: RatingResult | undefined;

  private key = '';
  private reading: AbortController | undefined;
  private readonly refetch = () => this.read(true, true);
  /** The page's retry: quiet (the error stays until the answer); resolves to whether it read the rating. */
  private readonly retry = () => (curable(this.result?.error) && this.read(true, true, true)) || Promise.resolve(true);

  constructor(
    private readonly host: ReactiveControllerHost & { readonly isConnected: boolean },
    private readonly source: () => RatingSource | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.read(false, true);
    this.follow();
  }

  /** Before each render, which shows whatever this sets: no further update needed. */
  hostUpdate(): void {
    this.read(false, false);
  }

  /** Stops waiting for the read on its way (also before another read). */
  hostDisconnected(): void {
    this.reading?.abort();
    this.reading = undefined;
    this.follow();
  }

  /** Waits in the page's retries while connected and failing curably, else not. */
  private follow(): void {
    heal(this.retry, this.host.isConnected && curable(this.result?.error));
  }

  /**
   * Starts a read when the source changed, or when nothing is there or on its way
   * (`again`: a retry); `notify` asks the host for an update when the result changed;
   * `quiet` keeps the result (an error) until the answer. Returns the read's promise, to
   * whether it read the rating, when it started one.
   */
  private read(again: boolean, notify: boolean, quiet = false): Promise<boolean> | undefined {
    const source = this.source();
    if (source === undefined) {
      this.result = undefined;
      this.hostDisconnected();
      this.key = '';
      return;
    }
    const { client, market, productRef } = source;
    const key = `${client.apiBase}|${client.publishableKey}|${market}|${productRef}`;
    const changed = key !== this.key;
    if (!changed && !again && (this.reading || this.result?.data || this.result?.error)) return;
    this.hostDisconnected();
    this.key = key;
    const batch = ratingsBatch(client, market);
    const cached = again ? undefined : batch.cached(productRef);
    if (cached) {
      this.settle({ data: cached, refetch: this.refetch }, notify);
      return;
    }
    const reading = new AbortController();
    this.reading = reading;
    if (!quiet) this.settle({ refetch: this.refetch }, notify);
    return batch.load(productRef, reading.signal).then(
      (data) => this.done(reading, { data, refetch: this.refetch }),
      (error: unknown) => this.done(reading, { error: error as StorefrontError, refetch: this.refetch }),
    );
  }

  private done(reading: AbortController, result: RatingResult): boolean {
    if (this.reading === reading && !reading.signal.aborted) {
      this.reading = undefined;
      // The same failure again (a retry's) is not news: the error on screen stays, and no second `svc-error`.
      if (!result.error || result.error.code !== this.result?.error?.code) this.settle(result, true);
    }
    return !result.error;
  }

  /** A new result (in the page's retries or not), and an update of the host when asked. */
  private settle(result: RatingResult, notify: boolean): void {
    this.result = result;
    this.follow();
    if (notify) this.host.requestUpdate();
  }
}

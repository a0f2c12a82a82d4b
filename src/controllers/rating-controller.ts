import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { StorefrontClient } from '../api/client.js';
import { healable, type StorefrontError } from '../api/errors.js';
import type { ProductRating } from '../api/types.js';
import { ratingsBatch } from '../queries/ratings-batch.js';

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
 * page's retries (`heal.ts`, loaded then), its error on screen until the retry's answer.
 */
export class RatingController implements ReactiveController {
  /** The latest result; `undefined` while there is nothing to read. */
  result: RatingResult | undefined;

  private key = '';
  private reading: AbortController | undefined;
  private readonly refetch = () => this.read(true, true);
  /** Set by the page's retries (`heal.ts`) during a quiet retry: true for a result to keep off the screen. */
  hold: ((result: RatingResult) => boolean) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: () => RatingSource | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.read(false, true);
  }

  /** Before each render, which shows whatever this sets: no further update needed. */
  hostUpdate(): void {
    this.read(false, false);
  }

  /** Stops waiting for the read on its way (also before another read). */
  hostDisconnected(): void {
    this.reading?.abort();
    this.reading = undefined;
  }


  /**
   * Starts a read when the source changed, or when nothing is there or on its way
   * (`again`: a retry); `notify` asks the host for an update when the result changed.
   * Returns the read's promise when it started one.
   */
  private read(again: boolean, notify: boolean): Promise<void> | undefined {
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
    this.settle({ refetch: this.refetch }, notify);
    return batch.load(productRef, reading.signal).then(
      (data) => this.done(reading, { data, refetch: this.refetch }),
      (error: unknown) => this.done(reading, { error: error as StorefrontError, refetch: this.refetch }),
    );
  }

  private done(reading: AbortController, result: RatingResult): void {
    if (this.reading !== reading || reading.signal.aborted) return;
    this.reading = undefined;
    this.settle(result, true);
  }

  /** A new result unless a quiet retry holds it (an error that trying again may cure: followed by the page's retries), and an update of the host when asked. */
  private settle(result: RatingResult, notify: boolean): void {
    if (this.hold?.(result)) return;
    this.result = result;
    // The page's retries, a chunk of their own loaded by the first error that trying again may cure, follow the badge from then on.
    if (healable(result.error)) import('./heal.js').then((heal) => heal.follow(this.host, this), () => {});
    if (notify) this.host.requestUpdate();
  }
}

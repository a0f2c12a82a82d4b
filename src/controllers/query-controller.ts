import { hashKey, InfiniteQueryObserver, notifyManager, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/query-core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { curable } from '../api/errors.js';
import { heal } from './heal.js';

/** The part of a query-core observer the controller uses. */
interface Observer<TResult, TOptions> {
  getCurrentResult(): TResult;
  getOptimisticResult(options: TOptions): TResult;
  setOptions(options: TOptions): void;
  subscribe(listener: (result: TResult) => void): () => void;
}

/** What a host gives the controller on every update: a client and options, or nothing to read. */
export interface QuerySource<TOptions> {
  queryClient: QueryClient;
  options: TOptions;
}

/** The part of a query-core result that a retry reads (an infinite query's has `fetchNextPage`). */
interface Retryable {
  data?: unknown;
  error?: { code?: unknown } | null;
  isError?: boolean;
  isFetching?: boolean;
  isFetchNextPageError?: boolean;
  refetch(options: { cancelRefetch: boolean }): Promise<Retryable>;
  fetchNextPage?(options: { cancelRefetch: boolean }): Promise<Retryable>;
}

/** Whether a result is an error on screen that trying again may cure: no data, or a next page that failed. */
const failing = (result: Retryable | undefined): result is Retryable => !!result && curable(result.error) && (result.data === undefined || !!result.isFetchNextPageError);

type ObserverFactory<TResult, TOptions> = (queryClient: QueryClient, options: TOptions) => Observer<TResult, TOptions>;

/**
 * Binds a query-core observer to a Lit element, following TanStack's adapter contract:
 * the first render uses the optimistic result, the observer subscribes when the host
 * connects and unsubscribes when it disconnects (which aborts a fetch no one else
 * waits for), `setOptions` runs when the inputs change, and host updates are batched
 * into one microtask and skipped when the result did not change. While the host is
 * connected and shows an error that trying again may cure, the read waits in the page's
 * retries (`heal.ts`), and the error stays on screen until the retry's answer.
 */
export class ObserverController<TResult, TOptions extends { queryKey: QueryKey; enabled?: unknown }> implements ReactiveController {
  /** The latest result; `undefined` while the host has nothing to read (no source). */
  result: TResult | undefined;

  private observer: Observer<TResult, TOptions> | undefined;
  private queryClient: QueryClient | undefined;
  private optionsHash = '';
  private unsubscribe: (() => void) | undefined;
  private connected = false;
  private updateScheduled = false;
  /** A retry of its own is on its way: the error stays until its answer (no loading state between two errors). */
  private quiet = false;
  private readonly retry = (): Promise<boolean> => {
    const result = this.observer?.getCurrentResult() as Retryable | undefined;
    if (!failing(result)) return Promise.resolve(true);
    this.quiet = true;
    return (result.isFetchNextPageError ? result.fetchNextPage! : result.refetch)({ cancelRefetch: false }).then((next) => !next.isError);
  };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly createObserver: ObserverFactory<TResult, TOptions>,
    private readonly source: () => QuerySource<TOptions> | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.sync();
    this.subscribe();
    this.follow();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.follow();
  }

  hostUpdate(): void {
    this.sync();
    this.follow();
  }

  /** Re-reads the source; creates, reconfigures or drops the observer as needed. */
  private sync(): void {
    const source = this.source();
    if (source === undefined) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.observer = undefined;
      this.queryClient = undefined;
      this.result = undefined;
      return;
    }
    const hash = `${hashKey(source.options.queryKey)}|${String(source.options.enabled ?? true)}`;
    if (this.observer === undefined || this.queryClient !== source.queryClient) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.queryClient = source.queryClient;
      this.observer = this.createObserver(source.queryClient, source.options);
      this.optionsHash = hash;
      this.result = this.optimisticResult(source);
      if (this.connected) this.subscribe();
    } else if (hash !== this.optionsHash) {
      this.optionsHash = hash;
      this.observer.setOptions(source.options);
      this.result = this.optimisticResult(source);
    }
  }

  private optimisticResult(source: QuerySource<TOptions>): TResult {
    const defaulted = source.queryClient.defaultQueryOptions(source.options as never) as unknown as TOptions;
    return this.observer!.getOptimisticResult(defaulted);
  }

  private subscribe(): void {
    if (this.observer === undefined || this.unsubscribe !== undefined) return;
    this.unsubscribe = this.observer.subscribe(
      notifyManager.batchCalls((result: TResult) => {
        if (result === this.result) return;
        const next = result as Retryable;
        const shown = this.result as Retryable | undefined;
        if (this.quiet) {
          if (next.isFetching) return;
          this.quiet = false;
          // The same failure again is not news: the error on screen stays, and no second `svc-error`.
          if (next.error && next.error.code === shown?.error?.code && next.data === shown?.data) return;
        }
        this.result = result;
        this.follow();
        this.scheduleUpdate();
      }),
    );
  }

  /** Waits in the page's retries while connected and failing curably, else not. */
  private follow(): void {
    heal(this.retry, this.connected && failing(this.result as Retryable | undefined));
  }

  private scheduleUpdate(): void {
    if (this.updateScheduled) return;
    this.updateScheduled = true;
    queueMicrotask(() => {
      this.updateScheduled = false;
      this.host.requestUpdate();
    });
  }
}

/** A single-resource query (a post, a review summary, a rich snippet). */
export function queryController<TResult, TOptions extends { queryKey: QueryKey; enabled?: unknown }>(host: ReactiveControllerHost, source: () => QuerySource<TOptions> | undefined) {
  return new ObserverController<TResult, TOptions>(host, (client, options) => new QueryObserver(client, options as never) as unknown as Observer<TResult, TOptions>, source);
}

/** A paged list over `next_cursor` (posts, reviews). */
export function infiniteQueryController<TResult, TOptions extends { queryKey: QueryKey; enabled?: unknown }>(host: ReactiveControllerHost, source: () => QuerySource<TOptions> | undefined) {
  return new ObserverController<TResult, TOptions>(host, (client, options) => new InfiniteQueryObserver(client, options as never) as unknown as Observer<TResult, TOptions>, source);
}

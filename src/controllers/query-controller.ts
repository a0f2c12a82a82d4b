import { hashKey, InfiniteQueryObserver, notifyManager, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/query-core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextTask } from '../shared/time-slice.js';
import { definitionTask } from '../shared/upgrading.js';

/** The part of a query-core observer the controller uses. */
interface Observer<TResult, TOptions> {
  getOptimisticResult(options: TOptions): TResult;
  getCurrentResult(): TResult;
  setOptions(options: TOptions): void;
  subscribe(listener: (result: TResult) => void): () => void;
}

/** What a host gives the controller on every update: a client and options, or nothing to read. */
export interface QuerySource<TOptions> {
  queryClient: QueryClient;
  options: TOptions;
}

type ObserverFactory<TResult, TOptions> = (queryClient: QueryClient, options: TOptions) => Observer<TResult, TOptions>;

/**
 * Binds a query-core observer to a Lit element, following TanStack's adapter contract:
 * the first render uses the optimistic result, the observer subscribes when the host
 * connects (in the next task, for an element the page's definition upgrades) and
 * unsubscribes when it disconnects (which aborts a fetch no one else waits for), `setOptions` runs when the inputs change, and host updates are batched
 * into one microtask and skipped when the result did not change. While the host is
 * connected and shows an error that trying again may cure, the read waits in the page's
 * retries (`heal.ts`, a chunk loaded by the first error), and the error stays on screen
 * until the retry's answer.
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
  /** Set by the page's retries (`heal.ts`) during a quiet retry: true for a result to keep off the screen. */
  hold: ((result: TResult) => boolean) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly createObserver: ObserverFactory<TResult, TOptions>,
    private readonly source: () => QuerySource<TOptions> | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.sync();
    this.connected = true;
    // Subscribing starts the read (query-core's work and the fetch). For the elements a
    // definition upgrades together, in a task of its own each: in the definition's task, two
    // summaries and a list took 47 ms at a phone's speed. So too for a read connected in the
    // microtasks after it (the full summary's, whose part came with the element's code). The
    // first render, a task of its own, has the cached result either way (`sync`).
    if (definitionTask) void nextTask().then(() => this.connected && this.subscribe());
    else this.subscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  hostUpdate(): void {
    this.sync();
    // An error: the page's retries (a chunk of their own) follow the host from then on, while it shows one that trying again may cure.
    if ((this.result as { error?: unknown } | undefined)?.error) import('./heal.js').then((heal) => heal.follow(this.host, this), () => {});
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
    const observer = this.observer;
    if (observer === undefined || this.unsubscribe !== undefined) return;
    this.unsubscribe = observer.subscribe(
      // The observer's latest result, not the one the notification carries: notifications come
      // in timers, and a timer set five deep is clamped to 4 ms, so a quick answer's "success"
      // could come before the "fetching" set before it, which then stayed on screen.
      notifyManager.batchCalls(() => {
        const result = observer.getCurrentResult();
        if (result === this.result || this.hold?.(result)) return;
        this.result = result;
        this.scheduleUpdate();
      }),
    );
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

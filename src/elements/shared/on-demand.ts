/**
 * A module loaded when first needed (a chunk of its own, such as the gallery's masonry
 * and carousel layouts). The returned function gives the module once it is there, a
 * promise while it loads, and `null` when it could not load (after one console error
 * that says what the page misses).
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

/**
 * One element's hold on a module from a loader like the above: `value` is `undefined` until asked for and there, the module, or
 * `null` when it could not load. Asking again does nothing; when the module arrives
 * later, `onLoad` runs and the element updates.
 */
export class ModuleSlot<T> {
  value: T | null | undefined;
  private asked = false;

  constructor(
    private readonly host: { requestUpdate(): void },
    private readonly loader: () => T | Promise<T | null> | null,
    private readonly onLoad?: () => void,
  ) {}

  /** Asks for the module (once); returns what is there now. */
  request(): T | null | undefined {
    if (this.asked) return this.value;
    this.asked = true;
    const module = this.loader();
    if (!(module instanceof Promise)) this.take(module);
    else
      this.arriving = module.then((loaded) => {
        this.arriving = undefined;
        this.take(loaded);
        this.host.requestUpdate();
      });
    return this.value;
  }

  /** Asks for the module (once); a promise while it is on its way, else `undefined`. */
  loading(): Promise<void> | undefined {
    this.request();
    return this.arriving;
  }

  private arriving: Promise<void> | undefined;

  private take(module: T | null): void {
    this.value = module;
    this.onLoad?.();
  }
}

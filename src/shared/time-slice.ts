/**
 * The page's tasks, shared by everything the widgets do on the main thread: the elements'
 * renders (render-pacing.ts) and the checking of the API's pages (normalize.ts) take
 * turns in one time slice, so that none of them makes a long task.
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/** `true` in the package's build for workerd and edge runtimes, whose Vercel runtime has no MessageChannel (Vite `define`; see src/api/transport.ts). */
declare const __STOREFRONT_WIDGETS_SERVER_BUILD__: boolean | undefined;

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (the task
 * continues ahead of other queued work), else a message on a MessageChannel (a
 * macrotask without setTimeout's clamping).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof __STOREFRONT_WIDGETS_SERVER_BUILD__ === 'boolean' && __STOREFRONT_WIDGETS_SERVER_BUILD__ && typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * How long the widgets' work (renders, checking a page of posts) may run in one task
 * before the rest waits for a task of its own: a task stays under the 50 ms that counts as blocking on a phone four times
 * slower than this budget's machine.
 */
export const SLICE_MS = 8;
let sliceStart: number | undefined;

/**
 * Undefined while the widgets' work has used less than `SLICE_MS` of the current task
 * (the next step runs at once), else a promise for a later task. Query results reach
 * every element of a page in one task; this spreads their renders over several.
 */
export function timeSlice(): Promise<void> | undefined {
  const now = performance.now();
  if (sliceStart === undefined) {
    sliceStart = now;
    // The slice ends with the task: cleared in the next one.
    void nextTask().then(() => (sliceStart = undefined));
    return undefined;
  }
  return now - sliceStart < SLICE_MS ? undefined : nextTask();
}

/**
 * Resolves in a task after the next frame was painted (a frame's callbacks run before its
 * paint), so that what an input changed at once shows before slower work; after 100 ms
 * where no frame comes (a hidden page).
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const late = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(late);
        resolve();
      }),
    );
  });
}

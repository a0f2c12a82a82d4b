/**
 * `npm run bench:interactions`: how fast the widgets answer a shopper's taps on a phone.
 *
 * Builds the script tag (`npm run build:cdn`; `--no-build` serves dist/cdn as it is),
 * serves the bench's shop-like product page and then its product page (`--page shop`,
 * `--page product`, or `--page theme`, the product page reserving nothing) as `npm run bench` does, and in Chromium at 390×844 with touch and the
 * CPU slowed 4× (`Emulation.setCPUThrottlingRate`, as Lighthouse's phone; `--cpu N`)
 * does what a new shopper does, in a fresh browser context each run (nothing cached):
 * scrolls to the gallery, opens a post in the lightbox, goes to the next post, closes
 * it, opens another post, presses a hotspot of the shoppable post, loads more posts and
 * sorts the reviews (by keyboard on the select: a phone's picker is the browser's own).
 * A tap is a touch at the target's centre (`page.touchscreen.tap`), found before the page
 * idles: no checks of Playwright's run in the page while it is measured.
 *
 * For each interaction it reads the longest duration of the Event Timing API (what
 * Interaction to Next Paint is built from: `PerformanceObserver` type `event`,
 * `durationThreshold: 16`, grouped by `interactionId`; under 16 ms nothing is reported),
 * split into its input delay, its handlers' time and its presentation (to the next paint),
 * and for both lightboxes the time from the tap (the pointer event's time stamp) to the
 * end of the first animation frame in which the tapped post's picture is in the open
 * dialog, loaded and at least half opaque with all around it (the time stamp of the frame
 * after it). Prints medians over `--runs N` (default 5) with the machine's load average,
 * and writes bench-results/interactions.json. Beside them, from a Chromium trace of each
 * run, the main thread's CPU time (thread time, which a busy machine disturbs far less
 * than the clock) from the start of each interaction until its effect was seen: all the
 * work it caused, also what ran after its first paint.
 *
 * `--against <folder>` (another build's dist/cdn, copied aside) runs that build in turns with
 * this one and prints both, for a before and after under the same load.
 *
 * `--trace`: records a Chromium trace with the V8 sampling profiler over the last run's
 * interactions and prints, for each, the main thread's tasks over 16 ms and the functions
 * with the most samples, named by their original source (dist/cdn's source maps).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { startEmulator } from '../demo/emulator/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/setup/chromium.ts';
import { testKey } from '../test/support/emulator-control.ts';
import { buildBundles, copyBuilt } from './lib/build.ts';
import { heroJpeg } from './lib/hero.ts';
import { productPage, productPageTheme, shopPage } from './lib/pages.ts';
import { median, ms, table } from './lib/print.ts';
import { samplesOf, selfTimes, sourceNamer } from './lib/samples.ts';
import { startSite } from './lib/server.ts';
import { TASK_PARTS, type TraceEvent } from './lib/trace.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const RUNS = Math.max(1, Number(arg('--runs', '5')) || 5);
const SLOWDOWN = Number(arg('--cpu', '4')) || 4;
/** `--page shop,product`: the pages measured, each in turn (shop: the shop-like page; product: the product page that reserves space; theme: the product page reserving nothing, its full summary above the fold). */
const PAGES = arg('--page', 'shop,product').split(',');
const BUILD = !process.argv.includes('--no-build');
const TRACE = process.argv.includes('--trace');
/** `--against <folder>`: another build's dist/cdn, run in turns with this one (the machine's load then weighs on both alike). */
const AGAINST = process.argv.includes('--against') ? arg('--against', '') : undefined;
const VIEWPORT = { width: 390, height: 844 };

/** The interactions in the order a run does them, with their targets (event duration; tap to visible lightbox). */
const INTERACTIONS = ['open a gallery post (lightbox)', 'next post in the lightbox', 'close the lightbox', 'open another post', 'press a hotspot', 'load more posts', 'sort the reviews'] as const;
type Interaction = (typeof INTERACTIONS)[number];
const EVENT_TARGET = 100;
const VISIBLE_TARGET = { first: 150, later: 100 };

/** An Event Timing entry as the page keeps it: its input delay (time stamp to handlers) and its handlers' time; the rest of its duration is its presentation. */
interface EventEntry {
  name: string;
  id: number;
  start: number;
  duration: number;
  delay: number;
  processing: number;
}

interface Run {
  /** Longest Event Timing duration of each interaction (0: none reached 16 ms). */
  events: Record<Interaction, number>;
  /** The longest entry's input delay, handlers' time and presentation (after the handlers, to the next paint). */
  split: Record<Interaction, [number, number, number]>;
  /** Which event types made the longest duration. */
  names: Record<Interaction, string>;
  visible: { first: number; later: number };
  /** The page's main thread's time (CPU, not waiting for a core) from the start of each interaction until its effect was seen and reported: all the work it caused, also after its first paint. */
  cpu: Record<Interaction, number>;
}

/** In the page before its scripts: every Event Timing entry, and a way to time a tap to a visible lightbox. */
function instrument(): void {
  const w = window as unknown as { __events: EventEntry[]; __visibleAfterTap: (postId: string) => Promise<number> };
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) w.__events.push({ name: e.name, id: e.interactionId, start: e.startTime, duration: e.duration, delay: e.processingStart - e.startTime, processing: e.processingEnd - e.processingStart });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  /** The tapped post's picture in the open lightbox, loaded and at least half opaque. */
  const shown = (postId: string): boolean => {
    const lightbox = document.querySelector('svc-post-gallery')?.shadowRoot?.querySelector('svc-post-lightbox')?.shadowRoot;
    if (!lightbox?.querySelector('dialog[open]')) return false;
    const card = lightbox.querySelector(`.card[data-post-id="${postId}"]`);
    const picture = card?.querySelector('svc-shoppable-post')?.shadowRoot?.querySelector<HTMLImageElement>('img.picture');
    if (!picture?.complete || picture.naturalWidth === 0) return false;
    // As opaque as the picture and everything around it (the dialog fading in) let it be.
    let opacity = 1;
    for (let node: Element | undefined = picture; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined)) opacity *= Number(getComputedStyle(node).opacity);
    return opacity >= 0.5;
  };
  w.__visibleAfterTap = (postId) =>
    new Promise((resolve) => {
      addEventListener(
        'pointerdown',
        (event) => {
          const tapped = event.timeStamp;
          const deadline = performance.now() + 10_000;
          // A frame's time stamp is when it was due, which can be long before a task that held
          // the thread ended: the time is the next frame's, which begins once the frame that
          // shows the picture was rendered.
          const check = () => {
            if (shown(postId)) requestAnimationFrame((next) => resolve(next - tapped));
            else if (performance.now() > deadline) resolve(Number.NaN);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        },
        { capture: true, once: true },
      );
    });
}

/** Waits two frames and a moment, so that the Event Timing entries of what was just done have been reported. */
async function reported(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
}

/** Waits until the main thread has had idle time (a shopper looks before tapping). */
async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 3000 }), 1000)));
}

async function oneRun(browser: Browser, url: string, traceNames?: (frame: Parameters<ReturnType<typeof sourceNamer>>[0]) => string): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    // As source: the bundler that runs this file names functions with a helper the page does not have.
    await page.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})();` });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');

    const events = {} as Record<Interaction, number>;
    const split = {} as Record<Interaction, [number, number, number]>;
    const names = {} as Record<Interaction, string>;
    const marks: Interaction[] = [];
    /**
     * Where a finger taps `target`: its centre, found (scrolled into view, laid out) before
     * the page idles, so that the tap itself is only the touch. Playwright's `tap()` checks
     * its target inside the page as it taps (layout, frames, and hit-test listeners on the
     * pointer events, all at the slowed CPU), which a shopper's finger does not.
     */
    const aim = async (target: Locator) => {
      await target.waitFor();
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      if (!box) throw new Error('bench:interactions: a tap target has no box');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const measure = async (name: Interaction, act: () => Promise<void>) => {
      const before = await page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length);
      // Marks, which a trace has on its own clock.
      await page.evaluate((n) => performance.mark(`from:${n}`), name);
      await act();
      await reported(page);
      await page.evaluate((n) => performance.mark(`to:${n}`), name);
      marks.push(name);
      const entries = (await page.evaluate((n) => (window as unknown as { __events: EventEntry[] }).__events.slice(n), before)).filter((e) => e.id > 0);
      const longest = entries.reduce((max, e) => Math.max(max, e.duration), 0);
      events[name] = longest;
      // Of the longest entries, the one that waited longest for its handlers (a tap's click waits for its pointer events).
      const worst = entries.filter((e) => e.duration === longest).sort((a, b) => b.delay - a.delay)[0];
      split[name] = worst ? [worst.delay, worst.processing, worst.duration - worst.delay - worst.processing] : [0, 0, 0];
      names[name] = [...new Set(entries.filter((e) => e.duration === longest).map((e) => e.name))].join('/');
      await idle(page);
    };

    const gallery = page.locator('svc-post-gallery');
    await gallery.scrollIntoViewIfNeeded();
    // The tiles' pictures (image posts) have loaded.
    const imageTiles = gallery.locator('.tile:not(:has(.badge))');
    await imageTiles.nth(2).locator('img.media.loaded').waitFor({ timeout: 30_000 });
    await idle(page);
    // Every run is traced (the main thread's tasks and their thread time); the sampling profiler only with --trace.
    const profile = traceNames !== undefined;
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'v8.execute', ...(profile ? ['disabled-by-default-v8.cpu_profiler'] : [])] });

    const visibleAfterTap = async (tile: Locator, at: { x: number; y: number }) => {
      const id = (await tile.getAttribute('data-post-id'))!;
      const visible = page.evaluate((postId) => (window as unknown as { __visibleAfterTap: (id: string) => Promise<number> }).__visibleAfterTap(postId), id);
      await page.touchscreen.tap(at.x, at.y);
      return visible;
    };
    const dialog = page.locator('svc-post-lightbox dialog[open]');
    let first = Number.NaN;
    let later = Number.NaN;
    const firstTile = await aim(imageTiles.nth(0));
    await idle(page);
    await measure('open a gallery post (lightbox)', async () => {
      first = await visibleAfterTap(imageTiles.nth(0), firstTile);
    });
    const next = await aim(dialog.locator('button.next'));
    await idle(page);
    await measure('next post in the lightbox', async () => {
      const before = await dialog.locator('article.card').getAttribute('data-post-id');
      await page.touchscreen.tap(next.x, next.y);
      await dialog.locator(`article.card:not([data-post-id="${before}"])`).waitFor();
    });
    const close = await aim(dialog.locator('button.close'));
    await idle(page);
    await measure('close the lightbox', async () => {
      await page.touchscreen.tap(close.x, close.y);
      await dialog.waitFor({ state: 'detached' });
    });
    const thirdTile = await aim(imageTiles.nth(2));
    await idle(page);
    await measure('open another post', async () => {
      later = await visibleAfterTap(imageTiles.nth(2), thirdTile);
    });
    await dialog.locator('button.close').tap();
    await dialog.waitFor({ state: 'detached' });
    await idle(page);

    const look = page.locator('svc-shoppable-post').first();
    await look.scrollIntoViewIfNeeded();
    await idle(page);
    const hotspot = await aim(look.locator('button.hotspot').first());
    await idle(page);
    await measure('press a hotspot', async () => {
      await page.touchscreen.tap(hotspot.x, hotspot.y);
      await look.locator('button.hotspot[aria-expanded="true"]').waitFor();
    });

    const tiles = await gallery.locator('.tile').count();
    const more = gallery.locator('button.load-more');
    const moreAt = await aim(more);
    await idle(page);
    await measure('load more posts', async () => {
      await page.touchscreen.tap(moreAt.x, moreAt.y);
      await page.waitForFunction((n) => (document.querySelector('svc-post-gallery')?.shadowRoot?.querySelectorAll('.tile').length ?? 0) > n, tiles);
    });

    const reviews = page.locator('svc-reviews');
    const select = reviews.locator('select');
    await select.scrollIntoViewIfNeeded();
    await reviews.locator('.review').first().waitFor();
    await idle(page);
    await measure('sort the reviews', async () => {
      const order = await select.inputValue();
      await select.focus();
      await page.keyboard.press('ArrowDown');
      if ((await select.inputValue()) === order) throw new Error('sort: ArrowDown on the select changed nothing');
      await page.waitForFunction(() => document.querySelector('svc-reviews')?.shadowRoot?.querySelector('.reviews')?.getAttribute('aria-busy') === 'false');
    });

    const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
    const main = mainThread(trace);
    const cpu = {} as Record<Interaction, number>;
    for (const mark of marks) cpu[mark] = main ? threadTime(trace, main, mark) : Number.NaN;
    if (profile && main) printTrace(trace, main, marks, traceNames);
    return { events, split, names, visible: { first, later }, cpu };
  } finally {
    await context.close();
  }
}

interface Thread {
  pid: number;
  tid: number;
  /** A mark's time stamp on the trace's clock. */
  at: (mark: string) => number;
}

/** The page's main thread in a trace: the renderer's thread with the most script, and its marks. */
function mainThread(events: readonly TraceEvent[]): Thread | undefined {
  const scripts = new Map<string, number>();
  for (const e of events) if (e.name === 'FunctionCall' || e.name === 'EventDispatch') scripts.set(`${e.pid}:${e.tid}`, (scripts.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...scripts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return undefined;
  const [pid, tid] = main.split(':').map(Number) as [number, number];
  return { pid, tid, at: (mark) => events.find((e) => e.name === mark && e.pid === pid)?.ts ?? Number.NaN };
}

const onThread = (thread: Thread) => (e: TraceEvent) => e.pid === thread.pid && e.tid === thread.tid;

/** Thread time (ms) of the main thread's tasks between an interaction's marks. */
function threadTime(events: readonly TraceEvent[], thread: Thread, mark: Interaction): number {
  const from = thread.at(`from:${mark}`);
  const to = thread.at(`to:${mark}`);
  const on = onThread(thread);
  return events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && on(e) && e.ts >= from && e.ts <= to).reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
}

/** Per interaction: the main thread's tasks over 16 ms and the functions with the most samples. */
function printTrace(events: TraceEvent[], thread: Thread, marks: Interaction[], name: ReturnType<typeof sourceNamer>): void {
  const { pid, at } = thread;
  const onMain = onThread(thread);
  const samples = samplesOf(events, pid, onMain);
  for (const mark of marks) {
    const from = at(`from:${mark}`);
    const to = at(`to:${mark}`);
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && (e.dur ?? 0) > 16_000 && e.ts >= from && e.ts <= to);
    console.log(`\n### ${mark}: ${tasks.length} task(s) over 16 ms`);
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = new Map<string, number>();
      for (const e of events) {
        if (!onMain(e) || e.dur === undefined || !TASK_PARTS.test(e.name) || e.ts < task.ts || e.ts + e.dur > end) continue;
        inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur);
      }
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([label, us]) => `${(us / 1000).toFixed(1)} ms ${label}`);
      console.log(`@+${((task.ts - from) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms (${((task.tdur ?? 0) / 1000).toFixed(0)} ms thread time); ${top(inside, 6).join(' | ')}`);
      for (const line of top(selfTimes(samples, task.ts, end, name), 10)) console.log(`    ${line}`);
    }
  }
}

/** The bench's pages, reading `apiBase`, with the script tag from a "CDN" serving `root`. */
async function serve(root: string, apiBase: string, which: string) {
  const cdn = await startSite({ root, pages: () => undefined, files: {} });
  const site = await startSite({
    root,
    files: { '/hero.jpg': heroJpeg() },
    pages: (path, query) => {
      const key = query.get('key') ?? 'svc_pk_demo';
      if (path !== '/') return undefined;
      return which === 'product' ? productPage(apiBase, key, cdn.origin) : which === 'theme' ? productPageTheme(apiBase, key, cdn.origin) : shopPage(apiBase, key, cdn.origin);
    },
  });
  return { url: (key: string) => `${site.origin}/?key=${encodeURIComponent(key)}`, close: () => Promise.all([site.close(), cdn.close()]) };
}

/** The figures of some runs beside their targets. */
function report(runs: Run[]): string {
  const range = (values: number[]) => `${ms(Math.min(...values))} to ${ms(Math.max(...values))}`;
  const rows = INTERACTIONS.map((name) => {
    const values = runs.map((r) => r.events[name]);
    const m = median(values);
    const part = (i: number) => ms(median(runs.map((r) => r.split[name][i]!)));
    return [name, m === 0 ? '< 16 ms' : ms(m), range(values), [...new Set(runs.map((r) => r.names[name]).filter(Boolean))].join(', '), `${part(0)} + ${part(1)} + ${part(2)}`, ms(median(runs.map((r) => r.cpu[name]))), `≤ ${EVENT_TARGET} ms`, m <= EVENT_TARGET ? 'met' : 'MISSED'];
  });
  for (const which of ['first', 'later'] as const) {
    const values = runs.map((r) => r.visible[which]);
    const m = median(values);
    rows.push([`tap to visible lightbox, ${which} open`, ms(m), range(values), '', '', '', `≤ ${VISIBLE_TARGET[which]} ms`, m <= VISIBLE_TARGET[which] ? 'met' : 'MISSED']);
  }
  return table(['interaction', 'median', 'runs', 'longest event', 'delay + handlers + paint', 'main thread CPU', 'target', ''], rows, ['l', 'r', 'r', 'l', 'r', 'r', 'r', 'l']);
}

const out = mkdtempSync(join(tmpdir(), 'storefront-interactions-'));
try {
  if (BUILD) await buildBundles(out);
  else copyBuilt(out);
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
  const results: Record<string, unknown> = {};
  try {
    for (const PAGE of PAGES) {
      const current = await serve(out, emulator.url, PAGE);
      const other = AGAINST ? await serve(AGAINST, emulator.url, PAGE) : undefined;
      try {
        const loadBefore = loadavg()[0]!;
        const label = PAGE === 'product' ? 'product' : PAGE === 'theme' ? 'theme-like product' : 'shop-like product';
        console.log(`\nnpm run bench:interactions: Chromium ${browser.version()}, ${label} page, ${VIEWPORT.width}×${VIEWPORT.height} with touch, CPU ×${SLOWDOWN}, ${RUNS} run(s)${other ? ` each of this build and of ${AGAINST}, taking turns` : ''}; ${cpus().length} cores, load average ${loadBefore.toFixed(1)}`);
        const runs: Run[] = [];
        const against: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          const trace = TRACE && i === RUNS - 1 ? sourceNamer(join('dist', 'cdn')) : undefined;
          runs.push(await oneRun(browser, current.url(await testKey(emulator.url, `bench_interactions_${PAGE}_${i}`)), trace));
          if (other) against.push(await oneRun(browser, other.url(await testKey(emulator.url, `bench_interactions_against_${PAGE}_${i}`))));
        }
        const loadAfter = loadavg()[0]!;
        if (other) console.log(`\n${AGAINST}:\n${report(against)}\n\nthis build:`);
        console.log(report(runs));
        console.log(`(Event Timing durations, rounded by the browser to 8 ms; none reported under 16 ms. Load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.)`);
        results[PAGE] = { load: [loadBefore, loadAfter], runs, against: other ? { build: AGAINST, runs: against } : undefined };
      } finally {
        await current.close();
        await other?.close();
      }
    }
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/interactions.json', JSON.stringify({ cpu: SLOWDOWN, viewport: VIEWPORT, pages: results }, null, 2));
  } finally {
    await browser.close();
    await emulator.close();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

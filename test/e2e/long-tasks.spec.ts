import { expect, test, type Browser } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { heroJpeg } from '../../bench/lib/hero.ts';
import { shopPage } from '../../bench/lib/pages.ts';
import { startSite, type Site } from '../../bench/lib/server.ts';
import type { TraceEvent } from '../../bench/lib/trace.ts';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';

/**
 * Issue 46: on the bench's shop-like product page (bench/pages/shop.html: a badge under
 * the title, the other elements below the fold, nothing reserved, the script tag from
 * another origin), at a phone's size with the CPU slowed 4× (as Lighthouse's phone), no
 * task of the widgets lasts 50 ms while the page loads (as Lighthouse sees it: no
 * scrolling), and the code of the elements far below the fold (the gallery and the
 * lightbox) does not load before a shopper comes near them.
 *
 * Robust on a busy machine: from a Chromium trace, each main-thread task's thread time
 * (the CPU it used, slowed 4×, without the time it waited for a core), and only the tasks
 * that ran the widgets' own scripts (by the scripts' URL: the CDN's origin). A machine
 * busy with other work still makes some tasks longer: up to three loads, the first
 * clean one passes (a task the code makes long is long in every load).
 */
const CDN_ROOT = fileURLToPath(new URL('../../dist/cdn/', import.meta.url));
const LIMIT_MS = 50;
const SLOWDOWN = 4;

interface Task {
  at: number;
  ms: number;
  wall: number;
  scripts: string[];
}

/**
 * The main thread's tasks that ran a script from `origin`, with their thread time (ms). A
 * task that parses the page (the deferred script tag can run in it) counts only the
 * widgets' own script in it: the rest is the page's HTML.
 */
function widgetTasks(events: readonly TraceEvent[], origin: string, url: string): Task[] {
  const navigation = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url).at(-1);
  if (!navigation) throw new Error('no navigation in the trace');
  const onMain = (e: TraceEvent) => e.pid === navigation.pid && e.tid === navigation.tid;
  const urlOf = (e: TraceEvent) => e.args?.data?.url ?? (e.args as { fileName?: string } | undefined)?.fileName ?? '';
  const scripts = events.filter((e) => onMain(e) && e.ph === 'X' && /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compileModule|TimerFire|EventDispatch)$/.test(e.name) && urlOf(e).startsWith(origin));
  const parsing = events.filter((e) => onMain(e) && e.ph === 'X' && (e.name === 'ParseHTML' || e.name === 'DocumentLoader::CommitNavigation'));
  const within = (task: TraceEvent) => (e: TraceEvent) => e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0);
  return events
    .filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.ts >= navigation.ts)
    .map((task) => {
      const inside = scripts.filter(within(task));
      // The outermost of the widgets' script events, when the task is the page's parsing.
      const own = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0)));
      const ms = parsing.some(within(task)) ? own.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) : (task.tdur ?? task.dur ?? 0);
      return { at: Math.round((task.ts - navigation.ts) / 1000), ms: ms / 1000, wall: (task.dur ?? 0) / 1000, scripts: [...new Set(inside.map((e) => new URL(urlOf(e)).pathname))] };
    })
    .filter((task) => task.scripts.length > 0);
}

async function load(browser: Browser, site: Site, cdn: Site): Promise<{ tasks: Task[]; before: string[]; far: string[] }> {
  const { apiBase } = e2eEnv();
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    // Which elements are more than a screen and a half below the viewport as the page is first laid out (nothing reserved: their places only move down from there).
    await page.addInitScript({
      content: `addEventListener('DOMContentLoaded', () => { window.__far = [...new Set([...document.querySelectorAll('svc-post-gallery, svc-reviews, svc-shoppable-post')].filter((e) => e.getBoundingClientRect().top > 2.5 * innerHeight).map((e) => e.localName))]; });`,
    });
    const url = `${site.origin}/?key=${encodeURIComponent(await testKey(apiBase, 'long_tasks'))}`;
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', 'v8.execute'] });
    await page.goto(url, { waitUntil: 'load' });
    // The badge under the title shows its stars.
    await expect(page.locator('svc-review-summary[variant="badge"] .badge:not(.loading)')).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    // The rich snippet, which loads when the page is idle, has written its JSON-LD: every element near the first viewport has loaded by then.
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1, { timeout: 20_000 });
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 3000 })));
    // What the page loaded of the widgets, a shopper not having scrolled.
    const before = await page.evaluate((origin) => performance.getEntriesByType('resource').map((r) => r.name).filter((name) => name.startsWith(origin)).map((name) => new URL(name).pathname), cdn.origin);
    const far = await page.evaluate(() => (window as unknown as { __far: string[] }).__far);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    return { tasks: widgetTasks(events, cdn.origin, url), before, far };
  } finally {
    await context.close();
  }
}

test.describe('long tasks on a shop-like product page', () => {
  let site: Site;
  let cdn: Site;
  test.beforeAll(async () => {
    cdn = await startSite({ root: CDN_ROOT, files: {}, pages: () => undefined });
    site = await startSite({ root: CDN_ROOT, files: { '/hero.jpg': heroJpeg() }, pages: (path, query) => (path === '/' ? shopPage(e2eEnv().apiBase, query.get('key') ?? 'svc_pk_demo', cdn.origin) : undefined) });
  });
  test.afterAll(async () => {
    await site?.close();
    await cdn?.close();
  });

  test(`no task of the widgets takes ${LIMIT_MS} ms at CPU ×${SLOWDOWN} while the page loads; the code of the elements far below waits`, async ({ browser }) => {
    test.setTimeout(120_000);
    const describe = (t: Task) => `@${t.at} ms: ${t.ms.toFixed(0)} ms thread time (${t.wall.toFixed(0)} ms wall) ${t.scripts.join(', ')}`;
    const loads: string[][] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { tasks, before, far } = await load(browser, site, cdn);
      expect(tasks.length, "the trace holds the widgets' tasks").toBeGreaterThan(3);
      // At 412×823 the gallery is further down than that; its code (and the lightbox's) waits for the shopper. (The review list loads at once still: src/elements/catalog.ts.)
      expect(far, 'elements far below the fold').toContain('svc-post-gallery');
      expect(before.filter((path) => far.some((tag) => tag !== 'svc-reviews' && path.endsWith(`/${tag}.js`)) || /\/svc-post-lightbox[-.]/.test(path)), 'modules loaded before a shopper came near').toEqual([]);
      const long = tasks.filter((task) => task.ms >= LIMIT_MS).map(describe);
      loads.push(long);
      if (long.length === 0) break;
      console.log(`long-tasks: load ${attempt + 1} had ${long.join(' | ')}; the longest: ${[...tasks].sort((a, b) => b.ms - a.ms).slice(0, 5).map(describe).join(' | ')}`);
    }
    expect(loads.at(-1), `the widgets' tasks over ${LIMIT_MS} ms, load by load: ${JSON.stringify(loads)}`).toEqual([]);
  });
});

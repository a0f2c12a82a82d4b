import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../test/setup/chromium.ts';
import { navigationTo, type TraceEvent } from './trace.ts';

export interface FirstLayout {
  /** The layouts before the largest contentful paint, on the page's main thread. */
  layoutMs: number;
  /**
   * The renderer's round trips to the browser process for fonts, for them: a face of the
   * family (one per weight or style) and a face at a size (Chromium on Linux: these trace
   * events are its font service's).
   */
  fontFaces: number;
  fontSizes: number;
  lcpMs: number;
}

/**
 * A page's first layout, in a Chromium of its own (cold, as in each Lighthouse run) at
 * Lighthouse's phone size. The count holds on a busy machine where the times do not.
 */
export async function firstLayout(url: string): Promise<FirstLayout> {
  const browser = await chromium.launch({ ...(chromiumExecutable() ? { executablePath: chromiumExecutable() } : {}), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'loading', 'fonts'] });
    await page.goto(url, { waitUntil: 'load' });
    // The load event may come before the first paint.
    await page.evaluate(() => new Promise((done) => new PerformanceObserver(done).observe({ type: 'largest-contentful-paint', buffered: true })));
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const start = navigationTo(events, url);
    const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === start?.pid).at(-1);
    if (!start || !lcp) throw new Error(`first layout: no navigation to ${url} or no contentful paint in its trace`);
    const main = events.find((e) => e.name === 'ParseHTML' && e.pid === start.pid)!.tid;
    const before = (name: string) => events.filter((e) => e.name === name && e.ph === 'X' && e.pid === start.pid && e.tid === main && e.ts >= start.ts && e.ts < lcp.ts);
    return {
      layoutMs: before('Layout').reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
      fontFaces: before('FontDataManager::onMatchFamilyStyle').length,
      fontSizes: before('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike').length,
      lcpMs: (lcp.ts - start.ts) / 1000,
    };
  } finally {
    await browser.close();
  }
}

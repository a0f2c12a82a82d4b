/**
 * Issue 32 in Firefox and WebKit: the first-viewport page (test/support/first-viewport.ts)
 * at a desktop's and a phone's size moves nothing with the reservation stylesheet (CLS ≤
 * 0.01, computed from the page's blocks frame by frame: neither engine has layout-shift
 * entries), and without it reports what moved (no assertion: the figure is the bench's).
 */
import { cumulative, FIRST_VIEWPORT_SIZES, type Shift } from '../support/first-viewport.ts';
import { until, type EnginePage } from './browsers.ts';

export interface FirstViewportRun {
  size: string;
  reserve: string;
  cls: number;
  shifts: Shift[];
}

/** Until every element in the first viewport shows its content (those below it keep their loading state). */
function contentShown(page: EnginePage): Promise<boolean> {
  return page.evaluate(() => {
    const shown = (element: Element | null | undefined, selector: string) => !element || element.getBoundingClientRect().top >= innerHeight || !!element.shadowRoot?.querySelector(selector);
    const summaries = document.querySelectorAll('main svc-review-summary');
    return (
      shown(summaries[1], '.summary') &&
      shown(document.querySelector('main svc-shoppable-post'), 'img.loaded') &&
      [...document.querySelectorAll('main svc-post-gallery')].every((gallery) => shown(gallery, 'button.tile')) &&
      shown(document.querySelector('main svc-reviews'), '.list, .empty')
    );
  });
}

/** Opens the page at each size, with the stylesheet linked and with nothing reserved; `url` builds its address. */
export async function firstViewportRuns(page: EnginePage, url: (reserve: 'link' | 'none') => string): Promise<FirstViewportRun[]> {
  const runs: FirstViewportRun[] = [];
  for (const size of FIRST_VIEWPORT_SIZES) {
    await page.setSize(size.width, size.height);
    for (const reserve of ['link', 'none'] as const) {
      await page.open(url(reserve));
      await until(() => contentShown(page), `the first viewport's elements at ${size.width}×${size.height} to show their content`, 30_000);
      // Two frames for the last render to be laid out and recorded.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      runs.push({ size: `${size.width}×${size.height}`, reserve, cls: cumulative(shifts), shifts });
    }
  }
  return runs;
}

/** Throws unless every run with the stylesheet stays at or under 0.01. */
export function assertFirstViewport(runs: FirstViewportRun[]): void {
  const over = runs.filter((run) => run.reserve === 'link' && run.cls > 0.01);
  if (over.length > 0) throw new Error(over.map((run) => `${run.size}: CLS ${run.cls.toFixed(4)} (${run.shifts.map((s) => `${s.value.toFixed(4)} ${s.sources.join(' ')}`).join('; ')})`).join('\n'));
}

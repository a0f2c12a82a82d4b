/**
 * What the engine specs check on a page whose widgets the server rendered
 * (`/ssr.html`, see test/e2e/static-server.ts): the server's markup alone, then the same
 * page with the script tag, once its elements have hydrated.
 */
import { overlapping, type Box } from '../support/boxes.ts';
import { until, type EnginePage } from './browsers.ts';

/** The masonry's list and tiles, each as [left, top from the list's top, width, height], rounded. */
function masonryBoxes(): { list: Box; cells: Box[] } {
  const root = document.querySelector('svc-post-gallery')!.shadowRoot!;
  const list = root.querySelector('.masonry')!.getBoundingClientRect();
  const box = (rect: DOMRect): Box => [rect.left, rect.top - list.top, rect.width, rect.height].map(Math.round) as Box;
  return { list: box(list), cells: [...root.querySelectorAll('.masonry > .cell')].map((cell) => box(cell.getBoundingClientRect())) };
}

/**
 * A masonry rendered on the server: its CSS alone (no script) places six tiles in four
 * columns at 1100 px, none over another, inside the list; once the gallery has hydrated
 * and measured its columns, every tile is where it was.
 */
export async function serverMasonry(page: EnginePage, url: (scripts: boolean) => string): Promise<void> {
  await page.open(url(false));
  const before = await page.evaluate(masonryBoxes);
  const columns = new Set(before.cells.map(([left]) => left)).size;
  if (before.cells.length !== 6 || columns !== 4) throw new Error(`the server's markup alone: ${before.cells.length} tiles in ${columns} columns, not 6 in 4: ${JSON.stringify(before)}`);
  for (const [i, a] of before.cells.entries()) {
    if (a[3] < 50 || a[1] + a[3] > before.list[3] + 1) throw new Error(`tile ${i} is ${a[3]} px tall or outside the list: ${JSON.stringify(before)}`);
  }
  const overlap = overlapping(before.cells);
  if (overlap) throw new Error(`tiles ${overlap[0]} and ${overlap[1]} overlap: ${JSON.stringify(before)}`);
  await page.open(url(true));
  await page.evaluate(() => document.querySelector('svc-post-gallery')!.scrollIntoView());
  await until(
    () => page.evaluate(() => ((document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.masonry') as HTMLElement | null)?.style.getPropertyValue('--_cols') ?? '') !== ''),
    'the masonry to hydrate and measure its columns',
  );
  const after = await page.evaluate(masonryBoxes);
  const moved = (boxes: typeof before) => JSON.stringify({ list: [boxes.list[0], boxes.list[2], boxes.list[3]], cells: boxes.cells });
  if (moved(after) !== moved(before)) throw new Error(`the tiles moved as the masonry hydrated:\n  before ${moved(before)}\n  after  ${moved(after)}`);
}

/** What a page shows of the server's styles: each element's box, the full summary's layout and bars (a fill's share of its track), the grid's columns. */
function serverLooks() {
  const box = (element: Element) => {
    const { left, top, width, height } = element.getBoundingClientRect();
    return [left, top + scrollY, width, height].map(Math.round);
  };
  const summary = document.querySelector('svc-review-summary:not([variant="badge"])')!;
  const root = summary.shadowRoot!;
  return {
    boxes: [...document.querySelectorAll('svc-review-summary, svc-shoppable-post, svc-post-gallery, svc-reviews')].map(box),
    visibility: getComputedStyle(summary).visibility,
    overview: getComputedStyle(root.querySelector('.overview')!).display,
    fills: [...root.querySelectorAll('.bar-fill')].map((fill) => Math.round((100 * fill.getBoundingClientRect().width) / fill.parentElement!.getBoundingClientRect().width)),
    columns: getComputedStyle(document.querySelector('svc-post-gallery')!.shadowRoot!.querySelector('.grid')!).gridTemplateColumns.split(' ').length,
  };
}

/**
 * A page rendered on the server under a strict CSP for styles (`style-src 'self'
 * 'nonce-…'`, no `'unsafe-inline'`): the server's markup alone is styled (no script), with
 * no violation; with the script tag, every element hydrates with nothing moved or
 * restyled, no violation, and no read (`reads` counts the key's requests).
 */
export async function serverStrictCsp(page: EnginePage, url: (scripts: boolean) => string, reads: () => Promise<number>): Promise<void> {
  const violations = () => page.evaluate(() => (window as unknown as { __pageRecord: { violations: string[]; errors: string[] } }).__pageRecord);
  await page.open(url(false));
  const before = await page.evaluate(serverLooks);
  if (before.visibility !== 'visible' || before.overview !== 'flex' || !before.fills.some((fill) => fill > 0) || before.columns < 2) throw new Error(`the server's markup alone is not styled: ${JSON.stringify(before)}`);
  const first = await violations();
  if (first.violations.length > 0) throw new Error(`the server's markup alone: ${first.violations.join('; ')}`);
  await page.open(url(true));
  const served = await reads();
  for (const tag of ['svc-review-summary', 'svc-shoppable-post', 'svc-post-gallery', 'svc-reviews']) {
    await page.evaluate((tag) => document.querySelector(tag)!.scrollIntoView(), tag);
    await until(() => page.evaluate((tag) => [...document.querySelectorAll(tag)].every((element) => (element as Element & { hasUpdated?: boolean }).hasUpdated === true), tag), `<${tag}> to hydrate`);
  }
  const after = await page.evaluate(serverLooks);
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`the page changed as it hydrated:\n  before ${JSON.stringify(before)}\n  after  ${JSON.stringify(after)}`);
  const record = await violations();
  if (record.violations.length > 0 || record.errors.length > 0) throw new Error(`violations or errors: ${JSON.stringify(record)}`);
  const now = await reads();
  if (now !== served) throw new Error(`the elements read again as they hydrated: ${now - served} request(s)`);
}

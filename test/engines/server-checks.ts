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

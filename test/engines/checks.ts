/**
 * What the engine specs check on a shop page with every element, through the public
 * surface only: the tags, their attributes, `::part` names, events, accessible names and
 * what is on screen. Nothing here knows how the bundles load their parts.
 */
import { until, type EnginePage } from './browsers.ts';

declare global {
  interface Window {
    /** Every element matching `selector` in `root` and in the open shadow roots inside it. */
    __deep(selector: string, root?: ParentNode): Element[];
    /** `detail.index` of every `svc-post-open` so far. */
    __opened: number[];
    /** Kept by /page-record.js from the page's first script on. */
    __pageRecord: { errors: string[]; violations: string[] };
  }
}

/** A tagged product of a post, as the API sends it. */
export interface Tag {
  x: number;
  y: number;
  title: string;
}

export interface PageSetup {
  product: string;
  /** Posts that tag products (one with hotspots in the media's corners), with their tags and media size. */
  posts: { id: string; tags: Tag[]; width: number; height: number }[];
}

export interface Check {
  name: string;
  run(page: EnginePage, setup: PageSetup): Promise<void>;
}

const TAGS = ['svc-storefront', 'svc-post-gallery', 'svc-shoppable-post', 'svc-review-summary', 'svc-reviews', 'svc-rich-snippet'];

/** After each `open`: the deep query and the `svc-post-open` record the checks read. */
export async function installHelpers(page: EnginePage): Promise<void> {
  await page.evaluate(() => {
    const deep = (selector: string, root: ParentNode = document): Element[] => {
      const found = [...root.querySelectorAll(selector)];
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) found.push(...deep(selector, element.shadowRoot));
      return found;
    };
    window.__deep = deep;
    window.__opened = [];
    document.addEventListener('svc-post-open', (event) => window.__opened.push((event as CustomEvent<{ index: number }>).detail.index));
  });
}

/** Waits until `fn` in the page returns true. */
function waitInPage<A extends unknown[]>(page: EnginePage, what: string, fn: (...args: A) => boolean, ...args: A): Promise<void> {
  return until(() => page.evaluate(fn, ...args), what);
}

function fail(message: string): never {
  throw new Error(message);
}

const rendered: Check = {
  name: 'every element is defined and shows data from the emulator',
  async run(page) {
    await waitInPage(page, `${TAGS.join(', ')} to be defined`, (tags) => tags.every((tag) => customElements.get(tag) !== undefined), TAGS);
    const seen = () =>
      page.evaluate(() => {
        const summary = document.querySelector('svc-review-summary')?.shadowRoot;
        const snippet = document.head.querySelector('script[type="application/ld+json"][data-svc-rich-snippet]');
        return {
          'a review average': summary != null && window.__deep('[part~="average"]', summary).some((average) => /\d/.test(average.textContent ?? '')),
          'a shoppable post with hotspots': window.__deep('[part~="hotspot"]').length > 0,
          'gallery tiles': window.__deep('[part~="tile"]').length > 0,
          reviews: window.__deep('[part~="review"]').length > 0,
          'the rich snippet': snippet !== null && (JSON.parse(snippet.textContent ?? '{}') as { '@type'?: string })['@type'] === 'Product',
        };
      });
    let missing: string[] = [];
    await until(async () => {
      missing = Object.entries(await seen())
        .filter(([, shown]) => !shown)
        .map(([what]) => what);
      return missing.length === 0;
    }, 'every element to show its data').catch(() => fail(`not on screen: ${missing.join(', ')}`));
  },
};

/** Widths of the placement elements (their media area square, so that contain letterboxes and cover crops). */
const PLACEMENT_WIDTHS = [320, 560];

const placement: Check = {
  name: 'hotspots within 1 px of their point (contain and cover, two widths), drawn whole inside the media',
  async run(page, setup) {
    for (const fit of ['contain', 'cover'] as const) {
      await page.evaluate(
        (fit, posts) => {
          const storefront = document.querySelector('svc-storefront')!;
          for (const post of posts) {
            const element = document.createElement('svc-shoppable-post');
            element.setAttribute('post-id', post.id);
            element.setAttribute('fit', fit);
            element.setAttribute('hide-products', '');
            element.classList.add('placement');
            // Through the CSSOM: a strict style-src refuses style attributes.
            element.style.display = 'block';
            element.style.setProperty('--svc-shoppable-aspect', '1');
            storefront.append(element);
          }
        },
        fit,
        setup.posts,
      );
      for (const width of PLACEMENT_WIDTHS) {
        await page.evaluate((width) => {
          for (const element of document.querySelectorAll<HTMLElement>('svc-shoppable-post.placement')) element.style.width = `${width}px`;
        }, width);
        let report = '';
        await until(async () => {
          report = await page.evaluate(measurePlacement, fit, setup.posts);
          return report === '';
        }, `hotspots to settle (fit=${fit}, ${width} px)`).catch(() => fail(`fit="${fit}", ${width} px wide: ${report}`));
      }
      await page.evaluate(() => document.querySelectorAll('svc-shoppable-post.placement').forEach((element) => element.remove()));
    }
  },
};

/**
 * In the page: every hotspot of the placement elements against its expected centre, from
 * the media area's box, the media's size and the object-fit rules, moved inward just
 * enough for the hotspot's whole box to lie inside the shown media. Returns what is off
 * ('' when all is right).
 */
function measurePlacement(fit: 'contain' | 'cover', posts: PageSetup['posts']): string {
  const problems: string[] = [];
  const elements = [...document.querySelectorAll('svc-shoppable-post.placement')];
  if (elements.length !== posts.length) return `${elements.length} placement elements`;
  for (const [index, post] of posts.entries()) {
    const element = elements[index]!;
    const stage = window.__deep('[part~="media"]', element.shadowRoot!)[0];
    if (!stage) {
      problems.push(`${post.id}: no media area`);
      continue;
    }
    const area = stage.getBoundingClientRect();
    if (area.width === 0) {
      problems.push(`${post.id}: media area not laid out`);
      continue;
    }
    const scale = (fit === 'cover' ? Math.max : Math.min)(area.width / post.width, area.height / post.height);
    const drawn = { left: area.left + (area.width - post.width * scale) / 2, top: area.top + (area.height - post.height * scale) / 2, width: post.width * scale, height: post.height * scale };
    const shown = { left: Math.max(drawn.left, area.left), top: Math.max(drawn.top, area.top), right: Math.min(drawn.left + drawn.width, area.right), bottom: Math.min(drawn.top + drawn.height, area.bottom) };
    const buttons = window.__deep('[part~="hotspot"]', element.shadowRoot!);
    for (const tag of post.tags) {
      const button = buttons.find((candidate) => candidate.getAttribute('aria-label')?.startsWith(`${tag.title},`));
      if (!button) {
        problems.push(`${post.id}: no hotspot named "${tag.title}, …"`);
        continue;
      }
      const x = drawn.left + tag.x * drawn.width;
      const y = drawn.top + tag.y * drawn.height;
      const expectShown = x >= area.left - 0.5 && x <= area.right + 0.5 && y >= area.top - 0.5 && y <= area.bottom + 0.5;
      const box = button.getBoundingClientRect();
      const isShown = box.width > 0 && getComputedStyle(button).visibility !== 'hidden';
      if (isShown !== expectShown) {
        problems.push(`${post.id} "${tag.title}" at (${tag.x}, ${tag.y}): ${isShown ? 'shown, but the crop cuts its point off' : 'hidden, but its point is shown'}`);
        continue;
      }
      if (!isShown) continue;
      const radius = box.width / 2;
      const inward = (value: number, start: number, end: number) => (end - start <= 2 * radius ? (start + end) / 2 : Math.min(end - radius, Math.max(start + radius, value)));
      const expected = { x: inward(x, shown.left, shown.right), y: inward(y, shown.top, shown.bottom) };
      const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const off = Math.max(Math.abs(centre.x - expected.x), Math.abs(centre.y - expected.y));
      if (off > 1) problems.push(`${post.id} "${tag.title}" at (${tag.x}, ${tag.y}): centre ${centre.x.toFixed(1)},${centre.y.toFixed(1)}, expected ${expected.x.toFixed(1)},${expected.y.toFixed(1)}`);
      const inside = box.left >= shown.left - 0.5 && box.top >= shown.top - 0.5 && box.right <= shown.right + 0.5 && box.bottom <= shown.bottom + 0.5;
      if (!inside) problems.push(`${post.id} "${tag.title}": its box is not whole inside the shown media`);
    }
  }
  return problems.join('; ');
}

const lightbox: Check = {
  name: 'the lightbox opens from the keyboard, moves with the arrow keys, closes with Escape, focus back on its tile',
  async run(page) {
    await waitInPage(page, 'four gallery tiles', () => window.__deep('[part~="tile"]', document.querySelector('svc-post-gallery')!.shadowRoot!).length >= 4);
    await page.evaluate(() => {
      window.__opened = [];
      (window.__deep('[part~="tile"]', document.querySelector('svc-post-gallery')!.shadowRoot!)[1] as HTMLElement).focus();
    });
    await page.press('Enter');
    const dialogOpen = () => window.__deep('[part~="dialog"]').some((dialog) => (dialog as HTMLDialogElement).open);
    await waitInPage(page, 'the lightbox to open on Enter', dialogOpen);
    await waitInPage(page, 'svc-post-open for the second tile', () => window.__opened.join() === '1');
    await page.press('ArrowRight');
    await waitInPage(page, 'ArrowRight to show the third post', () => window.__opened.at(-1) === 2);
    await page.press('ArrowLeft');
    await waitInPage(page, 'ArrowLeft to show the second post again', () => window.__opened.at(-1) === 1);
    await page.press('Escape');
    await waitInPage(page, 'Escape to close the lightbox', () => !window.__deep('[part~="dialog"]').some((dialog) => (dialog as HTMLDialogElement).open));
    await waitInPage(page, 'focus to return to the second tile', () => {
      const gallery = document.querySelector('svc-post-gallery')!;
      return document.activeElement === gallery && gallery.shadowRoot!.activeElement === window.__deep('[part~="tile"]', gallery.shadowRoot!)[1];
    });
  },
};

const carousel: Check = {
  name: "the carousel's buttons move it",
  async run(page, setup) {
    await page.evaluate((product) => {
      const element = document.createElement('svc-post-gallery');
      element.setAttribute('product-ref', product);
      element.setAttribute('layout', 'carousel');
      element.setAttribute('page-size', '8');
      element.id = 'carousel';
      element.style.display = 'block';
      element.style.width = '600px';
      document.querySelector('svc-storefront')!.append(element);
    }, setup.product);
    const firstTileLeft = () => page.evaluate(() => window.__deep('[part~="tile"]', document.getElementById('carousel')!.shadowRoot!)[0]?.getBoundingClientRect().left ?? Number.NaN);
    await waitInPage(page, 'carousel tiles and its next button', () => {
      const root = document.getElementById('carousel')!.shadowRoot!;
      return window.__deep('[part~="tile"]', root).length > 2 && window.__deep('[part~="next"]', root).some((button) => !(button as HTMLButtonElement).disabled);
    });
    const start = await firstTileLeft();
    await page.click(() => window.__deep('[part~="next"]', document.getElementById('carousel')!.shadowRoot!)[0]);
    // Moved, and come to rest (the same place on two reads 100 ms apart), as a shopper sees
    // it stop before pressing "previous": a press during the smooth scroll is another test.
    let last = Number.NaN;
    const seen: number[] = [];
    await until(async () => {
      const left = await firstTileLeft();
      const settled = left < start - 50 && Math.abs(left - last) < 0.5;
      last = left;
      seen.push(Math.round(left));
      return settled;
    }, 'the next button to move the carousel, and the carousel to come to rest').catch((error: unknown) => {
      // Where the first tile was, so that a failure tells a click that missed from a scroll that stopped.
      throw new Error(`${error instanceof Error ? error.message : String(error)} (first tile at ${Math.round(start)} px before, then ${seen.slice(-8).join(', ')})`);
    });
    await waitInPage(page, 'the previous button to be enabled', () => window.__deep('[part~="prev"]', document.getElementById('carousel')!.shadowRoot!).some((button) => !(button as HTMLButtonElement).disabled));
    await page.click(() => window.__deep('[part~="prev"]', document.getElementById('carousel')!.shadowRoot!)[0]);
    await until(async () => Math.abs((await firstTileLeft()) - start) <= 1, 'the previous button to move the carousel back');
    await page.evaluate(() => document.getElementById('carousel')!.remove());
  },
};

const reviewFilter: Check = {
  name: "a review summary's bar filters the review list",
  async run(page) {
    // The fewest stars with reviews: not what the list shows first unfiltered.
    const star = await page.evaluate(() => {
      const bars = window.__deep('[part~="bar"]', document.querySelector('svc-review-summary')!.shadowRoot!);
      const counts = bars.map((bar) => /:\s*(\d+)/.exec(bar.getAttribute('aria-label') ?? '')?.[1]);
      const index = counts.map(Number).findLastIndex((count) => count > 0);
      return index < 0 ? undefined : 5 - index;
    });
    if (star === undefined) fail('no bar of the summary has reviews');
    await page.click((star) => window.__deep('[part~="bar"]', document.querySelector('svc-review-summary')!.shadowRoot!)[5 - star], star);
    await waitInPage(
      page,
      `the review list to show only ${star}-star reviews`,
      (star) => {
        const stars = window.__deep('[part~="review"] [part~="review-stars"]', document.querySelector('svc-reviews')!.shadowRoot!);
        return stars.length > 0 && stars.every((element) => element.getAttribute('aria-label')?.startsWith(`${star} `));
      },
      star,
    );
  },
};

const badgeBox: Check = {
  name: "the loader's rule holds a badge's height before its code arrives: the height it renders at",
  async run(page, setup) {
    // The rule is in place (a stylesheet built in script: a browser that refused it would reserve nothing, silently), with the height it reserves.
    const height = await page.evaluate(() => {
      const rules = document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
      return rules.find((rule) => /svc-review-summary\[variant="?badge"?\]:not\(:defined\)/.test(rule.selectorText ?? ''))?.style.height;
    });
    if (!height) fail("the loader's rule for badges is not among the document's stylesheets");
    await page.evaluate((product) => {
      const badge = document.createElement('svc-review-summary');
      badge.setAttribute('product-ref', product);
      badge.setAttribute('variant', 'badge');
      badge.id = 'engine-badge';
      document.querySelector('svc-storefront')!.append(badge);
    }, setup.product);
    await waitInPage(page, 'the badge to show its count', () => /\d/.test(window.__deep('[part~="count"]', document.getElementById('engine-badge')!.shadowRoot!)[0]?.textContent ?? ''));
    // What the rule reserves against the badge as rendered.
    const [reserved, rendered] = await page.evaluate((height) => {
      const probe = document.createElement('span');
      probe.style.cssText = `display:inline-block;height:${height}`;
      document.body.append(probe);
      const heights = [probe.getBoundingClientRect().height, document.getElementById('engine-badge')!.getBoundingClientRect().height];
      probe.remove();
      document.getElementById('engine-badge')!.remove();
      return heights;
    }, height);
    if (Math.abs(reserved! - rendered!) > 0.5) fail(`the rule reserves ${reserved} px, the badge renders ${rendered} px tall`);
  },
};

const fold: Check = {
  name: 'a gallery in the first viewport loads its first row at once, one just below the fold lazily',
  async run(page, setup) {
    await page.evaluate((product) => {
      // Added after the page loaded: each renders at once, its first row eager only if it shows.
      // Fixed to the viewport, whatever the earlier checks left the page scrolled to.
      for (const [id, top] of [['fold-above', 0], ['fold-below', innerHeight + 50]] as const) {
        const element = document.createElement('svc-post-gallery');
        element.setAttribute('product-ref', product);
        element.setAttribute('page-size', '4');
        element.setAttribute('columns', '2');
        element.id = id;
        element.style.cssText = `display:block;position:fixed;left:0;top:${top}px;width:300px`;
        document.querySelector('svc-storefront')!.append(element);
      }
    }, setup.product);
    const loading = (id: string) => page.evaluate((id) => window.__deep('img[part~="media"]', document.getElementById(id)!.shadowRoot!).map((img) => (img as HTMLImageElement).loading).join(' '), id);
    // The observer tells each gallery where it is after its first render: wait for its answer.
    const expected = { 'fold-above': 'eager eager lazy lazy', 'fold-below': 'lazy lazy lazy lazy' };
    const seen: Record<string, string> = {};
    await until(async () => {
      for (const id of Object.keys(expected)) seen[id] = await loading(id);
      return Object.entries(expected).every(([id, wanted]) => seen[id] === wanted);
    }, 'both galleries to load their pictures as their place asks').catch(() => fail(`pictures loaded: in the first viewport ${seen['fold-above']}, below the fold ${seen['fold-below']}`));
    await page.evaluate(() => ['fold-above', 'fold-below'].forEach((id) => document.getElementById(id)!.remove()));
  },
};

const clean: Check = {
  name: 'no uncaught error, no unhandled rejection, no CSP violation',
  async run(page) {
    const record = await page.evaluate(() => window.__pageRecord);
    const lines = [...record.errors, ...record.violations.map((line) => `CSP violation: ${line}`)];
    if (lines.length > 0) fail(lines.join('\n'));
  },
};

/** In this order on each page (the last one reads what the others may have caused). */
export const CHECKS: Check[] = [rendered, placement, lightbox, carousel, reviewFilter, badgeBox, fold, clean];

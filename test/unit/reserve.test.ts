import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gridHeight, POST, postHeight, RESERVED_TAGS, reserveCss, summaryHeight } from '../../src/elements/reserve.ts';
import { DEFAULT_GAP, MIN_TILE } from '../../src/elements/post-gallery/gallery-options.ts';
import { GALLERY_BUTTON, SUMMARY } from '../../src/elements/shared/reserve-sizes.ts';

const source = (path: string) => readFileSync(new URL(`../../src/elements/${path}`, import.meta.url), 'utf8');

describe('the reservation stylesheet', () => {
  const css = reserveCss();

  it("for some elements, their rules alone: each tag's rules name no other element, and together they hold every rule of the sheet", () => {
    const rules = (sheet: string) => sheet.split('}').filter(Boolean);
    for (const tag of RESERVED_TAGS) {
      const own = reserveCss([tag]);
      expect(own).toContain(tag);
      for (const other of RESERVED_TAGS.filter((name) => name !== tag)) expect(own).not.toContain(`${other}:`);
      expect(own.length).toBeLessThan(css.length);
    }
    // The hosts' shared rules name each host once: every other rule of the whole sheet is one tag's.
    const union = new Set(RESERVED_TAGS.flatMap((tag) => rules(reserveCss([tag]))));
    for (const rule of rules(css)) if (!rule.includes(',:where(')) expect(union).toContain(rule);
    expect(reserveCss([])).toBe('');
    expect(reserveCss(RESERVED_TAGS)).toBe(css);
  });

  it('is written from the numbers the elements lay out with', () => {
    // The gallery's grid, gap and footer.
    expect(source('post-gallery/post-gallery.styles.ts')).toContain(`var(--svc-gallery-gap, ${DEFAULT_GAP}px)`);
    expect(source('post-gallery/post-gallery.styles.ts')).toContain(`max(${MIN_TILE}px`);
    expect(source('post-gallery/post-gallery.styles.ts')).toContain(`min-height: ${GALLERY_BUTTON}px; /* reserve-sizes.ts's GALLERY_BUTTON */`);
    // The summary's bars (five of 28 px, 2 px apart; 40 px from SUMMARY.threeColumns, 44 px on a touch screen) and its text's lines.
    expect(source('shared/reviews/distribution.ts')).toMatch(/min-block-size: 28px;[\s\S]*min-block-size: 44px;/);
    expect(source('shared/reviews/distribution.ts')).toContain('row-gap: 2px');
    expect(source('review-summary/full-summary.ts')).toContain(`@container (min-width: ${SUMMARY.threeColumns})`);
    expect(source('review-summary/full-summary.ts')).toContain(`min-block-size: ${(SUMMARY.wideBars - 8) / 5}px;`);
    expect(source('review-summary/generated-summary.ts')).toContain(`--svc-review-summary-lines: ${SUMMARY.lines}`);
    expect(source('review-summary/generated-summary.ts')).toContain('* 1.5em');
    // The shoppable post's list column, beside the media from POST.wideFrom.
    expect(source('shoppable-post/product.styles.ts')).toContain(`flex: 0 0 ${POST.column}`);
    const states = source('shoppable-post/shoppable-post.styles.ts');
    expect(states).toContain(`calc(100% - clamp(0px, (100% - ${POST.wideFrom - 0.5}px) * 1000, ${POST.wideGap}px + ${POST.column}))`);
    expect(states).toContain(`clamp(0px, (${POST.wideFrom - 0.5}px - 100%) * 1000, ${POST.narrowGap + POST.products}px)`);
    expect(source('shoppable-post/shoppable-view.styles.ts')).toContain(`gap: ${POST.narrowGap}px; /* reserve-sizes.ts's POST_NARROW_GAP */`);
    expect(source('shoppable-post/shoppable-view.styles.ts')).toContain(`gap: ${POST.wideGap}px; /* reserve-sizes.ts's POST_WIDE_GAP */`);
    expect(source('reviews/reviews.styles.ts')).toContain('min-block-size: ${REVIEWS_FIRST_SCREEN}px');
    // Beside the media from POST.wideFrom, by container queries (the server's markup obeys them too).
    expect(source('shoppable-post/shoppable-view.styles.ts')).toContain(`@container (width >= ${POST.wideFrom}px)`);
    expect(source('shoppable-post/product.styles.ts')).toContain(`@container (width >= ${POST.wideFrom}px)`);
    expect(css).toContain(POST.column);
  });

  it('reserves the summed heights', () => {
    expect(css).toContain(`calc(${summaryHeight(320) - SUMMARY.lines * 24}px + var(--svc-review-summary-lines,4)*1.5em)`);
    expect(css).toContain(`calc(${summaryHeight(700) - SUMMARY.lines * 24}px + var(--svc-review-summary-lines,4)*1.5em)`);
    expect(css).toContain(`max(${summaryHeight(1120)}px,`);
    // As the browser measured them at a 16 px font (test/e2e/first-viewport.spec.ts compares the boxes themselves).
    expect([summaryHeight(1120), summaryHeight(700), summaryHeight(342)]).toEqual([208, 318, 424]);
    expect(Math.round(gridHeight(1120, { columns: 4, pageSize: 8 }))).toBe(622);
    expect(Math.round(gridHeight(342, { columns: 4, pageSize: 8 }))).toBe(764);
    expect(Math.round(gridHeight(1120, { columns: 3, pageSize: 6 }))).toBe(811);
    expect(postHeight(1120, 4 / 3)).toBe(561);
    expect(postHeight(342, 4 / 3)).toBeCloseTo(376.5);
  });

  it('leaves server-rendered elements alone (but the badge) and weighs nothing', () => {
    for (const rule of css.split('}').filter((rule) => rule.includes('{') && !rule.startsWith('@'))) {
      const selector = rule.slice(0, rule.indexOf('{')).replace(/^@container[^{]*\{/, '');
      if (selector.includes('variant=badge]:not(:defined))')) continue;
      for (const one of selector.split(/,(?=:where)/)) expect(one, rule).toMatch(/^:where\(svc-[\w-]+.*:not\(:defined\):not\(:has\(>\[data-svc-state\]\)\)\)(::before|::after)?$/);
    }
  });

  it('stays small', async () => {
    const { brotliCompressSync } = await import('node:zlib');
    expect(brotliCompressSync(css).length).toBeLessThanOrEqual(1000);
  });
});

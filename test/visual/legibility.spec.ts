import { expect, test, type Page } from '@playwright/test';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from '../e2e/env.ts';

/**
 * Issue 42's measurable promises, on the themes fixture (test/visual/themes-page.ts) with
 * every element loaded: on the Dawn family's 62.5 % root no widget text is under 12.5 px
 * and the badge's stars are as tall as the text beside them; on a dark page that sets no
 * `--svc-*` property every text meets WCAG AA (4.5:1, 3:1 from 18.66 px bold or 24 px).
 * Each test prints what it measured.
 */

interface Text {
  where: string;
  text: string;
  size: number;
  bold: boolean;
  contrast: number;
}

/** Every visible text in the elements' shadow roots: its size and its contrast against what is painted behind it (backgrounds composited up to the page's). */
function measureTexts(page: Page): Promise<Text[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)/.exec(value);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(value);
      return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])] : [0, 0, 0, 0];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + bottom[i]! * (1 - top[3])).concat(1) as Rgba;
    const parentOf = (node: Element): Element | null => node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
    const background = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = parentOf(node)) {
        const layer = parse(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = (c: Rgba) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    const texts: Text[] = [];
    for (const host of document.querySelectorAll('svc-review-summary, svc-reviews, svc-post-gallery, svc-shoppable-post')) {
      const walker = document.createTreeWalker(host.shadowRoot!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!.trim();
        const element = node.parentElement;
        if (!text || !element || element.closest('.visually-hidden, .vh, .stage, .tile, [inert], style')) continue;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        const bg = background(element);
        const fg = over(parse(style.color), bg);
        const [a, b] = [luminance(fg), luminance(bg)];
        texts.push({ where: `${host.localName} .${element.className || element.localName}`, text: text.slice(0, 30), size: parseFloat(style.fontSize), bold: Number(style.fontWeight) >= 700, contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) });
      }
    }
    return texts;
  });
}

async function openTheme(page: Page, theme: string, width: number): Promise<void> {
  const { apiBase, site } = e2eEnv();
  await page.setViewportSize({ width, height: 2600 });
  const key = await testKey(apiBase, 'legibility');
  await page.goto(`${site}/themes.html?${new URLSearchParams({ key, theme })}`);
  await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
  await expect(page.locator('svc-review-summary:not([variant=badge]) [part~="average"]')).toBeVisible();
  await expect(page.locator('svc-shoppable-post [part~="product"]').first()).toBeVisible();
  await expect(page.locator('svc-review-summary[variant=badge] [part~="badge"]')).toBeVisible();
}

for (const width of [390, 1280]) {
  test(`Dawn family (62.5 % root) at ${width} px: no widget text under 12.5 px, the badge's stars as tall as the text beside them`, async ({ page }) => {
    await openTheme(page, 'dawn', width);
    const texts = await measureTexts(page);
    const smallest = texts.reduce((min, text) => (text.size < min.size ? text : min));
    const stars = await page.evaluate(() => {
      const badge = document.querySelector('svc-review-summary[variant=badge]')!;
      return { stars: badge.shadowRoot!.querySelector('.stars svg')!.getBoundingClientRect().height, text: parseFloat(getComputedStyle(badge.parentElement!).fontSize) };
    });
    const lowest = texts.reduce((min, text) => (text.contrast < min.contrast ? text : min));
    console.log(`dawn ${width}px: ${texts.length} texts, smallest ${smallest.size} px (${smallest.where} "${smallest.text}"); badge stars ${stars.stars} px beside ${stars.text} px text; lowest contrast ${lowest.contrast.toFixed(2)}:1 (${lowest.where})`);
    expect(smallest.size).toBeGreaterThanOrEqual(12.5);
    expect(lowest.contrast).toBeGreaterThanOrEqual(4.5);
    expect(stars.stars).toBeCloseTo(stars.text, 0);
  });

  test(`dark page without custom properties at ${width} px: every text meets WCAG AA`, async ({ page }) => {
    await openTheme(page, 'dark', width);
    const texts = await measureTexts(page);
    const failing = texts.filter((text) => text.contrast < (text.size >= 24 || (text.bold && text.size >= 18.66) ? 3 : 4.5));
    const lowest = texts.reduce((min, text) => (text.contrast < min.contrast ? text : min));
    console.log(`dark ${width}px: ${texts.length} texts, lowest contrast ${lowest.contrast.toFixed(2)}:1 (${lowest.where} "${lowest.text}")`);
    expect(texts.length).toBeGreaterThan(30);
    expect(failing.map((text) => `${text.where} "${text.text}" ${text.contrast.toFixed(2)}:1`)).toEqual([]);
  });
}

test.describe('on a touch screen (coarse pointer)', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('every control is at least 44 × 44 px (text buttons in a sentence at least 24 px tall)', async ({ page }) => {
    await openTheme(page, 'dawn', 390);
    const sizes = await page.evaluate(() => {
      const matches = matchMedia('(pointer: coarse)').matches;
      const out: { what: string; width: number; height: number; inline: boolean }[] = [];
      for (const host of document.querySelectorAll('svc-review-summary:not([variant=badge]), svc-reviews, svc-post-gallery, svc-shoppable-post')) {
        for (const control of host.shadowRoot!.querySelectorAll<HTMLElement>('button, select, a')) {
          if (control.closest('[inert], .reserve')) continue;
          // A bar's target is its whole row (the button's ::after); a hotspot's its hit area.
          const target = control.classList.contains('bar') ? control.closest('.bar-row')! : control;
          const box = target.getBoundingClientRect();
          if (box.width === 0 || getComputedStyle(control).visibility === 'hidden') continue;
          out.push({ what: `${host.localName} ${control.localName}.${control.className}`, width: Math.round(box.width), height: Math.round(box.height), inline: control.classList.contains('link-button') || control.classList.contains('entry') });
        }
      }
      return { matches, out };
    });
    expect(sizes.matches).toBe(true);
    const small = sizes.out.filter((s) => (s.inline ? s.height < 24 : s.height < 44 || s.width < 44));
    console.log(`coarse pointer, dawn 390px: ${sizes.out.length} controls, smallest ${Math.min(...sizes.out.filter((s) => !s.inline).map((s) => s.height))} px tall (text buttons ${Math.min(...sizes.out.filter((s) => s.inline).map((s) => s.height))} px)`);
    expect(small).toEqual([]);
  });
});

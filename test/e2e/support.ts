import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENTS, elementName } from '../../src/elements/catalog.ts';
import { testKey } from '../support/emulator-control.ts';
import { e2eEnv } from './env.ts';
import { DIST } from './static-server.ts';

export const TAGS = ELEMENTS.map((entry) => entry.tag);

/** An element's module and every chunk it imports, directly or not (paths under dist/cdn/module/), from the build's manifest. */
export function moduleFiles(tag: string): string[] {
  return chunkFiles(`src/elements/${elementName(tag)}/${tag}.ts`);
}

type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
const manifest = (): Manifest => JSON.parse(readFileSync(join(DIST, 'cdn/module/.vite/manifest.json'), 'utf8')) as Manifest;

/** The manifest's key of a chunk group (build/chunk-groups.ts) by its name, such as `summary`. */
export function groupChunk(name: string): string {
  const chunks = manifest();
  const key = Object.keys(chunks).find((candidate) => chunks[candidate]!.name === name && !chunks[candidate]!.isEntry);
  if (key === undefined) throw new Error(`no chunk named ${name} in the build's manifest`);
  return key;
}

/** The files under dist/cdn/module/ that importing a chunk (its manifest key: an entry's source path or a group's key) loads: it and every chunk it imports. */
export function chunkFiles(key: string): string[] {
  const chunks = manifest();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of chunks[key]!.imports ?? []) visit(next);
  };
  visit(key);
  return [...seen].map((key) => chunks[key]!.file);
}

/** The chunk of the full review summary's part, which `<svc-review-summary>` imports on demand (not a badge). */
export const FULL_SUMMARY_PART = 'summary';

export interface Console {
  warnings: string[];
  errors: string[];
}

/** Opens `/page.html` with a fresh key of its own, recording console warnings and errors and uncaught exceptions. */
export async function openPage(page: Page, name: string, params: Record<string, string>): Promise<Console> {
  const { apiBase, site } = e2eEnv();
  const key = await testKey(apiBase, `e2e_${name}`);
  const log: Console = { warnings: [], errors: [] };
  page.on('console', (message) => {
    if (message.type() === 'warning') log.warnings.push(message.text());
    if (message.type() === 'error') {
      const { url, lineNumber, columnNumber } = message.location();
      log.errors.push(`${message.text()} (${url}:${lineNumber}:${columnNumber})`);
    }
  });
  page.on('pageerror', (error) => log.errors.push(`uncaught: ${error.message}`));
  await page.goto(`${site}/page.html?${new URLSearchParams({ key, ...params })}`);
  return log;
}

/** Every element on the page rendered what the emulator serves. */
export async function expectAllRendered(page: Page): Promise<void> {
  // The rarely used elements are defined a moment later, when their code has loaded.
  for (const tag of TAGS) await expect.poll(() => page.evaluate((name) => customElements.get(name) !== undefined, tag), `${tag} is defined`).toBe(true);
  await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
  await expect(page.locator('svc-shoppable-post [part~="hotspot"]').first()).toBeVisible();
  await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
  await expect(page.locator('svc-reviews [part~="review"]').first()).toBeVisible();
  await expectRichSnippet(page);
}

/** `<svc-rich-snippet>` put one schema.org Product JSON-LD into the head. */
export async function expectRichSnippet(page: Page): Promise<void> {
  const snippet = page.locator('head script[type="application/ld+json"][data-svc-rich-snippet]');
  await expect(snippet).toHaveCount(1);
  const json = JSON.parse((await snippet.textContent()) ?? '{}') as Record<string, unknown>;
  expect(json['@type']).toBe('Product');
}

/** The record the registering copy leaves on `globalThis`, and the script tag's global. */
export async function registration(page: Page): Promise<{ record: unknown; global: string | undefined }> {
  return page.evaluate(() => ({
    record: (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('storefront-widgets.registered.v1')],
    global: (globalThis as unknown as { StorefrontWidgets?: { version: string } }).StorefrontWidgets?.version,
  }));
}

/** Answers the requests whose URL matches `url` `ms` late (as a slow network would), with what the server sends. */
export async function answerLate(page: Page, url: RegExp, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // Meanwhile the test may have unrouted (the request then went on without waiting) or left the page.
    await route.continue().catch((error: Error) => {
      if (!/already handled|closed/.test(error.message)) throw error;
    });
  });
}

/** One layout shift as `recordShifts` describes it: when, how much, the scroll then, and what moved from where to where. */
export interface ShiftDetail {
  at: number;
  value: number;
  scrollY: number;
  sources: { node: string; previous: number[]; current: number[] }[];
}

/** Records the page's layout shifts from its first paint on (call before opening it); `layoutShifts` reads them, `shiftDetails` their sources. */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    const details: ShiftDetail[] = [];
    Object.assign(globalThis, { shifts, shiftDetails: details });
    // `svc-post-gallery >> div.tile`: the node, and the element whose shadow root holds it.
    const describe = (node: Node | null): string => {
      if (!node) return '(no node: removed, or not exposed)';
      const element = node as Element;
      const name = node.nodeName.toLowerCase() + (element.id ? `#${element.id}` : '') + (element.classList?.length ? `.${[...element.classList].join('.')}` : '');
      const host = (node.getRootNode() as ShadowRoot).host;
      return host ? `${host.localName} >> ${name}` : name;
    };
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round);
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: Source[] })[]) {
        shifts.push(entry.value);
        details.push({ at: Math.round(entry.startTime), value: entry.value, scrollY: Math.round(scrollY), sources: entry.sources.map((s) => ({ node: describe(s.node), previous: rect(s.previousRect), current: rect(s.currentRect) })) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts `recordShifts` recorded so far: their values. */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as unknown as { shifts: number[] }).shifts);
}

/** The layout shifts `recordShifts` recorded so far, each with its sources ([x, y, width, height] before and after), one line each, for a failure's message. */
export async function shiftDetails(page: Page): Promise<string> {
  const details = await page.evaluate(() => (globalThis as unknown as { shiftDetails: ShiftDetail[] }).shiftDetails);
  return details.map((shift) => `${shift.value.toFixed(4)} at ${shift.at} ms (scrollY ${shift.scrollY}): ${shift.sources.map((s) => `${s.node} [${s.previous.join(',')}] → [${s.current.join(',')}]`).join('; ')}`).join('\n');
}

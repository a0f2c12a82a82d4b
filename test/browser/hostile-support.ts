/**
 * Helpers for the "widgets never break the shop page" browser tests: traps that notice
 * a payload running (`window.__pwned`, dialogs, console), the emulator's record of hits
 * on its planted URL, walks over every open shadow root, and the checks on URLs,
 * injected markup, JSON-LD and layout that the hostile, malformed and isolation tests share.
 */
import { expect } from 'vitest';
import { testKey } from '../support/emulator-control.ts';

type Spied = Window & { __pwned?: (id: string) => void };

export interface Traps {
  /** Ids passed to `window.__pwned`. */
  pwned: string[];
  /** `alert` / `confirm` / `prompt` / `print` calls. */
  dialogs: string[];
  /** Console messages that mention `PWNED`. */
  consoleHits: string[];
  /** Every console.error and console.warn, as text. */
  errors: string[];
  warnings: string[];
  restore(): void;
}

const CONSOLE_METHODS = ['error', 'warn', 'log', 'info', 'debug'] as const;

/**
 * Replaces `window.__pwned`, the dialogs and the console methods by recording spies
 * (call `restore()` after). `quiet`: warnings, errors and logs are recorded only, not printed.
 */
export function installTraps(options: { quiet?: boolean } = {}): Traps {
  const traps: Traps = { pwned: [], dialogs: [], consoleHits: [], errors: [], warnings: [], restore: () => undefined };
  const win = window as Spied;
  const saved = { alert: win.alert, confirm: win.confirm, prompt: win.prompt, print: win.print };
  const savedConsole = Object.fromEntries(CONSOLE_METHODS.map((name) => [name, console[name]])) as Record<(typeof CONSOLE_METHODS)[number], (...args: unknown[]) => void>;
  win.__pwned = (id: string) => void traps.pwned.push(String(id));
  win.alert = (message?: unknown) => void traps.dialogs.push(`alert ${String(message)}`);
  win.confirm = (message?: string) => (traps.dialogs.push(`confirm ${String(message)}`), false);
  win.prompt = (message?: string) => (traps.dialogs.push(`prompt ${String(message)}`), null);
  win.print = () => void traps.dialogs.push('print');
  for (const name of CONSOLE_METHODS) {
    console[name] = (...args: unknown[]) => {
      const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
      if (text.includes('PWNED')) traps.consoleHits.push(text.slice(0, 200));
      if (name === 'error') traps.errors.push(text);
      if (name === 'warn') traps.warnings.push(text);
      if (!options.quiet) savedConsole[name](...args);
    };
  }
  traps.restore = () => {
    Object.assign(win, saved);
    delete win.__pwned;
    for (const name of CONSOLE_METHODS) console[name] = savedConsole[name];
  };
  return traps;
}

export interface PwnedHit {
  id: string;
  at: number;
  method: string;
}

/** Requests that reached the emulator's planted URL (`/__emulator/pwned`). */
export async function pwnedHits(apiBase: string): Promise<PwnedHit[]> {
  return (await (await fetch(`${apiBase}/__emulator/pwned-log`)).json()) as PwnedHit[];
}

export async function clearPwnedHits(apiBase: string): Promise<void> {
  await fetch(`${apiBase}/__emulator/pwned-log`, { method: 'DELETE' });
}

/** Every element under `root`, including inside every open shadow root, at any depth. */
export function allElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const element of node.querySelectorAll('*')) {
      found.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  return found;
}

/** Attributes that load or navigate to a URL. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'srcset', 'action', 'formaction', 'data', 'xlink:href', 'background', 'ping', 'cite', 'longdesc', 'manifest', 'codebase'];

/** Every URL attribute in `host`'s shadow tree (and nested ones) that is not an absolute http(s) URL, and every inline style with `url(`. */
export function unsafeUrls(host: Element): string[] {
  const problems: string[] = [];
  for (const element of [host, ...allElements(host.shadowRoot ?? host)]) {
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      let protocol = '';
      try {
        protocol = new URL(value).protocol;
      } catch {
        protocol = 'unparsable';
      }
      if (!/^https?:\/\//i.test(value) || (protocol !== 'http:' && protocol !== 'https:')) problems.push(`<${element.localName} ${name}="${value.slice(0, 120)}">`);
    }
    const style = element.getAttribute('style');
    if (style && /url\s*\(|expression\s*\(|@import/i.test(style)) problems.push(`<${element.localName} style="${style.slice(0, 120)}">`);
  }
  return problems;
}

const FORBIDDEN_TAGS = new Set(['script', 'iframe', 'object', 'embed', 'meta', 'base', 'frame', 'frameset', 'applet', 'link', 'form', 'foreignobject']);

/** Elements and attributes in `host`'s shadow tree that only injected markup would make. */
export function injectedMarkup(host: Element): string[] {
  const problems: string[] = [];
  for (const element of allElements(host.shadowRoot ?? host)) {
    if (FORBIDDEN_TAGS.has(element.localName)) problems.push(`<${element.localName}>`);
    for (const attribute of element.getAttributeNames()) if (/^on/i.test(attribute)) problems.push(`<${element.localName} ${attribute}>`);
  }
  return problems;
}

/** The visible text of `host`'s shadow tree (and nested ones), with Lit's markers left out. */
export function shadowText(host: Element): string {
  return allElements(host.shadowRoot ?? host)
    .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? ''))
    .join(' ');
}

/** Properties whose string values must be absolute http(s) URLs in emitted JSON-LD. */
const JSON_LD_URL_KEYS = new Set(['url', 'image', '@id', 'sameAs', 'logo', 'availability', 'itemCondition', 'contentUrl', 'thumbnailUrl', 'embedUrl']);

/** What is wrong with the library's JSON-LD scripts in the head: raw `<`, unparsable JSON, non-http(s) URLs. */
export function jsonLdProblems(doc: Document = document): { scripts: number; problems: string[] } {
  const problems: string[] = [];
  const scripts = [...doc.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"][data-svc-rich-snippet]')];
  for (const script of scripts) {
    const text = script.text;
    if (text.includes('<')) problems.push(`raw "<" in ${script.getAttribute('data-svc-rich-snippet')}`);
    if (/[\u2028\u2029]/.test(text)) problems.push('raw U+2028/U+2029');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      problems.push('not JSON');
      continue;
    }
    const walk = (node: unknown, key: string) => {
      if (Array.isArray(node)) return node.forEach((item) => walk(item, key));
      if (typeof node === 'object' && node !== null) {
        for (const [name, item] of Object.entries(node)) walk(item, name);
        return;
      }
      if (typeof node !== 'string' || !JSON_LD_URL_KEYS.has(key)) return;
      let ok = false;
      try {
        const protocol = new URL(node).protocol;
        ok = /^https?:\/\//i.test(node) && (protocol === 'http:' || protocol === 'https:');
      } catch {
        ok = false;
      }
      if (!ok) problems.push(`${key}: ${node.slice(0, 100)}`);
    };
    walk(value, '');
  }
  return { scripts: scripts.length, problems };
}

interface Box {
  left: number;
  right: number;
}

/** The element's parent in the flat tree (slot, parent, or shadow host). */
function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * The part of `element` that can be seen horizontally: its box cut by every clipping
 * ancestor up to and including `stop` (overflow other than visible, with
 * `overflow-clip-margin` for `clip`; `clip`, `clip-path`); `undefined` when nothing of it shows.
 */
function visibleBox(element: Element, stop: Element): Box | undefined {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return undefined;
  const own = getComputedStyle(element);
  if (own.visibility === 'hidden' || own.clipPath !== 'none' || (own.clip !== 'auto' && own.clip !== '')) return undefined;
  let box: Box = { left: rect.left, right: rect.right };
  for (let parent = flatParent(element); parent; parent = parent === stop ? null : flatParent(parent)) {
    const style = getComputedStyle(parent);
    if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) return undefined;
    if (style.overflowX !== 'visible') {
      const clip = parent.getBoundingClientRect();
      const margin = style.overflowX === 'clip' ? parseFloat(style.overflowClipMargin) || 0 : 0;
      box = { left: Math.max(box.left, clip.left - margin), right: Math.min(box.right, clip.right + margin) };
      if (box.right - box.left <= 0) return undefined;
    }
  }
  return box;
}

/** Whether `element` is inside an open modal dialog (the top layer), in the flat tree. */
function inTopLayer(element: Element, stop: Element): boolean {
  for (let node: Element | null = element; node && node !== stop; node = flatParent(node)) {
    if (node instanceof HTMLDialogElement && node.open) return true;
  }
  return false;
}

/**
 * Elements of `host`'s shadow tree that show outside its box horizontally (by more than
 * 1 px), and the host's own scroll overflow. A host that clips (`overflow: clip` or
 * `hidden`) cannot scroll: what it cuts off does not show (truncation), and only what
 * it paints beyond its box (an `overflow-clip-margin`) counts. Content in an open
 * modal dialog is measured against that dialog instead (see `dialogOverflow`).
 */
export function overflowOffenders(host: Element): string[] {
  const bounds = host.getBoundingClientRect();
  const problems: string[] = [];
  const style = getComputedStyle(host);
  const clips = style.overflowX === 'clip' || style.overflowX === 'hidden';
  if (!clips && host.scrollWidth > host.clientWidth + 1 && style.display !== 'contents') problems.push(`host scrollWidth ${host.scrollWidth} > clientWidth ${host.clientWidth}`);
  for (const element of allElements(host.shadowRoot ?? host)) {
    if (inTopLayer(element, host)) continue;
    const box = visibleBox(element, host);
    if (box && (box.left < bounds.left - 1 || box.right > bounds.right + 1)) {
      problems.push(`<${element.localName} class="${element.getAttribute('class') ?? ''}"> spans ${Math.round(box.left)}..${Math.round(box.right)} outside ${Math.round(bounds.left)}..${Math.round(bounds.right)}`);
    }
  }
  return problems;
}

/** For an open modal dialog: it stays in the viewport, and nothing inside shows beyond it. */
export function dialogOverflow(dialog: HTMLDialogElement): string[] {
  const bounds = dialog.getBoundingClientRect();
  const problems: string[] = [];
  if (bounds.left < -1 || bounds.right > window.innerWidth + 1) problems.push(`dialog spans ${bounds.left}..${bounds.right} of a ${window.innerWidth} px viewport`);
  if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push(`dialog scrollWidth ${dialog.scrollWidth} > clientWidth ${dialog.clientWidth}`);
  for (const element of allElements(dialog)) {
    const box = visibleBox(element, dialog);
    if (box && (box.left < bounds.left - 1 || box.right > bounds.right + 1)) {
      problems.push(`<${element.localName} class="${element.getAttribute('class') ?? ''}"> spans ${Math.round(box.left)}..${Math.round(box.right)} outside the dialog ${Math.round(bounds.left)}..${Math.round(bounds.right)}`);
    }
  }
  return problems;
}

/** The page itself does not scroll sideways. */
export function pageOverflow(): string[] {
  const width = document.documentElement.clientWidth;
  return document.documentElement.scrollWidth > width + 1 ? [`page scrollWidth ${document.documentElement.scrollWidth} > ${width}`] : [];
}

/** Asserts every "nothing ran" signal: spies, dialogs, console, planted URL (after a short wait for late image loads). */
export async function expectNothingRan(traps: Traps, apiBase: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(traps.pwned, 'window.__pwned was called').toEqual([]);
  expect(traps.dialogs, 'a dialog was opened').toEqual([]);
  expect(traps.consoleHits, 'a payload wrote to the console').toEqual([]);
  expect(await pwnedHits(apiBase), 'the planted URL was requested').toEqual([]);
  expect((Object.prototype as Record<string, unknown>)['polluted'], 'Object.prototype was polluted').toBeUndefined();
}

/** Creates a storefront element with attributes in `parent` (the body by default). */
export function mount<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | true>, parent: Element = document.body): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value === true ? '' : value);
  parent.append(element);
  return element;
}

/** Waits until `test` holds, polling each animation frame (faster than `expect.poll` for DOM states). */
export async function until(test: () => boolean, timeout = 10_000, what = 'condition'): Promise<void> {
  const end = performance.now() + timeout;
  while (!test()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * What a fault test reads from a clean key before it breaks its own: the handles of the
 * products with more than `minReviews` reviews, and an image post with tagged products.
 */
export async function faultFixtures(apiBase: string, seedKey: string, minReviews: number): Promise<{ products: string[]; postId: string }> {
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { products: { handle: string; review_count: number }[] };
  const products = info.products.filter((p) => p.review_count > minReviews).map((p) => p.handle);
  const clean = await testKey(apiBase, seedKey);
  const posts = await rawGet<{ data: { id: string; type: string; tagged_products: unknown[] }[] }>(apiBase, '/posts?market=us&limit=20', clean);
  return { products, postId: posts.data.find((p) => p.type === 'IMAGE' && p.tagged_products.length > 0)!.id };
}

/** Raw JSON from the API (no normalizer), for tests that pass wire data through a `post` property. */
export async function rawGet<T>(apiBase: string, path: string, key: string): Promise<T> {
  const response = await fetch(`${apiBase}/v1${path}`, { headers: { Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

import type { Browser, Request } from '@playwright/test';
import { requestLog, testKey, type LoggedRequest } from '../../test/support/emulator-control.ts';

/**
 * One load of a page in Chromium (Playwright), from navigation until the network is
 * idle and every requested image has loaded, the page scrolled through (so that lazy
 * images load) and back: the scripts and images it fetched, the API requests the
 * emulator logged for the page's own key, and the layout shifts (CLS: shifts without
 * recent input; a scripted scroll is not input).
 */
export interface PageRun {
  scripts: { url: string; transferred: number; decoded: number }[];
  images: { url: string; transferred: number }[];
  requests: number;
  transferred: number;
  /** The page's HTML documents as sent (compressed), without headers. */
  documents: number;
  api: LoggedRequest[];
  preflights: number;
  cls: number;
  shifts: { at: number; value: number; sources: string[] }[];
  imagesInPage: number;
  imagesNeverRequested: number;
  console: string[];
  checks: { jsonLd: number; alerts: number; undefinedElements: string[]; galleryTiles: number[] };
  settledMs: number;
}

/**
 * Installed before any page script. A string, not a function, so that nothing the
 * TypeScript runner adds to functions ends up in the page.
 */
const OBSERVER = `
  window.__bench = { cls: 0, shifts: [] };
  const describe = (node) => {
    if (!node) return '?';
    const name = node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.classList && node.classList.length ? '.' + [...node.classList].join('.') : '');
    const root = node.getRootNode && node.getRootNode();
    return root && root.host ? root.host.nodeName.toLowerCase() + ' >> ' + name : name;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__bench.cls += entry.value;
      window.__bench.shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: entry.sources.map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** What the page looks like now, through every open shadow root. */
const SNAPSHOT = `(() => {
  const all = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  const images = all.filter((el) => el.localName === 'img');
  return {
    images: images.map((img) => ({ src: img.currentSrc || img.src, complete: img.complete })),
    jsonLd: document.head.querySelectorAll('script[type="application/ld+json"]').length,
    alerts: all.filter((el) => el.getAttribute('role') === 'alert' && el.textContent.trim() !== '').length,
    undefinedElements: [...new Set(all.filter((el) => el.localName.startsWith('svc-') && !customElements.get(el.localName)).map((el) => el.localName))],
    galleryTiles: all.filter((el) => el.localName === 'svc-post-gallery').map((g) => g.shadowRoot ? g.shadowRoot.querySelectorAll('.tile').length : 0),
    height: document.documentElement.scrollHeight,
  };
})()`;

interface Snapshot {
  images: { src: string; complete: boolean }[];
  jsonLd: number;
  alerts: number;
  undefinedElements: string[];
  galleryTiles: number[];
  height: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Loads `url(key)` with a fresh emulator key in a fresh context and measures it. */
export async function measurePage(browser: Browser, apiBase: string, url: (key: string) => string, name: string): Promise<PageRun> {
  const key = await testKey(apiBase, `bench_${name}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVER);
    const consoleMessages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') consoleMessages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleMessages.push(`pageerror: ${error.message}`));

    let inFlight = 0;
    let lastActivity = Date.now();
    const finished: Promise<void>[] = [];
    const scripts: PageRun['scripts'] = [];
    const images: PageRun['images'] = [];
    let requests = 0;
    let transferred = 0;
    let documents = 0;
    context.on('request', () => {
      inFlight++;
      requests++;
      lastActivity = Date.now();
    });
    const done = (request: Request, ok: boolean) => {
      inFlight--;
      lastActivity = Date.now();
      if (!ok) return;
      finished.push(
        (async () => {
          const sizes = await request.sizes().catch(() => undefined);
          const response = await request.response();
          // The body as the server sent it (compressed), without HTTP/2's framing, which Chrome counts in.
          const length = Number(response?.headers()['content-length']);
          const body = Number.isInteger(length) && length > 0 ? length : (sizes?.responseBodySize ?? 0);
          transferred += (sizes?.responseBodySize ?? body) + (sizes?.responseHeadersSize ?? 0);
          const type = request.resourceType();
          if (type === 'script') {
            const decoded = response ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
            scripts.push({ url: request.url(), transferred: body, decoded });
          } else if (type === 'image') images.push({ url: request.url(), transferred: body });
          else if (type === 'document') documents += body;
        })(),
      );
    };
    context.on('requestfinished', (request) => done(request, true));
    context.on('requestfailed', (request) => done(request, false));

    /** Until nothing has been in flight for `quietMs`. */
    const idle = async (quietMs = 800, timeoutMs = 30_000) => {
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        if (inFlight <= 0 && Date.now() - lastActivity >= quietMs) return;
        await sleep(100);
      }
      throw new Error(`${name}: the network did not go idle within ${timeoutMs} ms (${inFlight} requests in flight)`);
    };

    const started = Date.now();
    const response = await page.goto(url(key), { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${name}: ${url(key)} answered ${response?.status()}: ${await response?.text()}`);
    await idle();
    const settledMs = Date.now() - started;
    // Scroll through (the lazy images load), until the page stops growing, then back up.
    let height = 0;
    for (let pass = 0; pass < 3; pass++) {
      const snapshot = (await page.evaluate(SNAPSHOT)) as Snapshot;
      if (snapshot.height === height) break;
      height = snapshot.height;
      for (let y = 0; y <= height; y += 600) {
        await page.evaluate(`window.scrollTo(0, ${y})`);
        await sleep(120);
      }
      await idle();
    }
    await page.evaluate('window.scrollTo(0, 0)');
    await idle();
    // Every image the page asked for has loaded (lazy images never near the viewport are not asked for).
    let snapshot = (await page.evaluate(SNAPSHOT)) as Snapshot;
    const requested = () => new Set(images.map((image) => image.url));
    for (let wait = 0; wait < 100 && snapshot.images.some((image) => !image.complete && requested().has(image.src)); wait++) {
      await sleep(100);
      snapshot = (await page.evaluate(SNAPSHOT)) as Snapshot;
    }
    await sleep(300);
    snapshot = (await page.evaluate(SNAPSHOT)) as Snapshot;
    const shifts = (await page.evaluate('window.__bench')) as { cls: number; shifts: PageRun['shifts'] };
    await Promise.all(finished);
    const log = await requestLog(apiBase, key, { preflights: true });
    const seen = requested();
    return {
      scripts,
      images,
      requests,
      transferred,
      documents,
      api: log.filter((entry) => entry.method !== 'OPTIONS'),
      preflights: log.filter((entry) => entry.method === 'OPTIONS').length,
      cls: shifts.cls,
      shifts: shifts.shifts,
      imagesInPage: snapshot.images.length,
      imagesNeverRequested: snapshot.images.filter((image) => !seen.has(image.src)).length,
      console: consoleMessages,
      checks: { jsonLd: snapshot.jsonLd, alerts: snapshot.alerts, undefinedElements: snapshot.undefinedElements, galleryTiles: snapshot.galleryTiles },
      settledMs,
    };
  } finally {
    await context.close();
  }
}

/** `GET /v1/posts/{post_id}`-style names: the path with its ids and handles replaced. */
export function endpointOf(entry: LoggedRequest): string {
  const path = entry.path
    .replace(/^\/v1\/posts\/[^/]+$/, '/v1/posts/{post_id}')
    .replace(/^\/v1\/products\/[^/]+\//, '/v1/products/{product_ref}/');
  return `${entry.method} ${path}`;
}

/** The request as a URL (path and sorted query), to tell repeated requests for one resource. */
export function resourceOf(entry: LoggedRequest): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(entry.query).sort()) {
    const value = entry.query[name]!;
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
  }
  const q = query.toString();
  return `${entry.method} ${entry.path}${q ? `?${q}` : ''}`;
}

export function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return new Map([...counts].sort((a, b) => a[0].localeCompare(b[0])));
}

/** Resources requested more than once. */
export function duplicates(api: LoggedRequest[]): [string, number][] {
  return [...countBy(api, resourceOf)].filter(([, n]) => n > 1);
}

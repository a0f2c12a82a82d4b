/**
 * Firefox and WebKit for the engine specs, from Debian's packages: `firefox-esr` driven
 * through WebDriver BiDi by puppeteer-core, and WebKitGTK's MiniBrowser driven through
 * `WebKitWebDriver` by webdriverio, under `xvfb-run` (the MiniBrowser has no headless
 * mode). Both behind one small `EnginePage`, so that the checks are written once.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import puppeteer, { type Browser as PuppeteerBrowser, type ElementHandle, type JSHandle, type Page as PuppeteerPage } from 'puppeteer-core';
import { remote } from 'webdriverio';

/** The Debian package that installs the MiniBrowser, and where it puts it. */
const WEBKIT_PACKAGE = 'libwebkit2gtk-4.1-0';
const DEBIAN_MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DEBIAN_FIREFOX = '/usr/bin/firefox-esr';

/** Installs what the engine specs need on Debian (CI runs it in `.ci/run`). */
export const INSTALL_HINT = 'apt-get install -y firefox-esr webkit2gtk-driver xvfb';

/** A page of one engine: navigation, script in the page, real keys and clicks, screenshots. */
export interface EnginePage {
  readonly engine: string;
  open(url: string): Promise<void>;
  /** Runs `fn` in the page (its source is sent: it can use only its arguments and the page). */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** A real pointer click on the element `find` returns in the page. */
  click<A extends unknown[]>(find: (...args: A) => Element | null | undefined, ...args: A): Promise<void>;
  /** Presses and releases a key (`Enter`, `Escape`, `ArrowRight`, …) where the focus is. */
  press(key: 'Enter' | 'Escape' | 'ArrowLeft' | 'ArrowRight'): Promise<void>;
  setSize(width: number, height: number): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: 'Firefox' | 'WebKit';
  launch(): Promise<EnginePage>;
}

/** `FIREFOX_PATH`, else Debian's `firefox-esr`. */
function firefoxPath(): string | undefined {
  const path = process.env['FIREFOX_PATH'] ?? DEBIAN_FIREFOX;
  return existsSync(path) ? path : undefined;
}

/** `WEBKIT_MINIBROWSER`, else the MiniBrowser in the file list of Debian's WebKitGTK package, else its usual place. */
function miniBrowserPath(): string | undefined {
  const fromEnv = process.env['WEBKIT_MINIBROWSER'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  try {
    const listed = execFileSync('dpkg', ['-L', WEBKIT_PACKAGE], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .find((file) => file.endsWith('/MiniBrowser'));
    if (listed && existsSync(listed)) return listed;
  } catch {
    // No dpkg, or the package is not installed: try the usual place.
  }
  return existsSync(DEBIAN_MINIBROWSER) ? DEBIAN_MINIBROWSER : undefined;
}

function onPath(command: string): boolean {
  return (process.env['PATH'] ?? '').split(':').some((folder) => folder !== '' && existsSync(`${folder}/${command}`));
}

/** What is missing to run both engines, as readable lines (empty when all is there). */
export function missingBrowsers(): string[] {
  const missing: string[] = [];
  if (!firefoxPath()) missing.push(`Firefox: no ${process.env['FIREFOX_PATH'] ?? DEBIAN_FIREFOX} (package firefox-esr, or set FIREFOX_PATH)`);
  if (!onPath('WebKitWebDriver')) missing.push('WebKit: no WebKitWebDriver on PATH (package webkit2gtk-driver)');
  if (!miniBrowserPath()) missing.push(`WebKit: no MiniBrowser (package ${WEBKIT_PACKAGE}, pulled in by webkit2gtk-driver, or set WEBKIT_MINIBROWSER)`);
  if (!onPath('xvfb-run')) missing.push('WebKit: no xvfb-run for a virtual display (package xvfb)');
  return missing;
}

/** Every page function may be compiled with esbuild's `__name(…)` helper around inner functions: the page gets a stand-in. */
const NAME_HELPER = 'globalThis.__name ??= (target) => target;';

/** What is on screen is painted two animation frames later (after a resize, a scroll, a click). */
const TWO_FRAMES = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

/** Tries `attempt` until it returns true, for at most `ms`; throws with `what` on time-out. */
export async function until(attempt: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await attempt().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

export const firefox: Engine = {
  name: 'Firefox',
  async launch() {
    const browser: PuppeteerBrowser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath()!, headless: true });
    const page: PuppeteerPage = await browser.newPage();
    // Puppeteer's types turn handles in arguments into values; the checks pass plain data only.
    const inPage = page.evaluate.bind(page) as (fn: unknown, ...args: unknown[]) => Promise<never>;
    const handleInPage = page.evaluateHandle.bind(page) as (fn: unknown, ...args: unknown[]) => Promise<JSHandle<Element>>;
    return {
      engine: 'Firefox',
      async open(url) {
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
        await page.evaluate(NAME_HELPER);
      },
      evaluate: (fn, ...args) => inPage(fn, ...args),
      async click(find, ...args) {
        const handle = (await handleInPage(find, ...args)).asElement() as ElementHandle<Element> | null;
        if (handle === null) throw new Error(`nothing to click: ${find.toString()}`);
        await handle.click();
        await handle.dispose();
      },
      press: (key) => page.keyboard.press(key),
      setSize: (width, height) => page.setViewport({ width, height }),
      async screenshot(path) {
        await page.evaluate(TWO_FRAMES);
        await page.screenshot({ path: path as `${string}.png`, fullPage: true });
      },
      close: () => browser.close(),
    };
  },
};

/** The W3C WebDriver key codes of the keys the checks press. */
const WEBDRIVER_KEYS = { Enter: '\uE007', Escape: '\uE00C', ArrowLeft: '\uE012', ArrowRight: '\uE014' } as const;

export const webkit: Engine = {
  name: 'WebKit',
  async launch() {
    const port = await freePort();
    // Its own process group: stopping it stops xvfb-run's display and the driver together.
    const driver: ChildProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { detached: true, stdio: 'ignore' });
    const stopDriver = () => {
      if (driver.exitCode === null && driver.pid !== undefined) process.kill(-driver.pid, 'SIGTERM');
    };
    try {
      await until(async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok, 'WebKitWebDriver to listen', 20_000);
      const browser = await remote({
        hostname: '127.0.0.1',
        port,
        logLevel: 'error',
        connectionRetryTimeout: 60_000,
        capabilities: {
          browserName: 'MiniBrowser',
          'wdio:enforceWebDriverClassic': true,
          timeouts: { implicit: 0, pageLoad: 30_000, script: 30_000 },
          'webkitgtk:browserOptions': { binary: miniBrowserPath()!, args: ['--automation'] },
        } as WebdriverIO.Capabilities,
      });
      return {
        engine: 'WebKit',
        async open(url) {
          await browser.url(url);
          await browser.execute(NAME_HELPER);
        },
        evaluate: (fn, ...args) => browser.execute(fn as never, ...args) as never,
        async click(find, ...args) {
          const reference = await browser.execute(find as never, ...args);
          if (reference === null || reference === undefined) throw new Error(`nothing to click: ${find.toString()}`);
          await browser.$(reference as never).click();
        },
        press: (key) => browser.keys(WEBDRIVER_KEYS[key]),
        async setSize(width, height) {
          await browser.setWindowSize(width, height);
          await browser.execute(TWO_FRAMES);
        },
        async screenshot(path) {
          await browser.execute(TWO_FRAMES);
          await browser.saveScreenshot(path);
        },
        async close() {
          // The session first: a browser whose driver stops first stays behind.
          await browser.deleteSession().finally(stopDriver);
        },
      };
    } catch (error) {
      stopDriver();
      throw error;
    }
  },
};

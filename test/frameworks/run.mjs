#!/usr/bin/env node
// `npm run test:frameworks` (after `npm run build`): the docs' framework pages, run
// as a new user would. Packs the package once, installs it into each minimal app under
// test/frameworks/ (`npm ci` from the app's own lock file, then the tarball, offline
// first), builds each app for production against the Storefront API emulator, serves
// the build and loads it in Chromium. Each page must show data, log no console error,
// never show an element's error state (watched from the first script on, in every
// shadow root as it is attached), pass a product choice (`svc-product-select`) to the
// app's own handler, and hold exactly one JSON-LD script. An app that renders a widget
// on the server must serve it in its HTML and hydrate it in the browser.
//
// `node test/frameworks/run.mjs next vue` runs only the apps named.
import { execFile, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = promisify(execFile);
const { chromiumArgs, chromiumExecutable } = await tsImport('../setup/chromium.ts', import.meta.url);

/**
 * The apps: how each is built and served. `env` names the variable its build reads the
 * API base from; `output` is a static folder to serve, else `start` runs its server.
 */
const APPS = {
  // Its widgets are React Server Components (`storefront-widgets/react/server`): review text in the HTML, the gallery's first photo preloaded.
  next: {
    env: 'STOREFRONT_API_BASE',
    serverRendered: true,
    served: [/<svc-reviews[^>]*><template shadowroot[\s\S]*?part="review-body"[^>]*><!--lit-part-->\w[^<]{20,}/],
    // React writes a preload of the render as a `Link` header while the headers are still open, else as a `<link>`.
    preloadsImage: true,
    softNavigation: { link: '#next-product', path: '/products/dune-daypack' },
    start: (port) => ['node_modules/next/dist/bin/next', ['start', '-p', String(port), '-H', '127.0.0.1']],
  },
  vue: { env: 'VITE_STOREFRONT_API_BASE', output: 'dist' },
  svelte: { env: 'VITE_STOREFRONT_API_BASE', output: 'dist' },
  // Its review summary is rendered on the server (`renderWidgets` in the frontmatter).
  astro: { env: 'STOREFRONT_API_BASE', output: 'dist', serverRendered: true },
  // `nuxt generate`: the page prerendered with the public runtime config the variable sets.
  nuxt: { env: 'NUXT_PUBLIC_STOREFRONT_API_BASE', output: '.output/public' },
  // Built for Oxygen and served by `shopify hydrogen preview` in workerd, which reads its variables from `.env` only.
  // Every widget is rendered in the route's loader (`renderWidget`, shown by `<WidgetHost>`); the read proxy answers at /storefront-api.
  hydrogen: {
    env: 'STOREFRONT_API_BASE',
    serverRendered: true,
    // The review list, far below the fold, is left to the browser on a page load (`belowFold`): its space held, its reviews in the JSON-LD.
    served: [
      /<svc-post-gallery[^>]*><template shadowroot[\s\S]*?part="tile"/,
      /<svc-shoppable-post[^>]*><template shadowroot[\s\S]*?part="product-list"/,
      /<style nonce="[^"]+">:where\(svc-reviews:not\(:defined\)[^<]*height:[^<]*<\/style><svc-reviews [^>]*><\/svc-reviews>/,
      /<script type="application\/ld\+json"[^>]*>[^<]*"reviewBody":"\w[^"]{20,}/,
    ],
    preloadsImage: true,
    // On a page load the browser reads the list's reviews alone: the list takes the summary the server read for the summary.
    pageLoadReads: /\/reviews$/,
    // A page load's loader data (serialized into the page for hydration) holds no widget's markup again: each shadow root is in the HTML once.
    markupOnce: true,
    softNavigation: { link: '#next-product', path: '/products/dune-daypack' },
    dotenv: { SESSION_SECRET: 'not-a-secret-only-for-the-test-app', PUBLIC_STORE_DOMAIN: 'mock.shop', STOREFRONT_PUBLISHABLE_KEY: 'svc_pk_demo' },
    proxyPath: '/storefront-api/v1/products/aster-linen-shirt/review-summary?market=us',
    // `--path`: the CLI finds its project from the directory npm was started in (INIT_CWD), which under `npm test` is the package's.
    start: (port, cwd) => ['node_modules/@shopify/cli/bin/run.js', ['hydrogen', 'preview', '--path', cwd, '--port', String(port)]],
  },
};

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in APPS));
if (unknown.length > 0) {
  console.error(`No such app: ${unknown.join(', ')}. The apps are ${Object.keys(APPS).join(', ')}.`);
  process.exit(1);
}
const apps = Object.keys(APPS).filter((name) => only.length === 0 || only.includes(name));

if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const scratch = mkdtempSync(join(tmpdir(), 'storefront-widgets-frameworks-'));
const results = [];
const cleanups = [];

/** Runs a command in an app's folder, its output kept for a failure's message. */
async function exec(cwd, command, args, env = {}) {
  try {
    return await run(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** Serves a static build (index.html for `/`). */
async function serveStatic(folder) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = resolve(folder, `.${path}`);
    if (!file.startsWith(folder + sep) && file !== folder) return void response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) };
}

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

/** Starts an app's own server and waits until it answers. */
async function serveWithServer(cwd, start, env) {
  const port = await freePort();
  const [script, args] = start(port, cwd);
  const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(origin)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the app's server did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return { origin, close: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill()))) };
}

/**
 * Runs in the page before any of its scripts: records every moment an element shows its
 * error state (the `error` part in its shadow root), by observing each shadow root as
 * it is attached.
 */
function watchErrorStates() {
  const seen = (window.__errorStates = []);
  const check = (host) => {
    if (host.shadowRoot?.querySelector('[part~="error"]')) seen.push(`${host.localName} at ${Math.round(performance.now())} ms: ${host.shadowRoot.textContent.trim().slice(0, 120)}`);
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attach.call(this, init);
    if (this.localName.startsWith('svc-')) new MutationObserver(() => check(this)).observe(shadow, { childList: true, subtree: true, characterData: true });
    return shadow;
  };
}

/** Loads a built app in Chromium and checks it. */
async function checkPage(browser, origin, app) {
  const page = await browser.newPage();
  const consoleErrors = [];
  page.on('console', (message) => {
    // The browser asks for /favicon.ico by itself; the apps have none.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  await page.addInitScript(watchErrorStates);
  try {
    return await loadAndCheck(page, origin, consoleErrors, app);
  } catch (error) {
    // Say what the page showed and logged, whatever step failed.
    const errorStates = await page.evaluate(() => window.__errorStates).catch(() => []);
    throw new Error([error.message.split('\n')[0], ...errorStates.map((state) => `error state: ${state}`), ...consoleErrors.map((text) => `console: ${text}`)].join('\n'));
  } finally {
    await page.close();
  }
}

async function loadAndCheck(page, origin, consoleErrors, app) {
  const warnings = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  const pageReads = [];
  page.on('request', (request) => request.url().startsWith(`${apiBase}/v1/`) && pageReads.push(new URL(request.url()).pathname));
  const response = await page.goto(origin, { waitUntil: 'load' });
  // A server-rendered summary: its shadow root and figures in the HTML as served, then hydrated (no second render's warning).
  const served = app.serverRendered ? await response.text() : '';
  if (app.serverRendered && !/<svc-review-summary[^>]*><template shadowroot[^>]*>[\s\S]*\d+ reviews/.test(served)) throw new Error('the HTML as served holds no server-rendered review summary');
  for (const pattern of app.served ?? []) if (!pattern.test(served)) throw new Error(`the HTML as served does not match ${pattern}`);
  const shadowRoots = served.match(/<svc-[a-z-]+[^>]*><template shadowroot/g)?.length ?? 0;
  const markups = served.match(/shadowrootmode/g)?.length ?? 0;
  if (app.markupOnce && markups !== shadowRoots) throw new Error(`the HTML as served holds ${shadowRoots} shadow roots and ${markups} copies of one (its loader data repeats the markup)`);
  const preloads = `${response.headers()['link'] ?? ''} ${served.match(/<link rel="preload"[^>]*>/g)?.join(' ') ?? ''}`;
  if (app.preloadsImage && !/<https?:[^>]+>; rel=preload; as="image"; fetchpriority="high"|<link rel="preload" [^>]*as="image"/i.test(preloads)) throw new Error(`the response preloads no image (its preloads: ${preloads.trim()})`);
  // A read proxy mounted in the app's own server answers as the API does.
  if (app.proxyPath) {
    const answer = await fetch(new URL(app.proxyPath, origin));
    if (!answer.ok || typeof (await answer.json()).average !== 'number') throw new Error(`the read proxy at ${app.proxyPath} answered ${answer.status}`);
  }

  // Data on screen: stars, tiles, the post's products.
  await page.locator('svc-review-summary [role="img"]').first().waitFor({ timeout: 20_000 });
  await page.locator('svc-post-gallery [part~="tile"]').first().waitFor({ timeout: 20_000 });
  // The page's own post: the gallery's closed lightbox (made once the gallery is in view) holds shoppable posts too, hidden.
  const link = page.locator('svc-shoppable-post [part~="product-list"] a').filter({ visible: true }).first();
  await link.waitFor({ timeout: 20_000 });

  // A product choice reaches the app's handler (which cancels the navigation). A server-rendered post's code may come
  // as it nears the viewport (`<WidgetHost>`): until then its links are plain links; the check taps once it is there.
  await link.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('svc-shoppable-post')?.hasUpdated === true, null, { timeout: 20_000 });
  const title = (await link.textContent())?.trim();
  await link.click();
  await page.locator('#selected').filter({ hasText: 'Added to cart:' }).waitFor({ timeout: 5_000 });
  if (page.url().replace(/\/$/, '') !== origin) throw new Error(`the page navigated to ${page.url()}: the handler did not cancel svc-product-select`);

  // Exactly one JSON-LD script, whether the server wrote it or <svc-rich-snippet> did.
  await page.waitForFunction(() => document.querySelectorAll('script[type="application/ld+json"]').length > 0, null, { timeout: 20_000 });
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestAnimationFrame(done), { timeout: 2_000 })));
  const jsonLd = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent)['@type']));

  const errorStates = await page.evaluate(() => window.__errorStates);
  const problems = [];
  if (app.pageLoadReads) {
    // The list, left to the browser, has read (its reads start together as it connects), and nothing else was read.
    for (const until = Date.now() + 20_000; !pageReads.some((path) => app.pageLoadReads.test(path)) && Date.now() < until; ) await new Promise((done) => setTimeout(done, 100));
    const others = pageReads.filter((path) => !app.pageLoadReads.test(path));
    if (others.length > 0 || pageReads.length === 0) problems.push(`on the page load the browser read ${pageReads.join(', ') || 'nothing'}; expected only what matches ${app.pageLoadReads}`);
  }
  if (app.serverRendered && !(await page.evaluate(() => document.querySelector('svc-review-summary').hasUpdated))) problems.push('the server-rendered summary did not hydrate');
  if (warnings.some((text) => text.includes('rendered on the server did not match'))) problems.push('the server-rendered summary did not match its first render');
  if (warnings.some((text) => text.includes('already defined'))) problems.push('the library warned of a second copy on the page');
  if (jsonLd.length !== 1) problems.push(`${jsonLd.length} JSON-LD scripts (${jsonLd.join(', ')}), not 1`);
  if (errorStates.length > 0) problems.push(`an error state showed: ${errorStates.join('; ')}`);
  if (consoleErrors.length > 0) problems.push(`console errors: ${consoleErrors.join(' | ')}`);
  if (problems.length === 0 && app.softNavigation) problems.push(...(await softNavigation(page, origin, app.softNavigation)));
  if (consoleErrors.length > 0 && !problems.some((problem) => problem.startsWith('console errors'))) problems.push(`console errors: ${consoleErrors.join(' | ')}`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return `product "${title}" reached the handler; JSON-LD ${jsonLd[0]}${app.softNavigation ? `; soft navigation to ${app.softNavigation.path}` : ''}`;
}

/**
 * Follows the app's `<Link>` to a second product (no page load): its widgets must come
 * with their data from the server (no read from the browser), show no loading state at
 * any frame, and leave no `<template shadowrootmode>` unattached in an element.
 */
async function softNavigation(page, origin, { link, path }) {
  const reads = [];
  page.on('request', (request) => request.url().startsWith(`${apiBase}/v1/`) && reads.push(request.url()));
  await page.evaluate(() => {
    // Every frame until told to stop: a loading state painted, or a template left as markup.
    const seen = (window.__softNavigation = { frames: 0, skeletons: [], inert: [], stop: false });
    const hosts = () => [...document.querySelectorAll('*')].filter((element) => element.localName.startsWith('svc-'));
    const frame = () => {
      seen.frames++;
      for (const host of hosts()) {
        if (host.shadowRoot?.querySelector('.loading, .skeleton, .skeleton-block')) seen.skeletons.push(`${host.localName} at frame ${seen.frames}`);
        if (host.querySelector(':scope > template[shadowrootmode]')) seen.inert.push(`${host.localName} at frame ${seen.frames}`);
      }
      if (!seen.stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.locator(link).click();
  await page.waitForURL(new URL(path, origin).href, { timeout: 20_000 });
  const product = path.split('/').pop();
  await page.waitForFunction((handle) => document.querySelector('svc-review-summary')?.getAttribute('product-ref') === handle, product, { timeout: 20_000 });
  await page.locator('svc-review-summary [role="img"]').first().waitFor({ timeout: 20_000 });
  await page.locator('svc-post-gallery [part~="tile"]').first().waitFor({ timeout: 20_000 });
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestAnimationFrame(done), { timeout: 2_000 })));
  const seen = await page.evaluate(() => Object.assign(window.__softNavigation, { stop: true }));
  const jsonLd = await page.evaluate(() => document.querySelectorAll('script[type="application/ld+json"]').length);
  const problems = [];
  if (seen.frames < 2) problems.push(`the soft navigation was watched for ${seen.frames} frames only`);
  if (seen.inert.length > 0) problems.push(`after the soft navigation, templates left unattached: ${[...new Set(seen.inert.map((entry) => entry.split(' ')[0]))].join(', ')} (first ${seen.inert[0]})`);
  if (seen.skeletons.length > 0) problems.push(`after the soft navigation, loading states painted: ${[...new Set(seen.skeletons.map((entry) => entry.split(' ')[0]))].join(', ')} (first ${seen.skeletons[0]})`);
  if (reads.length > 0) problems.push(`after the soft navigation, the browser read again: ${reads.map((url) => new URL(url).pathname).join(', ')}`);
  if (jsonLd !== 1) problems.push(`after the soft navigation, ${jsonLd} JSON-LD scripts, not 1`);
  return problems;
}

let browser;
/** The emulator's URL: the browser's reads are requests to it. */
let apiBase;
try {
  const { startEmulator } = await tsImport('../../demo/emulator/server.ts', import.meta.url);
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  cleanups.push(() => emulator.close());
  apiBase = emulator.url;

  const packed = JSON.parse((await exec(root, npm, ['pack', '--json', '--pack-destination', scratch])).stdout);
  const tarball = join(scratch, packed[0].filename);
  console.log(`packed ${packed[0].filename}; emulator at ${apiBase}`);

  // The docs' framework pages show these apps' files: each block marked with its file must be that file.
  const pages = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  const blocks = pages.flatMap((page) => [...readFileSync(join(root, 'docs', page), 'utf8').matchAll(/<!-- file: (test\/frameworks\/[^ ]+) -->\n```\w*\n([\s\S]*?)\n```/g)]);
  const stale = blocks.filter(([, path, code]) => readFileSync(join(root, path), 'utf8').trimEnd() !== code);
  results.push({ name: 'docs cookbook', ok: blocks.length > 0 && stale.length === 0 });
  console.log(stale.length === 0 ? `  ✓ the docs' ${blocks.length} cookbook files are the apps' own` : `  ✘ the docs' cookbook differs from ${stale.map(([, path]) => path).join(', ')}`);

  // Installs are mostly waiting (cache, network): all at once. Builds share the cores: one by one.
  const installing = Date.now();
  const installed = await Promise.all(
    apps.map(async (name) => {
      const cwd = join(here, name);
      const quiet = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
      try {
        await exec(cwd, npm, ['ci', ...quiet]);
        await exec(cwd, npm, ['install', '--no-save', ...quiet, tarball]);
        return undefined;
      } catch (error) {
        return error.message.split('\n').slice(0, 12).join('\n');
      }
    }),
  );
  console.log(`installed ${apps.join(', ')} (${seconds(installing)})`);

  browser = await chromium.launch({ ...(chromiumExecutable() ? { executablePath: chromiumExecutable() } : {}), args: chromiumArgs });
  for (const name of apps) {
    const app = APPS[name];
    const cwd = join(here, name);
    const env = { [app.env]: apiBase, NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1', NUXT_TELEMETRY_DISABLED: '1' };
    const start = Date.now();
    try {
      const installError = installed[apps.indexOf(name)];
      if (installError) throw new Error(installError);
      if (app.dotenv) writeFileSync(join(cwd, '.env'), Object.entries({ ...app.dotenv, [app.env]: apiBase }).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`).join(''));
      await exec(cwd, npm, ['run', 'build'], env);
      const built = seconds(start);
      const server = app.output ? await serveStatic(join(cwd, app.output)) : await serveWithServer(cwd, app.start, env);
      try {
        const note = await checkPage(browser, server.origin, app);
        results.push({ name, ok: true });
        console.log(`  ✓ ${name}: built in ${built}, ${note} (${seconds(start)})`);
      } finally {
        await server.close();
      }
    } catch (error) {
      results.push({ name, ok: false });
      console.log(`  ✘ ${name} (${seconds(start)})\n${error.message}`.replace(/\n/g, '\n      '));
    }
  }
} finally {
  await browser?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed (${seconds(started)})`);
process.exit(failed === 0 && results.length === apps.length + 1 ? 0 : 1);

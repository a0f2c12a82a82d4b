/**
 * The engine specs (`npm run test:engines`, after `npm run build`): the script tag and
 * the module build, each on a plain page and on a strict-CSP page with Trusted Types,
 * in Firefox and in WebKit (see browsers.ts), against the emulator that the Playwright
 * specs start (test/e2e/global-setup.ts), on the same static server. Prints one line per
 * check and ends with `N passed, N failed`; exits with 1 on any failure, and when a
 * browser is missing. `ENGINES_ONLY=server-rendered` runs the server-rendered checks alone,
 * `ENGINES_ONLY=shopify` the Shopify extension's product page alone (shopify.ts).
 */
import { mkdirSync } from 'node:fs';
import globalSetup from '../e2e/global-setup.ts';
import { e2eEnv } from '../e2e/env.ts';
import { requestLog, testKey } from '../support/emulator-control.ts';
import { firefox, INSTALL_HINT, missingBrowsers, webkit, type Engine, type EnginePage } from './browsers.ts';
import { CHECKS, installHelpers, type PageSetup } from './checks.ts';
import { serverMasonry, serverStrictCsp } from './server-checks.ts';
import { assertFirstViewport, firstViewportRuns } from './first-viewport.ts';
import { shopifyProductPage } from './shopify.ts';

const SCREENSHOTS = new URL('../../screenshots/', import.meta.url);

const VARIANTS = [
  { name: 'script tag', scripts: 'classic', csp: false },
  { name: 'script tag, strict CSP', scripts: 'classic', csp: true },
  { name: 'module', scripts: 'module', csp: false },
  { name: 'module, strict CSP', scripts: 'module', csp: true },
] as const;

let passed = 0;
let failed = 0;

/** Prints one check's line (with its time from `since`), and the failure's message below it. */
function report(label: string, since: number, error?: unknown): void {
  const took = `(${((Date.now() - since) / 1000).toFixed(1)} s)`;
  if (error === undefined) {
    passed++;
    console.log(`ok    ${label} ${took}`);
    return;
  }
  failed++;
  const message = error instanceof Error ? error.message : String(error);
  console.log(`FAIL  ${label} ${took}\n${message.replace(/^/gm, '        ')}`);
}

/** The posts the placement check uses, as the API sends them: the corner-hotspot post and the shop page's post. */
async function pageSetup(): Promise<PageSetup> {
  const { apiBase, product, post } = e2eEnv();
  const info = (await (await fetch(`${apiBase}/__emulator/info`)).json()) as { samples: { corner_hotspots_post: string | null } };
  const corner = info.samples.corner_hotspots_post;
  if (!corner) throw new Error('the emulator has no post with hotspots in the corners');
  const posts = await Promise.all(
    [corner, post].map(async (id) => {
      const response = await fetch(`${apiBase}/v1/posts/${encodeURIComponent(id)}?market=us`, { headers: { Authorization: 'Bearer svc_pk_demo' } });
      if (!response.ok) throw new Error(`reading post ${id}: ${response.status}`);
      const wire = (await response.json()) as { media: { width: number; height: number }; tagged_products: { x: number; y: number; product: { title: string } }[] };
      return { id, width: wire.media.width, height: wire.media.height, tags: wire.tagged_products.map((tag) => ({ x: tag.x, y: tag.y, title: tag.product.title })) };
    }),
  );
  return { product, posts };
}

async function runEngine(engine: Engine, setup: PageSetup): Promise<void> {
  const { apiBase, site } = e2eEnv();
  let page: EnginePage;
  const started = Date.now();
  try {
    page = await engine.launch();
    await page.setSize(1100, 900);
  } catch (error) {
    report(`${engine.name}: start the browser`, started, error);
    return;
  }
  report(`${engine.name}: start the browser`, started);
  const only = process.env['ENGINES_ONLY'];
  try {
    if (only === undefined || only === 'shopify') {
      const since = Date.now();
      const label = `${engine.name} · Shopify · a product page of every block and the app embed (liquidjs, the flat assets): each widget shows the emulator's data, the rich snippet in <head>`;
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.setSize(1280, 900);
      await shopifyProductPage(page, await testKey(apiBase, `engines_${engine.name}_shopify`), new URL(`engines-shopify-${engine.name.toLowerCase()}.png`, SCREENSHOTS).pathname).then(
        () => report(label, since),
        (error: unknown) => report(label, since, error),
      );
      await page.setSize(1100, 900);
      if (only === 'shopify') return;
    }
    for (const variant of only === 'server-rendered' ? [] : VARIANTS) {
      const key = await testKey(apiBase, `engines_${engine.name}_${variant.scripts}`);
      const query = new URLSearchParams({ key, scripts: variant.scripts, record: '1', ...(variant.csp ? { csp: 'strict' } : {}) });
      const opened = Date.now();
      try {
        await page.open(`${site}/page.html?${query}`);
        await installHelpers(page);
      } catch (error) {
        report(`${engine.name} · ${variant.name} · open the page`, opened, error);
        continue;
      }
      for (const check of CHECKS) {
        const since = Date.now();
        await check.run(page, setup).then(
          () => report(`${engine.name} · ${variant.name} · ${check.name}`, since),
          (error: unknown) => report(`${engine.name} · ${variant.name} · ${check.name}`, since, error),
        );
      }
      if (variant === VARIANTS[0]) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.evaluate(() => scrollTo(0, 0));
        await page.screenshot(new URL(`engines-${engine.name.toLowerCase()}.png`, SCREENSHOTS).pathname);
      }
    }
    const key = await testKey(apiBase, `engines_${engine.name}_ssr`);
    const since = Date.now();
    await serverMasonry(page, (scripts) => `${site}/ssr.html?${new URLSearchParams({ key, gallery: 'masonry', ...(scripts ? {} : { scripts: 'none' }) })}`).then(
      () => report(`${engine.name} · server-rendered · a masonry's CSS places its tiles, and they stay as it hydrates`, since),
      (error: unknown) => report(`${engine.name} · server-rendered · a masonry's CSS places its tiles, and they stay as it hydrates`, since, error),
    );
    const strict = await testKey(apiBase, `engines_${engine.name}_ssr_csp`);
    const cspSince = Date.now();
    const cspCheck = `${engine.name} · server-rendered · under a strict CSP for styles (a nonce): styled without script, hydrated without a change, a violation or a read`;
    await serverStrictCsp(
      page,
      (scripts) => `${site}/ssr.html?${new URLSearchParams({ key: strict, csp: 'strict', ...(scripts ? {} : { scripts: 'none' }) })}`,
      async () => (await requestLog(apiBase, strict)).length,
    ).then(
      () => report(cspCheck, cspSince),
      (error: unknown) => report(cspCheck, cspSince, error),
    );
    const viewport = Date.now();
    const label = `${engine.name} · first viewport · with the reservation stylesheet, CLS ≤ 0.01 at 1280×900 and 390×844`;
    await firstViewportRuns(page, (reserve) => `${site}/first-viewport.html?${new URLSearchParams({ key, reserve, record: 'shifts', aspect: `${setup.posts[1]!.width} / ${setup.posts[1]!.height}` })}`)
      .then((runs) => {
        for (const run of runs) console.log(`      ${run.size} ${run.reserve === 'link' ? 'with the stylesheet' : 'nothing reserved'}: CLS ${run.cls.toFixed(4)}${run.shifts.map((s) => ` | ${s.value.toFixed(4)} ${s.sources.join(' ')}`).join('')}`);
        assertFirstViewport(runs);
      })
      .then(
        () => report(label, viewport),
        (error: unknown) => report(label, viewport, error),
      );
  } finally {
    await page.close();
  }
}

const missing = missingBrowsers();
if (missing.length > 0) {
  console.error(`The engine specs need Debian's Firefox ESR and WebKitGTK. Missing:\n  ${missing.join('\n  ')}\nInstall them with: ${INSTALL_HINT}`);
  process.exit(1);
}

const started = Date.now();
const teardown = await globalSetup();
try {
  const setup = await pageSetup();
  for (const engine of [firefox, webkit]) await runEngine(engine, setup);
} catch (error) {
  report('engine specs', started, error);
} finally {
  await teardown();
}
console.log(`# ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

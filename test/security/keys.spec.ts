import { expect, test, type Page, type Request } from '@playwright/test';
import { e2eEnv } from '../e2e/env.ts';
import { closeShopServer, openShop, shopHtml, type Script } from './support.ts';

/**
 * A secret key (`svc_sk_…`) in a shop page built with the script-tag or module bundle:
 * on `<svc-storefront>`, on every element, or through
 * `StorefrontWidgets.configure()`. Every request the page makes (URL and every header)
 * is checked: none carries the key. The console explains, once, without the key.
 */
test.afterAll(closeShopServer);

/** Records every request's URL and headers from now on. */
function watch(page: Page): { requests: { url: string; headers: Record<string, string> }[]; pending: Promise<void>[] } {
  const seen = { requests: [] as { url: string; headers: Record<string, string> }[], pending: [] as Promise<void>[] };
  page.on('request', (request: Request) => {
    seen.pending.push(request.allHeaders().then((headers) => void seen.requests.push({ url: request.url(), headers })));
  });
  return seen;
}

const secret = (name: string) => `svc_sk_live_${name}_${Math.random().toString(36).slice(2, 12)}`;

async function expectNoLeak(page: Page, seen: ReturnType<typeof watch>): Promise<void> {
  await expect(page.locator('svc-review-summary [part~="error"]')).toHaveText(/not set up correctly/);
  // The key is refused before any request; a late one would still come within this time.
  await page.waitForTimeout(1000);
  await Promise.all(seen.pending);
  // The watch saw the page load the library: the page itself and the bundle's scripts.
  const scripts = seen.requests.filter((request) => new URL(request.url).pathname.endsWith('.js'));
  expect(scripts.length, 'bundle scripts seen').toBeGreaterThan(0);
  for (const request of seen.requests) {
    expect(request.url, 'URL').not.toContain('svc_sk_');
    for (const [name, value] of Object.entries(request.headers)) expect(`${name}: ${value}`, `header of ${request.url}`).not.toContain('svc_sk_');
  }
  // Nothing at all reached the API: a refused key sends no request.
  const { apiBase } = e2eEnv();
  expect(seen.requests.filter((request) => request.url.startsWith(`${apiBase}/v1`))).toEqual([]);
}

const CASES: [Script, 'storefront' | 'elements' | 'configure'][] = [
  ['classic', 'storefront'],
  ['classic', 'elements'],
  // `window.StorefrontWidgets.configure` is the script-tag bundle's global.
  ['classic', 'configure'],
  ['module', 'storefront'],
  ['module', 'elements'],
];

for (const [script, keyOn] of CASES) {
  test(`${script} bundle, secret key ${keyOn === 'configure' ? 'through configure()' : `on ${keyOn === 'storefront' ? '<svc-storefront>' : 'every element'}`}: no request carries it, one console explanation`, async ({ page }) => {
    const key = secret(`${script}_${keyOn}`);
    const seen = watch(page);
    const { apiBase } = e2eEnv();
    const configure =
      keyOn === 'configure'
        ? `<script>addEventListener('DOMContentLoaded', () => StorefrontWidgets.configure(${JSON.stringify({ publishableKey: key, market: 'us', apiBase })}));</script>`
        : '';
    const record = await openShop(page, `keys-${script}-${keyOn}`, () => shopHtml({ key, script, keyOn: keyOn === 'configure' ? 'none' : keyOn, extraHead: configure }), {}, key);
    await expectNoLeak(page, seen);
    const about = record.errors.filter((line) => /secret key/i.test(line));
    expect(about).toHaveLength(1);
    expect(about[0]).toContain(key.slice(0, 10));
    expect(record.errors.concat(record.warnings).some((line) => line.includes(key))).toBe(false);
  });
}


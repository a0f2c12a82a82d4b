/**
 * The README's script tag (and docs/start/script-tag.md's, the same block) as a shop
 * pastes it: its CDN URLs answered with this build's own files, its default API base
 * with the emulator. Only the placeholders change: the demo key and a product the
 * emulator knows. The shop's page comes from a server on the loopback, as the emulator's
 * pictures do (a page of a public origin may not load those). Every element shows its data, the stylesheet is applied, the rich
 * snippet is in <head>, and the console stays quiet.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { e2eEnv } from '../e2e/env.ts';
import { recipe, root } from './blocks.ts';

test('the README’s script tag works as written, from its CDN URL and the default API base', async ({ page }) => {
  const { apiBase, product, version } = e2eEnv();
  const block = recipe('README.md', 'readme-script-tag');
  expect(recipe('start/script-tag.md', 'script-tag')).toContain(block.split('\n\n')[0]!);
  const cdn = `https://cdn.jsdelivr.net/npm/storefront-widgets@${version}/`;
  expect(block).toContain(cdn);
  // The CDN serves the package's files as published: dist/ from `npm run build`.
  await page.route(`${cdn}**`, (route) => route.fulfill({ path: `${root}/${new URL(route.request().url()).pathname.slice(new URL(cdn).pathname.length)}` }));
  // The default API base (no api-base in the block) is the emulator here.
  await page.route('https://storefront.example.com/**', async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${apiBase}${url.pathname}${url.search}` }) });
  });
  const html = block.replaceAll('svc_pk_your_key', 'svc_pk_demo').replaceAll('"linen-shirt"', `"${product}"`);
  const shop = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title></head><body>${html}</body></html>`));
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));

  try {
    await page.goto(shopUrl);
    await expect(page.locator('svc-review-summary [part~="average"]')).toHaveText(/\d/);
    await expect(page.locator('svc-post-gallery [part~="tile"]').first()).toBeVisible();
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('/dist/cdn/storefront-widgets.css')))).toBe(true);
    expect(readFileSync(`${root}/package.json`, 'utf8')).toContain(`"jsdelivr": "./dist/cdn/storefront-widgets.js"`);
    expect(errors).toEqual([]);
  } finally {
    shop.close();
  }
});

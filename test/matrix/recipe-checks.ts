/**
 * The docs' Bun and Deno recipes (`recipes/`, shown in docs/proxy/ and
 * docs/guides/server-rendering.md as `<!-- file: -->` blocks, so they cannot drift), run as
 * the docs say, with the key, the API and a port as their settings.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { requestLog } from '../support/emulator-control.ts';

export interface Recipe {
  runtime: 'bun' | 'deno';
  file: string;
  kind: 'proxy' | 'render';
  /** The runtime's arguments before the file, as the docs give them. */
  args?: string[];
}

const DENO_ARGS = ['run', '--allow-net', '--allow-env'];
export const RECIPES: Recipe[] = [
  { runtime: 'bun', file: 'bun-proxy.js', kind: 'proxy', args: [] },
  { runtime: 'bun', file: 'bun-render.js', kind: 'render', args: [] },
  { runtime: 'deno', file: 'deno-proxy.js', kind: 'proxy', args: DENO_ARGS },
  { runtime: 'deno', file: 'deno-render.js', kind: 'render', args: DENO_ARGS },
];

const PRODUCT = 'aster-linen-shirt';
const SUMMARY = `/storefront-api/v1/products/${PRODUCT}/review-summary?market=us`;

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function get(url: string): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Starts the recipe, checks what it serves, stops it. */
export async function checkRecipe(recipe: Recipe, command: { bin: string; args: string[] }, cwd: string, apiBase: string, key: string, port: number): Promise<void> {
  const child = spawn(command.bin, [...command.args, recipe.file], { cwd, env: { ...process.env, STOREFRONT_PUBLISHABLE_KEY: key, STOREFRONT_API_BASE: apiBase, PORT: String(port), NO_COLOR: '1', DENO_DIR: join(cwd, '.deno') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  try {
    const end = Date.now() + 20_000;
    for (;;) {
      expect(child.exitCode === null, `${recipe.file} exited (${child.exitCode}): ${output}`);
      if (await fetch(origin).then((response) => response.arrayBuffer().then(() => true), () => false)) break;
      expect(Date.now() < end, `${recipe.file} did not listen within 20 s: ${output}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    if (recipe.kind === 'render') {
      const page = await get(`${origin}/products/${PRODUCT}`);
      expect(page.status === 200, `${recipe.file}: the product page ${page.status} ${page.text.slice(0, 200)}`);
      const nonce = /'nonce-([0-9a-f]{32})'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce, `${recipe.file}: a nonce in the page's CSP`);
      expect(page.text.match(/<template shadowroot="open" shadowrootmode="open">/g)?.length === 2, `${recipe.file}: the summary and the review list rendered`);
      expect(/\d+ reviews/.test(page.text) && page.text.match(/<li class="review"/g)?.length === 5, `${recipe.file}: with their data`);
      expect(!new RegExp(`<style(?! nonce="${nonce}")`).test(page.text), `${recipe.file}: the CSP's nonce on every style`);
      const hostile = await get(`${origin}/products/%22%3E%3Cscript%3E`);
      expect(hostile.status === 404, `${recipe.file}: a handle that is no handle is refused (${hostile.status})`);
    }
    const read = await get(`${origin}${SUMMARY}`);
    expect(read.status === 200, `${recipe.file}: the proxy's read ${read.status} ${read.text}`);
    const again = await get(`${origin}${SUMMARY}`);
    expect(again.headers.get('cache-status')?.includes('hit'), `${recipe.file}: the read again from the proxy's cache (${again.headers.get('cache-status')})`);
    const outside = await get(`${origin}${SUMMARY.replace('/storefront-api', '')}`);
    expect(outside.status === 404, `${recipe.file}: nothing outside /storefront-api (${outside.status})`);
    // One API request for the summary: the render's read and the browsers' are one.
    const summaries = (await requestLog(apiBase, key)).filter((entry) => entry.path === `/v1/products/${PRODUCT}/review-summary`);
    expect(summaries.length === 1, `${recipe.file}: ${summaries.length} API requests for the summary`);
  } finally {
    child.kill('SIGTERM');
  }
}

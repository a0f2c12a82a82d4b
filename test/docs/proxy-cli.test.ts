/**
 * docs/proxy/node.md: the command as written (placeholders for the key and the API
 * filled in; any free port, since other tests may hold 8788), read through the base
 * path its own output names; and its flag table names every flag the command knows.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { testKey } from '../support/emulator-control.ts';
import { apiBase, binArgs, recipe, root, substitute, words } from './recipes.ts';

describe('docs/proxy/node.md', () => {
  it('runs the command as written: the proxy answers below its base path, and only there', async () => {
    const key = await testKey(apiBase, 'docs-cli');
    const command = substitute(words(recipe('proxy/node.md', 'proxy-cli')), { svc_pk_your_key: key, 'https://storefront.example.com': apiBase });
    const child = spawn(process.execPath, [...binArgs(command), '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    onTestFinished(() => void child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    await expect.poll(() => output, { timeout: 15_000 }).toMatch(/api-base="[^"]+"/);
    // The widgets' api-base, as the command prints it, is what the docs tell them to use.
    const widgetsBase = /api-base="([^"]+)"/.exec(output)![1]!;
    expect(widgetsBase).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storefront-api$/);
    expect((await fetch(`${widgetsBase}/v1/company/review-summary?market=us`)).status).toBe(200);
    expect((await fetch(`${new URL(widgetsBase).origin}/v1/company/review-summary?market=us`)).status).toBe(404);
  });

  it('names every flag of the command in its table, and no other', () => {
    const page = readFileSync(resolve(root, 'docs/proxy/node.md'), 'utf8');
    const table = page.slice(page.indexOf('## Every flag'), page.indexOf('## In code'));
    const documented = new Set([...table.matchAll(/^\| `(--[a-z-]+)` \|/gm)].map((match) => match[1]));
    const source = readFileSync(resolve(root, 'src/edge/cli.ts'), 'utf8');
    const options = source.slice(source.indexOf('options: {'), source.indexOf('},\n  }));'));
    const known = new Set([...options.matchAll(/^\s+'?([a-z-]+)'?: \{ type:/gm)].map((match) => `--${match[1]}`));
    expect(known.size).toBeGreaterThan(5);
    expect([...documented].sort()).toEqual([...known].sort());
  });
});

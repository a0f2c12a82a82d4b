/**
 * docs/proxy/varnish.md: its VCL and its two commands as written, on the ports they name
 * (the proxy on 8788, Varnish on 6081; only the key, the API, the webhook secret and
 * Varnish's working directory are the test's own). A read through Varnish is served from
 * its cache the second time, and a signed webhook's BAN reaches Varnish.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testKey } from '../support/emulator-control.ts';
import { apiBase, binArgs, recipe, root, substitute, words } from './recipes.ts';

const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd';
const SECRET = `whsec_${Buffer.from('the docs varnish test secret, 32 bytes').toString('base64')}`;
const dir = mkdtempSync(join(tmpdir(), 'storefront-docs-varnish-'));
const children: ChildProcess[] = [];
let proxyOutput = '';
let varnishOutput = '';

/** Whether a port of the loopback is free: the recipe's ports are fixed. */
const portFree = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer().once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });

beforeAll(async () => {
  if (!existsSync(VARNISHD)) throw new Error(`The Varnish recipe test needs Debian's varnish (${VARNISHD} is missing): apt-get install varnish.`);
  for (const port of [8788, 6081]) if (!(await portFree(port))) throw new Error(`docs/proxy/varnish.md's recipe uses port ${port}, which another process holds: stop it and run again.`);
  chmodSync(dir, 0o755); // varnishd reads the VCL as its own user
  writeFileSync(join(dir, 'storefront.vcl'), recipe('proxy/varnish.md', 'varnish-vcl'));
  const [proxyLine, varnishLine, ...rest] = recipe('proxy/varnish.md', 'varnish-run').split(/(?<!\\)\n/);
  expect(rest).toEqual([]);
  const key = await testKey(apiBase, 'docs-varnish');
  const proxy = spawn(process.execPath, binArgs(substitute(words(proxyLine!), { svc_pk_your_key: key, 'https://storefront.example.com': apiBase, whsec_your_secret: SECRET })), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  proxy.stdout.on('data', (chunk: Buffer) => (proxyOutput += chunk));
  proxy.stderr.on('data', (chunk: Buffer) => (proxyOutput += chunk));
  const [varnishd, ...args] = words(varnishLine!.replaceAll('$PWD', dir));
  expect(varnishd).toBe('varnishd');
  const varnish = spawn(VARNISHD, [...args, '-n', join(dir, 'n')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  varnish.stdout.on('data', (chunk: Buffer) => (varnishOutput += chunk));
  varnish.stderr.on('data', (chunk: Buffer) => (varnishOutput += chunk));
  children.push(proxy, varnish);
  await vi.waitFor(() => expect(proxyOutput).toContain('127.0.0.1:8788/storefront-api'), { timeout: 15_000, interval: 100 });
  await vi.waitFor(
    async () => {
      if (varnish.exitCode !== null) throw new Error(`varnishd exited: ${varnishOutput}`);
      await fetch('http://127.0.0.1:6081/');
    },
    { timeout: 20_000, interval: 100 },
  );
}, 45_000);

afterAll(async () => {
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((done) => child.once('exit', done).kill('SIGTERM')) : undefined)));
  rmSync(dir, { recursive: true, force: true });
});

describe('docs/proxy/varnish.md', () => {
  const read = 'http://127.0.0.1:6081/storefront-api/v1/company/review-summary?market=us';
  /** Varnish's `X-Varnish` names two transactions on a hit, one on a miss. */
  const hit = async () => {
    const response = await fetch(read);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    return (response.headers.get('x-varnish') ?? '').split(' ').length === 2;
  };

  it('keeps the proxy’s answers: the second read is a hit', async () => {
    await hit();
    expect(await hit()).toBe(true);
  });

  it('takes the BAN the proxy sends after a signed webhook', async () => {
    await hit();
    const body = JSON.stringify({ version: '1', id: 'msg_docs_varnish', type: 'company-review.submitted', created_at: new Date().toISOString(), data: {}, origin: { flow: 'f' } });
    const now = new Date();
    const delivery = await fetch('http://127.0.0.1:8788/storefront-api/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_docs_varnish', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign('msg_docs_varnish', now, body) },
      body,
    });
    expect(delivery.status).toBe(200);
    // The ban names the base path's reads, and the next read is fetched again.
    await expect.poll(() => execFileSync('varnishadm', ['-n', join(dir, 'n'), 'ban.list'], { encoding: 'utf8' }), { timeout: 10_000 }).toMatch(/req\.url ~ .*storefront-api/);
    expect(await hit()).toBe(false);
  });
});

/** Varnish (Debian's varnishd) in front of a proxy, with the README's VCL (demo/edge/varnish.vcl), in a temporary working directory. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd';
const VCL = resolve(import.meta.dirname, '../../demo/edge/varnish.vcl');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface Varnish {
  url: string;
  /** `varnishstat -1` counters, such as `MAIN.cache_hit`. */
  counters(): Record<string, number>;
  stop(): Promise<void>;
}

/** Starts varnishd in the foreground before the proxy at `backendPort`; resolves once it answers. */
export async function startVarnish(backendPort: number): Promise<Varnish> {
  if (!existsSync(VARNISHD)) throw new Error(`The Varnish tests need Debian's varnish (${VARNISHD} is missing): apt-get install varnish, or point VARNISHD at a varnishd.`);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-varnish-'));
  // varnishd reads the VCL as its own unprivileged user.
  chmodSync(dir, 0o755);
  const vcl = join(dir, 'proxy.vcl');
  writeFileSync(vcl, readFileSync(VCL, 'utf8').replace('.port = "8788";', `.port = "${backendPort}";`));
  const port = await freePort();
  const child: ChildProcess = spawn(VARNISHD, ['-F', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', join(dir, 'n'), '-s', 'malloc,64m', '-p', 'default_grace=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited: ${output}`);
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      if (Date.now() - started > 20_000) throw new Error(`varnishd did not answer in 20 s: ${output}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    url,
    counters: () => {
      const text = execFileSync('varnishstat', ['-n', join(dir, 'n'), '-1'], { encoding: 'utf8' });
      return Object.fromEntries(text.split('\n').flatMap((line) => {
        const [name, value] = line.trim().split(/\s+/);
        return name && value ? [[name, Number(value)]] : [];
      }));
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

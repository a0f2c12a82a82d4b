/**
 * Starts a real redis-server on a free loopback port with no disk (`--save ''
 * --appendonly no`), for the shared-state tests (./redis-support.ts) and the scale-out
 * bench; and the faults they put it through (paused with SIGSTOP, stopped, started again
 * on the same port). Without Debian's redis-server it fails and says how to get it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const BINARY = process.env['REDIS_SERVER'] ?? ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path)) ?? 'redis-server';

export interface RedisServer {
  url: string;
  port: number;
  /** SIGSTOP: the server holds its connections and answers nothing. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** Stops it (SIGKILL): connections drop, nothing is kept. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (error) => reject(new Error(`redis-server could not start (${error.message}): install Debian's redis-server (apt-get install -y redis-server; .ci/run does), or set REDIS_SERVER`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output.slice(-500)}`)));
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
    async start() {
      child = await launch(port);
    },
  };
}

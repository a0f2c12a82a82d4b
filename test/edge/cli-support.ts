/** The package's command (src/edge/cli.ts) run from its source in a child process, killed when the test ends. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { onTestFinished } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

export function cli(args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/edge/cli.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output, exited };
}

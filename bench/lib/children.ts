/** The benches' child processes (the emulator, the proxy's command) run from source under tsx: started, their URL read, stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcess>();

/** Starts `args` under Node with tsx and resolves with the first URL it prints on stdout. `stderr`: shown (default) or dropped. */
export function startChild(args: string[], env: Record<string, string> = {}, stderr: 'inherit' | 'ignore' = 'inherit'): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', stderr] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((done, fail) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const url = /http:\/\/[\w.:[\]-]+/.exec(output);
      if (url) done({ child, url: url[0] });
    });
    child.on('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code}): ${output}`)));
  });
}

/** SIGTERM, and SIGKILL if it has not exited 5 s later. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Stops every child still running (a bench that failed). */
export const stopAllChildren = (): Promise<void[]> => Promise.all([...children].map(stopChild));

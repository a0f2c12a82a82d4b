import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running Storefront API emulator, e.g. `http://127.0.0.1:41234`. */
    apiBase: string;
  }
}

const MAIN = resolve(import.meta.dirname, '../../demo/emulator/main.ts');

/**
 * Starts one emulator on a free port for a test project, in a process of its own, and hands
 * its origin to the tests. Not in the test runner's process: the runner also serves the
 * browser tests' modules, and while it was busy the requests that reached the emulator
 * were counted late and together (the proxy's tests saw 24 to 26 "in one second" at 18 a
 * second when the browser tests ran beside them).
 */
export default async function setup(project: TestProject) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', QUIET: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the emulator did not start within 30 s:\n${output}`)), 30_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /Storefront API emulator: (http:\/\/\S+)\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the emulator exited (${code}) before it started:\n${output}`));
    });
  });
  // Its output after the start is not the tests' (it is quiet but for errors, which go to stderr).
  child.stdout.resume();
  project.provide('apiBase', url);
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
}

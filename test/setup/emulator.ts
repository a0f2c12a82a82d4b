import type { TestProject } from 'vitest/node';
import { startChild, stopChild } from '../../bench/lib/children.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running Storefront API emulator, e.g. `http://127.0.0.1:41234`. */
    apiBase: string;
  }
}

/**
 * Starts one emulator on a free port for a test project, in a process of its own, and hands
 * its origin to the tests. Not in the test runner's process: the runner also serves the
 * browser tests' modules, and while it was busy the requests that reached the emulator
 * were counted late and together (the proxy's tests saw 24 to 26 "in one second" at 18 a
 * second when the browser tests ran beside them).
 */
export default async function setup(project: TestProject) {
  const { child, url } = await startChild(['demo/emulator/main.ts'], { PORT: '0', HOST: '127.0.0.1', QUIET: '1' });
  project.provide('apiBase', url);
  return () => stopChild(child);
}

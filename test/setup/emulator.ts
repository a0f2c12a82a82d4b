import type { TestProject } from 'vitest/node';
import { startEmulator } from '../../demo/emulator/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running Storefront API emulator, e.g. `http://127.0.0.1:41234`. */
    apiBase: string;
  }
}

/** Starts one emulator on a free port for a test project and hands its origin to the tests. */
export default async function setup(project: TestProject) {
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
  project.provide('apiBase', emulator.url);
  return async () => {
    await emulator.close();
  };
}

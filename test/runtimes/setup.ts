/**
 * Builds the package as npm ships it (`vite build --mode npm` and `--mode server`) into a
 * folder of its own, with its `package.json` (the `exports` and their conditions under
 * test), installed into a scratch app's `node_modules` beside React. The runtime tests
 * bundle the scratch app's entries from there, as each platform's bundler would.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The scratch app whose `node_modules/storefront-widgets` is the package as built. */
    appRoot: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

export default function setup(project: TestProject) {
  const app = mkdtempSync(join(tmpdir(), 'storefront-widgets-runtimes-'));
  const pkg = join(app, 'node_modules', 'storefront-widgets');
  mkdirSync(pkg, { recursive: true });
  const vite = join(root, 'node_modules', '.bin', 'vite');
  for (const [mode, outDir] of [['npm', 'dist'], ['server', 'dist/server']] as const) {
    execFileSync(vite, ['build', '--mode', mode, '--outDir', join(pkg, outDir), '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
  // The package's dependencies, and the app's React, from the project's own install.
  symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'));
  for (const name of ['react', 'react-dom', 'scheduler']) symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name));
  cpSync(join(import.meta.dirname, 'fixture'), app, { recursive: true });
  project.provide('appRoot', app);
  return () => rmSync(app, { recursive: true, force: true });
}

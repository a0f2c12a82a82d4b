import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, chromiumExecutable } from './test/setup/chromium.ts';

const executablePath = chromiumExecutable();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/fast-check-seed.ts'],
          setupFiles: ['test/setup/fast-check.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/emulator.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The read proxy (src/edge/) over real HTTP: the emulator behind it, Node, workerd and Varnish in front.
        test: {
          name: 'edge',
          include: ['test/edge/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/emulator.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The docs' recipes as written (test/docs/): the proxy's command, the Worker, Varnish, the Shopify steps.
        test: {
          name: 'docs',
          include: ['test/docs/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/emulator.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The server entries bundled as each server platform bundles them, run in workerd (Miniflare) and Node.
        test: {
          name: 'runtimes',
          include: ['test/runtimes/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/emulator.ts', 'test/runtimes/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Pre-bundled up front: a dependency first met in a lazily loaded chunk would
        // otherwise make Vite reload the test page in the middle of a run.
        optimizeDeps: {
          include: [
            'lit',
            'lit/directive.js',
            'lit/directives/repeat.js',
            'lit/directives/if-defined.js',
            '@tanstack/query-core',
            'blurhash',
            'fast-check',
            'axe-core',
            '@adobe/structured-data-validator',
            'react',
            'react-dom',
            'react-dom/client',
            'react-dom/server',
          ],
        },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/setup/emulator.ts', 'test/setup/fast-check-seed.ts'],
          setupFiles: ['test/setup/fast-check.ts'],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});

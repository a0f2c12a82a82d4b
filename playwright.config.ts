import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './test/setup/chromium.ts';

const executablePath = chromiumExecutable();

/**
 * Distribution tests (`npm run test:e2e`, after `npm run build`): the built files in
 * plain pages, served by a small static server on one origin, reading the Storefront
 * API emulator on another (cross-origin, as on a shop). See test/e2e/global-setup.ts.
 */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  // Other test runs share the machine's two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? 'list' : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
    trace: 'off',
    video: 'off',
    screenshot: 'only-on-failure',
  },
});

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
  // Security specs (strict CSP pages, secret keys) and the full-page accessibility spec
  // use the same emulator and static server.
  projects: [
    { name: 'e2e', testDir: 'test/e2e' },
    { name: 'security', testDir: 'test/security' },
    { name: 'a11y', testDir: 'test/a11y' },
    // The docs' first recipe, the README's script tag, as a shop pastes it (test/docs/*.spec.ts; the *.test.ts there are Vitest's).
    { name: 'docs', testDir: 'test/docs', testMatch: '**/*.spec.ts' },
    // Screenshots against committed baselines (test/visual/themes.spec.ts-snapshots/); `npm run test:visual:update` writes them anew.
    { name: 'visual', testDir: 'test/visual' },
    // The WordPress plugin in a real WordPress with its own MariaDB (test/wordpress/site.ts), from `npm run build:wordpress`'s zip.
    { name: 'wordpress', testDir: 'test/wordpress', timeout: 60_000 },
  ],
  globalSetup: './test/e2e/global-setup.ts',
  // Other test runs share the machine's two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    // A changed colour or a pixel's shift of a style fails; the font files are the fixture's own, so antialiasing is all that varies.
    toHaveScreenshot: { threshold: 0.01, maxDiffPixelRatio: 0.0002 },
  },
  // Baselines are Chromium's and not per platform: the fonts are fixed (test/visual/fonts/).
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
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

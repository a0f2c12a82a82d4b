import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

/**
 * The full-page accessibility spec with @axe-core/playwright, on the built files
 * (`npm run build` first), with the distribution tests' emulator and static server:
 * `npx playwright test -c test/a11y/playwright.config.ts`. (The same folder can join the
 * main config as a project: `{ name: 'a11y', testDir: 'test/a11y' }`.)
 */
export default defineConfig({
  ...base,
  projects: undefined,
  testDir: '.',
  globalSetup: '../e2e/global-setup.ts',
  outputDir: '../../test-results/a11y',
});

import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's
 * `/usr/bin/chromium` when present, else Playwright's own download (`npx playwright
 * install chromium`, on machines that can download it).
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Flags that keep a headless Chromium quiet on a closed network and in a container. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

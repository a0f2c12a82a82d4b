/** What global-setup.ts starts, handed to the tests through the environment. */
export interface E2eEnv {
  /** Origin of the Storefront API emulator (the API is at `${apiBase}/v1`). */
  apiBase: string;
  /** Origin of the static server with the test pages and dist/ (another origin than the API). */
  site: string;
  /** A product handle with reviews and posts. */
  product: string;
  /** A post that tags products. */
  post: string;
  /** The package's version, stamped into the builds. */
  version: string;
}

const NAME = 'STOREFRONT_E2E';

export function writeEnv(env: E2eEnv): void {
  process.env[NAME] = JSON.stringify(env);
}

export function e2eEnv(): E2eEnv {
  const raw = process.env[NAME];
  if (!raw) throw new Error('test/e2e/global-setup.ts did not run (start the tests with `npm run test:e2e`).');
  return JSON.parse(raw) as E2eEnv;
}

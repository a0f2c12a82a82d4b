import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seed every fast-check property uses in CI; `null` elsewhere (a new draw each run). */
    fastCheckSeed: number | null;
  }
}

/**
 * CI draws the same property-test cases on every run, so that its verdict is the code's
 * and a failure is replayed by running again; elsewhere each run draws new cases, and a
 * failure prints its seed (`fc.assert(…, { seed, path })` replays it).
 */
export default function setup(project: TestProject): void {
  project.provide('fastCheckSeed', process.env['CI'] ? 20_261_121 : null);
}

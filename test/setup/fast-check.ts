import fc from 'fast-check';
import { inject } from 'vitest';

// See test/setup/fast-check-seed.ts.
const seed = inject('fastCheckSeed');
if (seed !== null) fc.configureGlobal({ seed });

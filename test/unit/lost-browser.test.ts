import { describe, expect, it } from 'vitest';
import { filesToRunAgain } from '../support/lost-browser.ts';

const files = ['/p/test/unit/a.test.ts', '/p/test/browser/b.test.ts', '/p/test/browser/c.test.ts', '/p/test/browser/d.test.ts'];
const passed = (name: string) => ({ name, assertionResults: [{ status: 'passed' }, { status: 'passed' }] });
const lostOutput = [
  ' ✓ browser (chromium) test/browser/b.test.ts (2 tests)',
  '\u001b[31mError\u001b[22m: Failed to run the test /p/test/browser/c.test.ts.',
  'Caused by: Error: [vitest] Browser connection was closed while running tests. Was the page closed unexpectedly?',
  '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m2 passed\u001b[39m\u001b[22m\u001b[90m (4)\u001b[39m',
  '\u001b[2m     Errors \u001b[22m \u001b[1m\u001b[31m1 error\u001b[39m\u001b[22m',
].join('\n');

describe('filesToRunAgain', () => {
  it('names the file cut off by the lost page and the files that never ran', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts'), passed('/p/test/browser/b.test.ts'), { name: '/p/test/browser/c.test.ts', assertionResults: [{ status: 'pending' }] }] };
    expect(filesToRunAgain(report, lostOutput, files)).toEqual(['/p/test/browser/c.test.ts', '/p/test/browser/d.test.ts']);
  });

  it('runs nothing again when a test failed as well', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts'), { name: '/p/test/browser/b.test.ts', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }] };
    expect(filesToRunAgain(report, lostOutput, files)).toBeNull();
  });

  it('runs nothing again when another error came with the lost page', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts')] };
    const output = lostOutput.replace('1 error', '2 errors') + '\nTypeError: x is not a function';
    expect(filesToRunAgain(report, output, files)).toBeNull();
  });

  it('runs nothing again after any other failure', () => {
    const report = { testResults: files.map(passed) };
    expect(filesToRunAgain(report, ' Errors  1 error\nError: Failed to load url ./nowhere.ts', files)).toBeNull();
    expect(filesToRunAgain(report, ' Test Files  1 failed | 3 passed (4)', files)).toBeNull();
  });
});

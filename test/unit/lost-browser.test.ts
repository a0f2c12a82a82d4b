import { describe, expect, it } from 'vitest';
import { filesToRunAgain } from '../support/lost-browser.ts';

const files = ['/p/test/unit/a.test.ts', '/p/test/browser/b.test.ts', '/p/test/browser/c.test.ts', '/p/test/browser/d.test.ts'];
const passed = (name: string) => ({ name, status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }] });
const cutOff = { name: '/p/test/browser/c.test.ts', status: 'passed', assertionResults: [{ status: 'pending' }] };
const lostOutput = [
  ' ✓ browser (chromium) test/browser/b.test.ts (2 tests)',
  '\u001b[31mError\u001b[22m: Failed to run the test /p/test/browser/c.test.ts.',
  'Caused by: Error: [vitest] Browser connection was closed while running tests. Was the page closed unexpectedly?',
  '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m2 passed\u001b[39m\u001b[22m\u001b[90m (4)\u001b[39m',
  '\u001b[2m     Errors \u001b[22m \u001b[1m\u001b[31m1 error\u001b[39m\u001b[22m',
].join('\n');

describe('filesToRunAgain', () => {
  it('names the file cut off by the lost page and the files that never ran', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts'), passed('/p/test/browser/b.test.ts'), cutOff] };
    expect(filesToRunAgain(report, lostOutput, files)).toEqual(['/p/test/browser/c.test.ts', '/p/test/browser/d.test.ts']);
  });

  it('runs nothing again when a test failed as well', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts'), { name: '/p/test/browser/b.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }] };
    expect(filesToRunAgain(report, lostOutput, files)).toBeNull();
  });

  it('runs nothing again when another error came with the lost page', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts')] };
    const output = lostOutput.replace('1 error', '2 errors') + '\nTypeError: x is not a function';
    expect(filesToRunAgain(report, output, files)).toBeNull();
  });

  it('reruns the cut-off file when its own error is the lost page', () => {
    const report = { testResults: [passed('/p/test/unit/a.test.ts'), passed('/p/test/browser/b.test.ts'), { ...cutOff, status: 'failed', message: `[vitest] ${'Browser connection was closed while running tests'}. Was the page closed unexpectedly?` }] };
    expect(filesToRunAgain(report, lostOutput, files)).toEqual(['/p/test/browser/c.test.ts', '/p/test/browser/d.test.ts']);
  });

  // A file can fail with no test failed; with the page lost in the same run, it must still fail the run.
  describe('runs nothing again when a file failed on its own beside the lost page', () => {
    const cases = {
      'it did not load (no tests)': { name: '/p/test/unit/a.test.ts', status: 'failed', message: 'Failed to load url ./nowhere.ts', assertionResults: [] },
      'its afterAll threw (every test passed)': { ...passed('/p/test/unit/a.test.ts'), status: 'failed', message: 'afterAll: the server would not stop' },
      'its beforeAll threw (every test skipped)': { name: '/p/test/unit/a.test.ts', status: 'failed', message: 'beforeAll: no port', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] },
    };
    for (const [name, failed] of Object.entries(cases)) {
      it(name, () => {
        const report = { testResults: [failed, passed('/p/test/browser/b.test.ts'), cutOff] };
        expect(filesToRunAgain(report, lostOutput, files)).toBeNull();
      });
    }
  });

  it('runs nothing again after any other failure', () => {
    const report = { testResults: files.map(passed) };
    expect(filesToRunAgain(report, ' Errors  1 error\nError: Failed to load url ./nowhere.ts', files)).toBeNull();
    expect(filesToRunAgain(report, ' Test Files  1 failed | 3 passed (4)', files)).toBeNull();
  });
});

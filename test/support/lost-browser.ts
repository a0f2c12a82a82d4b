/**
 * When Vitest's browser mode loses its page, and nothing else.
 *
 * Vitest 4.1 drives every browser test file through one long-lived page and one
 * websocket; when Chromium drops that socket (seen in CI about once in twenty runs,
 * between two files, with every test passing), the run stops there with
 * "Browser connection was closed while running tests" and the files after it never run.
 * The runner (test/run-vitest.ts) then runs those files once more. Anything else, a
 * failed test, a file that failed on its own (it did not load, or a hook threw) or another
 * error beside the lost page, stays a failure.
 */

/** The part of Vitest's JSON report read here. */
export interface JsonReport {
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}

const LOST = 'Browser connection was closed while running tests';

// The reporter colours its output; the counts are read without the colour codes.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * The test files to run again after a run that lost its browser page, or `null` when the
 * run failed for any other reason too: a failed test, a failed file, or an error other than
 * the lost page. `files` are every test file the run was given, as absolute paths.
 */
export function filesToRunAgain(report: JsonReport, output: string, files: readonly string[]): string[] | null {
  const text = plain(output);
  const lost = text.split(LOST).length - 1;
  const errors = Number(/^\s*Errors\s+(\d+) errors?/m.exec(text)?.[1] ?? 0);
  if (lost === 0 || errors !== lost) return null;
  if (report.testResults.some((file) => file.assertionResults.some((test) => test.status === 'failed'))) return null;
  // A file fails on its own, with its tests passed, skipped or absent, when it does not load
  // or a hook throws (a failed beforeAll leaves its tests skipped). Only the lost page itself
  // may stand as a file's error.
  if (report.testResults.some((file) => file.status === 'failed' && !file.message?.includes(LOST))) return null;
  // A file cut off by the lost page reports its tests as pending; files after it are missing.
  const done = new Set(
    report.testResults
      .filter((file) => file.status === 'passed' && file.assertionResults.length > 0 && file.assertionResults.every((test) => test.status === 'passed'))
      .map((file) => file.name),
  );
  return files.filter((file) => !done.has(file));
}

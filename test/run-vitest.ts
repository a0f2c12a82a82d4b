/**
 * `vitest run` for `npm test`: the unit, contract and browser tests, with one more run of
 * the files that never ran when Chromium dropped Vitest's page (see
 * support/lost-browser.ts). Says so loudly when it happens; exits as Vitest does otherwise.
 * Arguments go to Vitest as they are; those not starting with `-` are file filters.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { filesToRunAgain, type JsonReport } from './support/lost-browser.ts';

const root = resolve(import.meta.dirname, '..');
const reportFile = join(root, 'test-results', 'vitest.json');

/** Runs `vitest run` with `args`, printing its output as it comes; resolves to its exit code and output. */
function vitest(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
    const child = spawn(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...reporters, ...args], { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/** The test files of the Vitest projects (vitest.config.ts) that `filters` select, as absolute paths. */
function testFiles(filters: readonly string[]): string[] {
  return ['unit', 'contract', 'edge', 'docs', 'runtimes', 'browser']
    .flatMap((project) =>
      readdirSync(join(root, 'test', project), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => join(root, 'test', project, file)),
    )
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)));
}

const args = process.argv.slice(2);
const filters = args.filter((arg) => !arg.startsWith('-'));
mkdirSync(join(root, 'test-results'), { recursive: true });
const first = await vitest(args);
if (first.code === 0) process.exit(0);
let report: JsonReport;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
} catch {
  process.exit(first.code);
}
const again = filesToRunAgain(report, first.output, testFiles(filters));
// With no file left to run, Vitest would run every file: the lost page alone fails the run.
if (!again || again.length === 0) process.exit(first.code);
console.error(`\nrun-vitest: Chromium dropped Vitest's page with no test failed; running the ${again.length} file(s) that did not finish once more.\n`);
const second = await vitest(again.map((file) => file.slice(root.length + 1)));
process.exit(second.code);

/**
 * The React entries' types (`storefront-widgets/react`, `storefront-widgets/jsx`) under
 * React 18's and React 19's: the consumer fixtures (test/consumer/fixtures: typed props and
 * event details, the raw tags with their attribute values, and the errors a wrong one
 * gives) compiled against the sources with each `@types/react` (18 under the alias
 * `@types/react-18`).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Compiles the fixtures with `types` as React's types; tsc's output (empty when they compile). */
async function compile(types: string, extra = ''): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-widgets-react-types-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['react.tsx', 'tags.tsx']) copyFileSync(join(root, 'test/consumer/fixtures', `${name}.txt`), join(dir, name));
  const files = ['react.tsx', 'tags.tsx'];
  if (extra) {
    writeFileSync(join(dir, 'extra.tsx'), extra);
    files.push('extra.tsx');
  }
  const react = join(root, 'node_modules/@types', types);
  const paths = {
    'storefront-widgets': [join(root, 'src/index.ts')],
    'storefront-widgets/react': [join(root, 'src/react.ts')],
    'storefront-widgets/jsx': [join(root, 'src/jsx.ts')],
    react: [react],
    'react/*': [`${react}/*`],
  };
  const compilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], jsx: 'react-jsx', types: [], module: 'ESNext', moduleResolution: 'bundler', experimentalDecorators: true, useDefineForClassFields: false, allowImportingTsExtensions: true, paths };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  try {
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error).replaceAll(dir, '.');
  }
}

describe.each([
  ['react', '19'],
  ['react-18', '18'],
])('the React entries with @types/%s', (types, version) => {
  it(`type-check in React ${version}: typed props, events and tags; a wrong value is an error`, async () => {
    // Which React's types the compile used: a React 19 name is an error under 18, and nothing else is.
    const output = await compile(types, `import { use } from 'react';\nexport const probe = use;\n`);
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toEqual(types === 'react' ? [] : [expect.stringMatching(/^extra\.tsx\(1,10\): error TS2305: Module .* has no exported member 'use'\.$/)]);
  }, 60_000);
});

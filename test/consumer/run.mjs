#!/usr/bin/env node
// `npm run test:consumer` (after `npm run build`): packs the package, installs the
// tarball in a scratch project under the OS temp dir (with typescript and @types/react
// from the npm registry), and checks it as a consumer would see it:
// - types: `document.querySelector('svc-post-gallery')` is the element class (from the
//   main entry alone too), `svc-*` event listeners get typed `detail`, the data layer and
//   the React entry type-check, the raw tags are typed in React's JSX, Vue's
//   `GlobalComponents` and Svelte's `svelteHTML` (a wrong value such as
//   `layout="spiral"` is an error), under both `moduleResolution: "bundler"` and
//   `"nodenext"`;
// - the React entry keeps its `'use client'` directive;
// - resolution: every `exports` entry resolves in Node;
// - runtime: `storefront-widgets/ssr` runs in Node; `storefront-widgets/edge` loads
//   without a DOM and the package's bin (`storefront-widgets proxy`) serves and stops.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'test', 'consumer', 'fixtures');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const typescript = pkg.devDependencies.typescript;
const reactTypes = pkg.devDependencies['@types/react'];
const vue = pkg.devDependencies.vue;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const started = Date.now();
const scratch = mkdtempSync(join(tmpdir(), 'storefront-widgets-consumer-'));
const results = [];

function run(command, args, options = {}) {
  return execFileSync(command, args, { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function check(name, fn) {
  const start = Date.now();
  try {
    fn();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✘ ${name}\n${String(error.stdout || '') + String(error.stderr || '') || error.message}`.replace(/\n/g, '\n      '));
  }
}

try {
  console.log(`consumer project: ${scratch}`);
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', scratch], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  const tarball = join(scratch, packed[0].filename);
  console.log(`packed ${packed[0].filename}: ${packed[0].entryCount} files, ${(packed[0].size / 1024).toFixed(0)} KiB`);

  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'storefront-widgets-consumer', private: true, type: 'module' }, null, 2));
  const installing = Date.now();
  run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', tarball, `typescript@${typescript}`, `@types/react@${reactTypes}`, `vue@${vue}`]);
  console.log(`installed it with typescript, @types/react and vue (${((Date.now() - installing) / 1000).toFixed(1)} s)`);
  // Fixture sources end in .txt so that the repository's own type-check leaves them alone.
  for (const name of readdirSync(fixtures)) copyFileSync(join(fixtures, name), join(scratch, name.replace(/\.txt$/, '')));

  const tsc = join(scratch, 'node_modules', 'typescript', 'bin', 'tsc');
  check('types with moduleResolution "bundler" (elements, events, data layer, React, raw tags in JSX, Vue and Svelte)', () => run(process.execPath, [tsc, '-p', 'tsconfig.bundler.json']));
  check('types with moduleResolution "nodenext"', () => run(process.execPath, [tsc, '-p', 'tsconfig.nodenext.json']));
  check('one element entry types its own tag only', () => run(process.execPath, [tsc, '-p', 'tsconfig.single.json']));
  check('the main entry alone types every tag', () => run(process.execPath, [tsc, '-p', 'tsconfig.main.json']));
  check("the React entry starts with 'use client' (server components import it as is)", () => {
    const entry = readFileSync(join(scratch, 'node_modules', pkg.name, pkg.exports['./react'].default), 'utf8');
    if (!/^(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use client["'];/.test(entry)) throw new Error(`dist react entry begins: ${entry.slice(0, 80)}`);
  });
  check('a type error in consumer code is reported (the checks can fail)', () => {
    let failed = false;
    try {
      run(process.execPath, [tsc, '-p', 'tsconfig.broken.json']);
    } catch (error) {
      failed = /Property 'nope' does not exist on type 'ProductSelectDetail'/.test(String(error.stdout));
    }
    if (!failed) throw new Error('tsc accepted code with a wrong event detail');
  });

  // Types-only entries (`./jsx`, `./vue`, `./svelte`) have nothing to resolve at run time.
  const subpaths = Object.keys(pkg.exports).filter((name) => !name.includes('*') && (typeof pkg.exports[name] === 'string' || 'default' in pkg.exports[name]));
  check(`every export resolves in Node (${subpaths.length})`, () => {
    const script = `for (const s of ${JSON.stringify(subpaths)}) import.meta.resolve(s === '.' ? '${pkg.name}' : '${pkg.name}/' + s.slice(2));`;
    run(process.execPath, ['--input-type=module', '-e', script]);
  });
  check('storefront-widgets/ssr runs in Node', () => {
    const script = `
      const { richSnippetScript } = await import('${pkg.name}/ssr');
      const html = richSnippetScript({ '@context': 'https://schema.org', '@type': 'Product', name: 'Mug </script><b>' });
      if (!html.startsWith('<script type="application/ld+json">') || html.includes('</script><b>')) throw new Error(html);`;
    run(process.execPath, ['--input-type=module', '-e', script]);
  });
  check('storefront-widgets/edge loads in Node without a DOM, and its bin serves the proxy and stops on SIGTERM', () => {
    // The API base is a closed port: the proxy answers what it refuses itself, and 503 for a read it cannot get.
    const script = `
      import { spawn } from 'node:child_process';
      const edge = await import('${pkg.name}/edge');
      if (typeof edge.createStorefrontProxy !== 'function' || typeof globalThis.document !== 'undefined') throw new Error('edge entry');
      const child = spawn('node_modules/.bin/storefront-widgets', ['proxy', '--publishable-key', 'svc_pk_consumer', '--api-base', 'http://127.0.0.1:9', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
      const url = await new Promise((done, fail) => {
        let out = '';
        child.stdout.on('data', (chunk) => { out += chunk; const m = /http:\\/\\/127\\.0\\.0\\.1:\\d+/.exec(out); if (m) done(m[0]); });
        child.on('exit', (code) => fail(new Error('exited ' + code + ': ' + out)));
        setTimeout(() => fail(new Error('no URL printed: ' + out)), 15000);
      });
      const refused = await fetch(url + '/__emulator/info');
      const down = await fetch(url + '/v1/company/review-summary?market=us');
      if (refused.status !== 404 || down.status !== 503 || !down.headers.get('retry-after')) throw new Error(refused.status + ' ' + down.status);
      const exited = new Promise((done) => child.on('exit', done));
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error('exit code ' + code);`;
    run(process.execPath, ['--input-type=module', '-e', script]);
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);

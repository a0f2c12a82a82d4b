/**
 * `npm run build:wordpress`: writes the WordPress plugin's installable zip,
 * `dist/wordpress/storefront-widgets.zip` (docs/start/wordpress.md): the plugin's sources
 * (`wordpress/storefront-widgets/`) and, as its `cdn/` folder, the package's own built
 * `dist/cdn/` (the loader, the reservation stylesheet, every element module and chunk), so
 * that the plugin loads no JavaScript from elsewhere. Source maps stay out: no page names
 * them. Run `npm run build` first; without `dist/cdn/` this runs its part of the build.
 *
 * `--cdn DIR` takes another build's `cdn/` folder, `--out FILE` writes the zip elsewhere.
 * The zip is written with jszip (pure JavaScript, on every platform a checkout builds on;
 * no `zip` command needed), with fixed dates, so that the same sources give the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import JSZip from 'jszip';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PLUGIN = join(ROOT, 'wordpress', 'storefront-widgets');
export const ZIP = join(ROOT, 'dist', 'wordpress', 'storefront-widgets.zip');
const SLUG = 'storefront-widgets';
const DATE = new Date('2026-01-01T00:00:00Z');

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** The plugin's header, its constant and its readme name the package's version, or the build stops. */
export function checkVersions(version: string): void {
  const main = readFileSync(join(PLUGIN, `${SLUG}.php`), 'utf8');
  const readme = readFileSync(join(PLUGIN, 'readme.txt'), 'utf8');
  const found = {
    'the plugin header\'s Version': /^\s*\*\s*Version:\s*(\S+)/m.exec(main)?.[1],
    STOREFRONT_WIDGETS_VERSION: /define\(\s*'STOREFRONT_WIDGETS_VERSION',\s*'([^']+)'/.exec(main)?.[1],
    'readme.txt\'s Stable tag': /^Stable tag:\s*(\S+)/m.exec(readme)?.[1],
  };
  const wrong = Object.entries(found).filter(([, value]) => value !== version);
  if (wrong.length) throw new Error(`wordpress/${SLUG}: ${wrong.map(([name, value]) => `${name} is ${value ?? 'missing'}`).join(', ')}; package.json's version is ${version}.`);
}

export async function buildWordpress(options: { cdn?: string; out?: string } = {}): Promise<{ out: string; bytes: number; files: number }> {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  checkVersions(version);
  const cdn = resolve(options.cdn ?? join(ROOT, 'dist', 'cdn'));
  if (!options.cdn && !existsSync(join(cdn, 'storefront-widgets.js'))) execFileSync('npm', ['run', 'build:cdn'], { cwd: ROOT, stdio: 'inherit' });
  for (const name of ['storefront-widgets.js', 'storefront-widgets.css']) {
    if (!existsSync(join(cdn, name))) throw new Error(`${join(cdn, name)} is missing: run \`npm run build\` first.`);
  }
  if (existsSync(join(PLUGIN, 'cdn'))) throw new Error(`wordpress/${SLUG}/cdn must not exist: the build puts the package's dist/cdn there.`);

  const zip = new JSZip();
  const add = (path: string, from: string) => zip.file(`${SLUG}/${path}`, readFileSync(from), { date: DATE, unixPermissions: 0o644 });
  for (const path of files(PLUGIN)) add(relative(PLUGIN, path), path);
  const scripts = files(cdn).filter((path) => !path.endsWith('.map'));
  for (const path of scripts) add(`cdn/${relative(cdn, path)}`, path);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, platform: 'UNIX' });

  const out = resolve(options.out ?? ZIP);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  return { out, bytes: statSync(out).size, files: Object.values(zip.files).filter((file) => !file.dir).length };
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { cdn: { type: 'string' }, out: { type: 'string' } } });
  const { out, bytes, files: count } = await buildWordpress(values);
  console.log(`WordPress plugin written to ${relative(process.cwd(), out)} (${count} files, ${bytes.toLocaleString('en')} bytes).`);
}

/**
 * `npm run docs:check` (with the reference check, in `npm test`): the Markdown docs hold
 * together.
 * - Every relative link of README.md, the project's other front files and docs/** leads
 *   to a file, and a `#fragment` to a heading of that page.
 * - Every block marked `<!-- file: path -->` is that file.
 * - The README's CDN URLs name the package's version and its `jsdelivr` entry, and every
 *   CDN URL of the docs names a file the build made (run after `npm run build`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { headingIds } from './slug.ts';

const root = resolve(import.meta.dirname, '../..');


const files = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
].sort();

const problems: string[] = [];
const pageText = (file: string) => readFileSync(join(root, file), 'utf8');
/** A page's text without its code blocks (whose `[x](y)` is code, not a link). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

for (const file of files) {
  const text = pageText(file);
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const [path, fragment] = target!.split('#') as [string, string | undefined];
    const linked = path === '' ? file : relative(root, resolve(root, dirname(file), path));
    // A folder has no page on the site (nor an index on a code host's every view): link a page.
    if (!existsSync(join(root, linked)) || statSync(join(root, linked)).isDirectory()) {
      problems.push(`${file}: ${target} leads nowhere`);
      continue;
    }
    if (fragment && linked.endsWith('.md') && !headingIds(pageText(linked)).has(fragment)) problems.push(`${file}: ${target} names no heading of ${linked}`);
  }
  for (const [, path, code] of text.matchAll(/<!-- file: ([^ ]+) -->\n```\w*\n([\s\S]*?)\n```/g)) {
    if (!existsSync(join(root, path!))) problems.push(`${file}: the block of ${path} names no file`);
    else if (readFileSync(join(root, path!), 'utf8').trimEnd() !== code) problems.push(`${file}: the block of ${path} is not that file`);
  }
}

const pkg = JSON.parse(pageText('package.json')) as { version: string; jsdelivr: string; unpkg: string };
const script = pkg.jsdelivr.replace(/^\.\//, '');
const cdn = [...pageText('README.md').matchAll(/https:\/\/cdn\.jsdelivr\.net\/npm\/storefront-widgets@([^/]+)\/(\S+?)["\s]/g)];
if (!cdn.some(([, , path]) => path === script)) problems.push(`README.md: no CDN URL of the package's jsdelivr entry (${script})`);
for (const file of files) {
  for (const [url, version, path] of pageText(file).matchAll(/https:\/\/(?:cdn\.jsdelivr\.net\/npm|unpkg\.com)\/storefront-widgets@([^/]+)\/([^"\s`]+)/g)) {
    if (version !== pkg.version) problems.push(`${file}: ${url} is not version ${pkg.version}`);
    if (!existsSync(join(root, path!))) problems.push(`${file}: ${url} names ${path}, which the build did not make (run \`npm run build\` first)`);
  }
}
const lines = pageText('README.md').split('\n').length;
if (lines > 200) problems.push(`README.md has ${lines} lines: the front page stays within 200`);

if (problems.length > 0) {
  console.error(`The docs have ${problems.length} problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`✓ ${files.length} docs pages: every link leads somewhere, every file block is its file, the README names version ${pkg.version}`);

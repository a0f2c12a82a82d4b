/**
 * `npm run docs:reference` writes the generated parts of the docs; `npm run docs:check`
 * (in `npm test`, after `build:manifest`) fails when a page is not what they would be.
 *
 * - Each element page (docs/elements/<tag>.md): its tables, from dist/custom-elements.json.
 * - docs/reference/js-api.md: every export of `storefront-widgets`, `/ssr` and `/edge`,
 *   from the types (the TypeScript compiler API), with the first paragraph of its JSDoc.
 *
 * Only the text between `<!-- generated:start -->` and `<!-- generated:end -->` is
 * written; the rest of a page is prose kept by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_API_BASE } from '../../src/api/wire.ts';
import { elementTables, type Manifest } from './element-tables.ts';
import { jsApi } from './js-api.ts';

const root = resolve(import.meta.dirname, '../..');
const START = '<!-- generated:start -->';
const END = '<!-- generated:end -->';

/** The page with its generated part replaced by `generated`. */
function withGenerated(page: string, generated: string, file: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} block`);
  return `${page.slice(0, start + START.length)}\n${generated.trim()}\n${page.slice(end)}`;
}

const check = process.argv.includes('--check');
const manifest = JSON.parse(readFileSync(resolve(root, 'dist/custom-elements.json'), 'utf8')) as Manifest;
const pages = new Map<string, string>();
for (const [tag, tables] of elementTables(manifest, { apiBaseDefault: DEFAULT_API_BASE })) pages.set(`docs/elements/${tag}.md`, tables);
pages.set('docs/reference/js-api.md', jsApi(root));

const stale: string[] = [];
for (const [file, generated] of pages) {
  const path = resolve(root, file);
  let page: string;
  try {
    page = readFileSync(path, 'utf8');
  } catch {
    stale.push(`${file} (missing)`);
    continue;
  }
  const next = withGenerated(page, generated, file);
  if (next === page) continue;
  if (check) stale.push(file);
  else writeFileSync(path, next);
}
if (stale.length > 0) {
  console.error(`The generated reference is out of date in ${stale.join(', ')}: run \`npm run docs:reference\` and commit the pages.`);
  process.exit(1);
}
console.log(check ? `✓ the generated reference of ${pages.size} pages is current` : `wrote the generated reference of ${pages.size} pages`);

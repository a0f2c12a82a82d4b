/**
 * `npm run build:site`: the docs site, a static folder (`_site/`) that any static host
 * serves. The demo's pages are built by Vite as they are; each Markdown page of docs/
 * (and the project's CONTRIBUTING, SECURITY and CHANGELOG) is rendered into the demo's
 * shell with the docs navigation and its own table of contents; Pagefind indexes the
 * docs for the search box; then every link of the folder is checked (check-links.ts).
 * Live examples read the emulator at VITE_API_BASE (default http://localhost:8787) and
 * say so in the header when it is not reachable.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as pagefind from 'pagefind';
import { build } from 'vite';
import { checkLinks } from './check-links.ts';
import { renderPage, type Page } from './render.ts';

const root = resolve(import.meta.dirname, '../..');
const out = join(root, '_site');
const started = Date.now();

// 1. The demo's pages and the docs pages' script and styles, through the demo's Vite config.
const demoPages = readdirSync(join(root, 'demo')).filter((file) => file.endsWith('.html'));
rmSync(out, { recursive: true, force: true });
await build({
  configFile: join(root, 'vite.config.ts'),
  mode: 'production',
  base: './',
  logLevel: 'warn',
  build: {
    outDir: out,
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { input: { ...Object.fromEntries(demoPages.map((file) => [file.replace(/\.html$/, ''), join(root, 'demo', file)])), 'docs-page': join(root, 'demo/site/docs-page.ts') } },
  },
});
const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file.includes('docs-page'));
if (!entry) throw new Error('The docs pages\' entry is not in the build manifest');
/** The styles of a chunk and of every chunk it imports (Vite hoists shared CSS into a shared chunk). */
const stylesOf = (chunk: { css?: string[]; imports?: string[] }, seen = new Set<string>()): string[] =>
  [...(chunk.css ?? []), ...(chunk.imports ?? []).filter((name) => !seen.has(name) && seen.add(name)).flatMap((name) => stylesOf(manifest[name] ?? {}, seen))];
copyFileSync(join(root, 'demo/site/favicon.svg'), join(out, 'favicon.svg'));
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE.txt'));

// 2. The Markdown pages, rendered into the shell.
const sources = [
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
  'CONTRIBUTING.md',
  'SECURITY.md',
  'CHANGELOG.md',
].sort();
const pages: Page[] = sources.map((source) => ({ source, markdown: readFileSync(join(root, source), 'utf8') }));
for (const page of pages) {
  const { output, html } = renderPage(page, pages, { script: entry.file, styles: [...new Set(stylesOf(entry))] });
  mkdirSync(dirname(join(out, output)), { recursive: true });
  writeFileSync(join(out, output), html);
}
writeFileSync(
  join(out, 'site-search.js'),
  `// The search box of the docs pages: Pagefind's UI over the index build:site wrote.
addEventListener('DOMContentLoaded', () => {
  const root = document.documentElement.dataset.siteRoot || './';
  new PagefindUI({ element: '#site-search', bundlePath: root + 'pagefind/', showSubResults: true, resetStyles: false });
});
`,
);

// 3. The search index of the docs pages (their <main data-pagefind-body>).
const { index } = await pagefind.createIndex({});
if (!index) throw new Error('Pagefind did not start');
const indexed = await index.addDirectory({ path: out });
if (indexed.errors.length > 0) throw new Error(`Pagefind: ${indexed.errors.join('; ')}`);
await index.writeFiles({ outputPath: join(out, 'pagefind') });
await pagefind.close();

// 4. Every link and fragment of the folder.
const problems = checkLinks(out);
if (problems.length > 0) {
  console.error(`The site has ${problems.length} broken links:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`✓ _site/: ${demoPages.length} demo pages and ${pages.length} docs pages (${indexed.page_count} indexed for search), every link checked, in ${((Date.now() - started) / 1000).toFixed(1)} s. Serve it: npx vite preview --outDir ${relative(process.cwd(), out) || '.'}`);

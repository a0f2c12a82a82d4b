/**
 * One Markdown page as a page of the site: the demo's frame (header, nav, footer, its
 * styles and shell script), the docs navigation, the page's contents list, links to other
 * pages rewritten from `.md` to `.html`.
 */
import { dirname, posix } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { headingText, slugger } from '../docs/slug.ts';

export interface Page {
  /** Its path in the repository: `docs/start/npm.md`, `CHANGELOG.md`. */
  source: string;
  markdown: string;
}

/** Where a repository file lands in the site (`docs/README.md` → `docs/index.html`), or undefined. */
export function outputOf(source: string): string | undefined {
  if (source === 'README.md' || source === 'docs/README.md') return 'docs/index.html';
  if (source === 'LICENSE') return 'LICENSE.txt';
  if (source.endsWith('.md')) return source.replace(/\.md$/, '.html');
  return undefined;
}

const GROUPS: [folder: string, heading: string][] = [
  ['start', 'Start'],
  ['concepts', 'Concepts'],
  ['elements', 'Elements'],
  ['frameworks', 'Frameworks'],
  ['guides', 'Guides'],
  ['proxy', 'The read proxy'],
  ['reference', 'Reference'],
  ['contributing', 'Contributing'],
];
/** Pages that come first in their group; the rest follow by title. */
const FIRST = ['docs/start/script-tag.md', 'docs/start/shopify.md', 'docs/proxy/overview.md', 'docs/elements/svc-storefront.md', 'docs/contributing/development.md'];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const titleOf = (page: Page) => headingText(/^#\s+(.+)$/m.exec(page.markdown)?.[1] ?? page.source);
const relativeTo = (from: string, to: string) => posix.relative(posix.dirname(from), to) || posix.basename(to);

function navigation(current: string, pages: Page[]): string {
  const link = (page: Page) => {
    const output = outputOf(page.source)!;
    // An element's page is named by its tag alone in the nav.
    const label = page.source.startsWith('docs/elements/') ? titleOf(page).split(':')[0]! : titleOf(page);
    return `<li><a href="${escape(relativeTo(current, output))}"${output === current ? ' aria-current="page"' : ''}>${escape(label)}</a></li>`;
  };
  const groups = GROUPS.map(([folder, heading]) => {
    const inGroup = pages
      .filter((page) => page.source.startsWith(`docs/${folder}/`))
      .sort((a, b) => {
        const rank = (page: Page) => (FIRST.includes(page.source) ? 0 : 1);
        return rank(a) - rank(b) || titleOf(a).localeCompare(titleOf(b));
      });
    return `<p class="nav-heading">${heading}</p><ul>${inGroup.map(link).join('')}</ul>`;
  });
  const docsHome = pages.find((page) => page.source === 'docs/README.md');
  const other = pages.filter((page) => page.source === 'docs/troubleshooting.md');
  const demo = `<p class="nav-heading">Live demo</p><ul><li><a href="${relativeTo(current, 'index.html')}">Overview</a></li><li><a href="${relativeTo(current, 'theming.html')}">Theming playground</a></li><li><a href="${relativeTo(current, 'emulator.html')}">API emulator</a></li></ul>`;
  return `<div id="site-search" class="site-search"></div><ul>${docsHome ? link(docsHome) : ''}${other.map(link).join('')}</ul>${groups.join('')}${demo}`;
}

/** The page's HTML file name and text. */
export function renderPage(page: Page, pages: Page[], assets: { script: string; styles: string[] }): { output: string; html: string } {
  const output = outputOf(page.source)!;
  const toRoot = posix.relative(posix.dirname(output), '.') || '.';
  const siteRoot = `${toRoot}/`.replace(/^\.\/$/, './');
  const slug = slugger();
  const toc: { id: string; text: string }[] = [];
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const id = slug(headingText(token.text));
        if (token.depth === 2) toc.push({ id, text: headingText(token.text) });
        return `<h${token.depth} id="${escape(id)}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
    },
    walkTokens(token) {
      if (token.type !== 'link' || /^[a-z]+:/.test(token.href) || token.href.startsWith('#')) return;
      const [path, fragment] = token.href.split('#') as [string, string | undefined];
      const target = posix.normalize(posix.join(dirname(page.source), path));
      const landed = outputOf(target);
      if (landed) token.href = `${relativeTo(output, landed)}${fragment ? `#${fragment}` : ''}`;
    },
  });
  const body = marked.parse(page.markdown.replace(/^<!-- (file|recipe|generated)[^>]*-->\n/gm, ''), { async: false });
  const title = titleOf(page);
  const contents =
    toc.length >= 2
      ? `<aside class="toc" aria-label="On this page"><p class="nav-heading">On this page</p><ul>${toc.map((entry) => `<li><a href="#${escape(entry.id)}">${escape(entry.text)}</a></li>`).join('')}</ul></aside>`
      : '';
  const html = `<!doctype html>
<html lang="en" data-site-root="${siteRoot}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escape(title)} · Storefront widgets</title>
    <link rel="icon" href="${siteRoot}favicon.svg" type="image/svg+xml" />
${assets.styles.map((file) => `    <link rel="stylesheet" href="${siteRoot}${file}" />`).join('\n')}
    <link rel="stylesheet" href="${siteRoot}pagefind/pagefind-ui.css" />
    <script type="module" src="${siteRoot}${assets.script}"></script>
    <script src="${siteRoot}pagefind/pagefind-ui.js" defer></script>
    <script src="${siteRoot}site-search.js" defer></script>
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to content</a>
    <header class="site-header" id="site-header"></header>
    <div class="site">
      <nav class="site-nav" id="site-nav" aria-label="Documentation">${navigation(output, pages)}</nav>
      <main class="content docs-page" id="main" data-pagefind-body>
${body}
      </main>
      ${contents}
    </div>
    <footer class="site-footer" id="site-footer"></footer>
  </body>
</html>
`;
  return { output, html };
}

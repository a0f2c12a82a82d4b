/**
 * The frame every docs page shares: the header (name, version, emulator status, menu
 * button on narrow screens), the navigation, the "On this page" list and the footer.
 * Each page's HTML has `#site-header`, `#site-nav`, `main#main` and `#site-footer`.
 * The docs pages of the built site (build/site/) bring their own navigation and contents
 * list, and say where the site's root is (`<html data-site-root="../">`).
 */
import { html, nothing, render } from 'lit';
import { VERSION } from '../../src/index.ts';
import './api-reference.ts';
import './code-block.ts';
import { apiBase, emulatorInfo } from './env.ts';

interface NavPage {
  href: string;
  title: string;
}

/** The site's root, relative to this page: the links of the header and the nav start there. */
const ROOT = document.documentElement.dataset['siteRoot'] ?? './';

const NAV: { heading: string; pages: NavPage[] }[] = [
  { heading: 'Getting started', pages: [{ href: './', title: 'Overview' }] },
  {
    heading: 'Elements',
    pages: [
      { href: './post-gallery.html', title: 'Post gallery' },
      { href: './shoppable-post.html', title: 'Shoppable post' },
      { href: './review-summary.html', title: 'Reviews' },
      { href: './rich-snippet.html', title: 'Rich snippet' },
    ],
  },
  {
    heading: 'Guides',
    pages: [
      { href: './theming.html', title: 'Theming' },
      { href: './themes.html', title: 'Themes' },
    ],
  },
  { heading: 'Tools', pages: [{ href: './emulator.html', title: 'API emulator' }] },
  // The built site (npm run build:site) has the docs beside the demo; the dev server has not.
  ...(import.meta.env.PROD ? [{ heading: 'Documentation', pages: [{ href: './docs/', title: 'All docs' }] }] : []),
];

/** The current page's file name (`index.html` for the folder). */
function currentFile(): string {
  const file = location.pathname.split('/').pop() ?? '';
  return file === '' ? 'index.html' : file;
}

const isCurrent = (href: string) => (href === './' ? 'index.html' : href.replace('./', '')) === currentFile();

type Status = 'checking' | 'ok' | 'down';
let status: Status = 'checking';
let menuOpen = false;

const logo = html`<svg class="logo" viewBox="0 0 32 32" aria-hidden="true">
  <rect width="32" height="32" rx="8" fill="#4338ca"></rect>
  <path d="M9 12.5 16 8l7 4.5v7L16 24l-7-4.5z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"></path>
  <path d="M9 12.5 16 17l7-4.5M16 17v7" fill="none" stroke="#c7d2fe" stroke-width="2" stroke-linejoin="round"></path>
</svg>`;

function renderHeader(host: HTMLElement): void {
  const statusText = { checking: 'Connecting to the emulator…', ok: 'Emulator connected', down: 'Emulator not reachable' }[status];
  render(
    html`
      <a class="brand" href=${ROOT}>${logo}<span>Storefront widgets</span></a>
      <span class="version" title="Library version">v${VERSION}</span>
      <span class="spacer"></span>
      <a class="status status-${status}" href=${`${ROOT}emulator.html`} title=${`Live examples read ${apiBase}`}>
        <span class="dot" aria-hidden="true"></span><span class="status-text">${statusText}</span>
      </a>
      <button
        class="menu-button"
        type="button"
        aria-controls="site-nav"
        aria-expanded=${menuOpen ? 'true' : 'false'}
        @click=${() => {
          menuOpen = !menuOpen;
          document.body.classList.toggle('menu-open', menuOpen);
          renderHeader(host);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d=${menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>
        <span class="visually-hidden">Menu</span>
      </button>
    `,
    host,
  );
}

function renderNav(host: HTMLElement): void {
  render(
    html`${NAV.map(
      (group) => html`
        <p class="nav-heading">${group.heading}</p>
        <ul>
          ${group.pages.map((page) => html`<li><a href=${page.href} aria-current=${isCurrent(page.href) ? 'page' : nothing}>${page.title}</a></li>`)}
        </ul>
      `,
    )}`,
    host,
  );
}

/** "On this page": the page's `h2[id]`s, for wide screens. */
function renderToc(main: HTMLElement): void {
  const headings = [...main.querySelectorAll<HTMLHeadingElement>('h2[id]')];
  if (headings.length < 2 || document.querySelector('aside.toc')) return;
  const aside = document.createElement('aside');
  aside.className = 'toc';
  aside.setAttribute('aria-label', 'On this page');
  main.after(aside);
  render(
    html`<p class="nav-heading">On this page</p>
      <ul>
        ${headings.map((h) => html`<li><a href=${`#${h.id}`}>${h.textContent}</a></li>`)}
      </ul>`,
    aside,
  );
}

function renderFooter(host: HTMLElement): void {
  render(
    html`<p>
      Storefront widgets v${VERSION}. Live examples read the local Storefront API emulator at <code>${apiBase}</code> with the demo key
      <code>svc_pk_demo</code>. The reference tables are generated from <code>custom-elements.json</code>.
    </p>`,
    host,
  );
}

/** Says plainly, above a page of live examples, that they have no API to read (a static copy of the site). */
function explainNoApi(main: HTMLElement): void {
  const note = document.createElement('div');
  note.className = 'callout';
  note.setAttribute('role', 'status');
  main.prepend(note);
  render(
    html`<p>
      The live examples on this page read the Storefront API emulator at <code>${apiBase}</code>, which is not reachable, so they show their error
      state. Run <code>npm start</code> in a checkout of the package to see them live; the code and the reference tables below do not need it.
    </p>`,
    note,
  );
}

function mount(): void {
  const header = document.getElementById('site-header');
  const nav = document.getElementById('site-nav');
  const main = document.getElementById('main');
  const footer = document.getElementById('site-footer');
  if (header) {
    renderHeader(header);
    void emulatorInfo().then(
      () => ((status = 'ok'), renderHeader(header)),
      () => {
        status = 'down';
        renderHeader(header);
        if (main && !main.classList.contains('docs-page')) explainNoApi(main);
      },
    );
  }
  if (nav) {
    if (!nav.querySelector('ul')) renderNav(nav);
    nav.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a') && menuOpen) {
        menuOpen = false;
        document.body.classList.remove('menu-open');
        if (header) renderHeader(header);
      }
    });
  }
  if (main) renderToc(main);
  if (footer) renderFooter(footer);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menuOpen && header) {
      menuOpen = false;
      document.body.classList.remove('menu-open');
      renderHeader(header);
    }
  });
}

mount();

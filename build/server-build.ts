import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import type { Plugin, UserConfig } from 'vite';

/** What the server build shares with the others (vite.config.ts): where sources are, the element entries, the version's defines. */
export interface ServerBuildInputs {
  src: (path: string) => string;
  elementEntries: Record<string, string>;
  define: Record<string, string>;
}

/**
 * The package's entries for servers whose bundlers pick a package's browser build
 * (workerd: `workerd`, `worker`, then `browser`; Vercel's `edge-light`): Lit's browser
 * build defines its element classes on `HTMLElement` and reads `document` as it loads,
 * which such a server lacks. Here Lit, its server renderer and query-core are inside,
 * resolved as Node resolves them (Lit's Node build, on its own DOM stand-in); what runs
 * anywhere stays the app's. One module graph: `/ssr` and `/edge` share their caches.
 */
const SERVER_EXTERNAL = ['react', 'react-dom', '@lit/react', 'lru-cache', 'parse5', 'blurhash'];

export function serverBuild({ src, elementEntries, define }: ServerBuildInputs): UserConfig {
  return {
    root: '.',
    publicDir: false,
    plugins: [minifyHtmlLiterals() as unknown as Plugin],
    // query-core reads `process.env.NODE_ENV`, and a worker has no `process`.
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...define, __STOREFRONT_WIDGETS_SERVER_BUILD__: 'true' },
    resolve: { conditions: ['node', 'module', 'import', 'default'], mainFields: ['module', 'main'] },
    build: {
      outDir: 'dist/server',
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      target: 'es2022',
      lib: {
        entry: { index: src('index.ts'), register: src('register.ts'), react: src('react.ts'), 'react-server-fallback': src('react-server-fallback.ts'), ssr: src('ssr/index.ts'), edge: src('edge/index.ts'), ...elementEntries },
        formats: ['es'],
      },
      rolldownOptions: {
        external: (id) => id.startsWith('node:') || SERVER_EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`)),
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  };
}

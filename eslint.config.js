// @ts-check
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, lowest first (see the README's "How it is built"): each may import
 * only from the layers before it (type-only imports excepted). Elements and the entry
 * points (src/*.ts, src/ssr/) stand above them all; the script tag's loader may use only
 * the light layers, so that it stays small.
 */
const LAYERS = [
  { name: 'shared', files: ['src/shared/**'], may: [] },
  { name: 'page', files: ['src/page/**'], may: ['shared'] },
  { name: 'api', files: ['src/api/**'], may: ['shared', 'page'] },
  { name: 'i18n', files: ['src/i18n/**'], may: ['shared', 'page'] },
  { name: 'queries', files: ['src/queries/**'], may: ['shared', 'page', 'api'] },
  { name: 'controllers', files: ['src/controllers/**'], may: ['shared', 'page', 'api', 'i18n', 'queries'] },
  { name: 'analytics', files: ['src/analytics/**'], may: ['shared', 'page', 'api'] },
  { name: 'loader', files: ['src/loader/**'], may: ['shared', 'page'], packages: false },
  // The read proxy (storefront-widgets/edge) runs on servers: it uses the API's wire names and checks, never the browser's layers.
  { name: 'edge', files: ['src/edge/**'], may: ['shared', 'api'] },
];
const FOLDERS = ['shared', 'page', 'api', 'i18n', 'queries', 'controllers', 'analytics', 'elements', 'loader', 'ssr', 'edge'];
/** Imports of the entry modules (index, register, react, registration) from below them. */
const ENTRIES = '(^|/)(index|register|react|registration)\\.js$';

const layerRules = LAYERS.map(({ name, files, may, packages = true }) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(?!${may.join('|') || '$^'})(${FOLDERS.filter((folder) => folder !== name).join('|')})(/|$)`,
            allowTypeImports: true,
            message: `src/${name}/ may import only from ${may.length ? may.map((m) => `src/${m.replace('$', '')}`).join(', ') : 'itself'} (layers flow one way: see eslint.config.js).`,
          },
          { regex: ENTRIES, allowTypeImports: true, message: 'The entry modules import the layers, not the other way round.' },
          ...(packages ? [] : [{ regex: '^(?!virtual:)[^.]', message: `src/${name}/ stays small: no packages.` }]),
        ],
      },
    ],
  },
}));

/** An element folder uses another element only through its registration module (`../reviews/svc-reviews.js`), and src/elements/shared/ uses none. */
const elementRules = [
  {
    files: ['src/elements/*/*.ts'],
    ignores: ['src/elements/shared/**'],
    regex: '^\\.\\./(?!shared/|\\.\\.)[\\w-]+/(?!svc-[\\w-]+\\.js$)',
    message: "An element folder does not import another element's internals: move what both use to src/elements/shared/, or import the other element's svc-*.js.",
  },
  { files: ['src/elements/shared/*.ts'], regex: '^\\.\\./(?!shared/|\\.\\.)[\\w-]+/', message: 'src/elements/shared/ serves every element and imports none.' },
  { files: ['src/elements/shared/*/*.ts'], regex: '^\\.\\./\\.\\./(?!shared/|\\.\\.)[\\w-]+/', message: 'src/elements/shared/ serves every element and imports none.' },
].map(({ files, ignores, regex, message }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex, message }, { regex: ENTRIES, allowTypeImports: true, message: 'The entry modules import the elements, not the other way round.' }] }],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', '_site/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.cache/**', 'screenshots/**', '.scratch/**', 'custom-elements.json', 'test/frameworks/*/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Text is never inserted as HTML.' },
        { property: 'outerHTML', message: 'Text is never inserted as HTML.' },
        { property: 'insertAdjacentHTML', message: 'Text is never inserted as HTML.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'lit/directives/unsafe-html.js', message: 'Text is never inserted as HTML.' },
            { name: 'lit/directives/unsafe-svg.js', message: 'Text is never inserted as markup.' },
            { name: 'lit/directives/style-map.js', message: "styleMap writes a style attribute, which a strict style-src blocks: use cssText() from src/elements/shared/css-text.ts." },
          ],
        },
      ],
    },
  },
  // No import cycles in the library (the resolver maps `./x.js` imports to `x.ts`).
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // no-cycle skips type-only imports; the data layer keeps its direction for types too:
      // transport ← reads ← client, so the transport and the reads never name the client.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/api/transport.ts', './src/api/*-reads.ts'],
              from: ['./src/api/client.ts', './src/api/lazy-reads.ts'],
              message: 'The transport and the reads are built on nothing above them: the client is built on them (see src/api/transport.ts).',
            },
          ],
        },
      ],
    },
  },
  ...layerRules,
  ...elementRules,
);

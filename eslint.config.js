// @ts-check
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.cache/**', 'screenshots/**', 'custom-elements.json', 'test/frameworks/*/**'] },
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
);

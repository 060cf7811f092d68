// ESLint: the recommended rules of ESLint and typescript-eslint, and the dependency
// direction of the layout (README, "Layout") as import rules per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PREACT = ['preact', 'preact/*', '@preact/signals'];

/** `no-restricted-imports` for the files of one folder: what they may not import, and why. */
function boundary(files, groups, message) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] } };
}

export const boundaries = [
  boundary(
    ['src/client/**'],
    ['**/core/**', '**/tracker/**', '**/ui/**', '**/embed/**', ...PREACT],
    'src/client is the API client: it imports no other layer and no Preact.',
  ),
  boundary(['src/tracker/**'], ['**/core/**', '**/ui/**', '**/embed/**', ...PREACT], 'src/tracker builds on src/client alone.'),
  boundary(
    ['src/core/**'],
    ['**/ui/**', '**/embed/**', '**/tracker/**', ...PREACT],
    'src/core is headless: src/client and @preact/signals-core only; the view composes the tracker.',
  ),
  boundary(['src/ui/**'], ['**/embed/**'], 'src/ui does not know how it is embedded.'),
  boundary(
    ['server/**'],
    ['**/src/core/**', '**/src/tracker/**', '**/src/ui/**', '**/src/embed/**', ...PREACT],
    'The service shares only src/client (the API types, limits and validators) with the browser code.',
  ),
];

export default tseslint.config(
  { ignores: ['**/.*', '**/dist/', 'node_modules/', 'e2e/artifacts/', 'test-results/', 'playwright-report/', '.data/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      // `_`-prefixed names are kept on purpose (a rest pattern that drops a key, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // TypeScript checks what this rule guesses at: undefined names are compile errors.
      'no-undef': 'off',
    },
  },
  ...boundaries,
  // Tests may drive the whole product: a service test builds what the widget sends.
  { files: ['server/**/*.test.ts'], rules: { 'no-restricted-imports': 'off' } },
);

// ESLint: the recommended rules of ESLint and typescript-eslint, and the dependency
// direction of the layout (README, "Layout") as import rules per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PREACT = ['preact', 'preact/*', '@preact/signals'];

/** `no-restricted-imports` for the files of one folder: what they may not import, and why. */
function boundary(files, groups, message) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] } };
}

/** What the service may not import of the browser code. */
const BROWSER_ONLY = ['**/src/core/**', '**/src/tracker/**', '**/src/ui/**', '**/src/embed/**', ...PREACT];

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
  boundary(['server/**'], BROWSER_ONLY, 'The service shares only src/client (the API types, limits and validators) with the browser code.'),
  // The service: routes -> pipeline -> ranking -> engine port <- engines. Each group
  // repeats BROWSER_ONLY: for one file, the last group that matches it is the one in force.
  boundary(
    ['server/engine/**'],
    [...BROWSER_ONLY, '**/ranking/**', '**/search/**', '**/pipeline/**', '**/routes/**'],
    'Engines sit behind the port (server/engine/engine.ts): the pipeline and the ranking rules above them are never imported by them.',
  ),
  boundary(
    ['server/engine/postgres*'],
    [...BROWSER_ONLY, '**/sqlite*', '**/ranking/**', '**/search/**', '**/pipeline/**', '**/routes/**'],
    'The PostgreSQL engine shares with the SQLite engine only what sits beside both (the port, documentRow, server/storage).',
  ),
  boundary(
    ['server/engine/sqlite*'],
    [...BROWSER_ONLY, '**/postgres*', '**/ranking/**', '**/search/**', '**/pipeline/**', '**/routes/**'],
    'The SQLite engine shares with the PostgreSQL engine only what sits beside both (the port, documentRow, server/storage).',
  ),
  boundary(
    ['server/pipeline/**', 'server/ranking/**'],
    [...BROWSER_ONLY, '**/routes/**', '**/engine/sqlite*', '**/engine/postgres*', '**/events/**'],
    'The pipeline and the ranking rules reach the storage only through the engine port (server/engine/engine.ts), and know nothing of routes.',
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

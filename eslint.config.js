// ESLint: the recommended rules of ESLint and typescript-eslint, and the dependency
// direction of the layout (README, "Layout") as import rules per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PREACT = ['preact', 'preact/*', '@preact/signals'];

/** `no-restricted-imports` for the files of one folder: what they may not import, and why. */
function boundary(files, groups, message, inherited = []) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [...inherited, { group: groups, message }] }] } };
}

/**
 * What no file of the service imports. A later entry's options replace an earlier one's
 * for the files both match, so each `server/` folder's entry repeats this pattern.
 */
const SERVER_SHARED = {
  group: ['**/src/core/**', '**/src/tracker/**', '**/src/ui/**', '**/src/embed/**', ...PREACT],
  message: 'The service shares only src/client (the API types, limits and validators) with the browser code.',
};

/** A boundary inside the service (see "Boundaries" in docs/reference-service.md). */
const serverBoundary = (files, groups, message) => boundary(files, groups, message, [SERVER_SHARED]);

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
  boundary(['server/**'], SERVER_SHARED.group, SERVER_SHARED.message),
  // The service's layers: routes -> pipeline -> ranking -> engine port <- engines; the
  // backends compose an engine with an event store; engines and event stores share only
  // server/storage.
  serverBoundary(
    ['server/engine/**'],
    ['**/ranking/**', '**/search/**', '**/pipeline/**', '**/threads/**', '**/events/**', '**/routes/**', '**/backends/**'],
    'Engines sit behind the port (server/engine/engine.ts): they import no pipeline, ranking, event store or route; server/backends composes them.',
  ),
  serverBoundary(
    ['server/engine/postgres*'],
    ['**/sqlite*', '**/ranking/**', '**/search/**', '**/pipeline/**', '**/threads/**', '**/events/**', '**/routes/**', '**/backends/**'],
    'The PostgreSQL engine shares with the SQLite engine only what sits beside both (the port, documentRow, server/storage).',
  ),
  serverBoundary(
    ['server/engine/sqlite*'],
    ['**/postgres*', '**/ranking/**', '**/search/**', '**/pipeline/**', '**/threads/**', '**/events/**', '**/routes/**', '**/backends/**'],
    'The SQLite engine shares with the PostgreSQL engine only what sits beside both (the port, documentRow, server/storage).',
  ),
  serverBoundary(
    ['server/pipeline/**', 'server/ranking/**'],
    ['**/routes/**', '**/engine/sqlite*', '**/engine/postgres*', '**/events/**', '**/backends/**', '**/threads/**'],
    'The pipeline and the ranking rules reach the storage only through the engine port (server/engine/engine.ts), and know nothing of routes.',
  ),
  serverBoundary(
    ['server/events/**'],
    ['**/engine/**', '**/ranking/**', '**/search/**', '**/pipeline/**', '**/routes/**', '**/backends/**'],
    'An event store knows no engine, ranking, search or route: what it shares with the engines is in server/storage.',
  ),
  serverBoundary(
    ['server/storage/**'],
    ['**/engine/**', '**/events/**', '**/ranking/**', '**/search/**', '**/pipeline/**', '**/routes/**', '**/backends/**'],
    'server/storage is what engines and event stores share: it imports neither.',
  ),
  serverBoundary(
    ['server/config.ts', 'server/serviceSettings.ts', 'server/search/**'],
    ['**/routes/**'],
    'Settings and search sit below the routes: they import none.',
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

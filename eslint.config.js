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

/**
 * The service's floors, top to bottom (DESIGN.md, "The service's folders"): a file imports
 * only from floors below its own, never from a folder beside it on its floor, never from
 * the command and the app at the top (`main.ts`, `app.ts`), `cli/` or `testing/`.
 */
const SERVER_FLOORS = [
  ['routes'],
  ['console'],
  ['crawl'],
  ['http'],
  ['indices'],
  ['pipeline'],
  ['config'],
  ['documents'],
  ['schemas'],
  ['ranking'],
  ['engine', 'events'],
  ['storage'],
  ['text'],
];

/** The import patterns of the folders on `folder`'s floor and above it, but itself. */
function above(folder) {
  const floor = SERVER_FLOORS.findIndex((folders) => folders.includes(folder));
  return SERVER_FLOORS.slice(0, floor + 1)
    .flat()
    .filter((other) => other !== folder)
    .map((other) => `**/${other}/**`);
}

/** The engines' and event stores' own files, which only `indices/` opens. */
const ENGINE_FILES = ['**/engine/sqlite*', '**/engine/postgres*', '**/events/sqlite*', '**/events/postgres*'];

/** What a folder may not import although it sits lower: the pipeline and the ranking rules are handed what the event stores learnt, they never read it. */
const NOT_BELOW = { pipeline: ['events'], ranking: ['events'] };

/** One entry per service folder: the floors it may not import, and, above the port, the engines. */
function serverFloors() {
  return SERVER_FLOORS.flat().map((folder) => {
    const floor = SERVER_FLOORS.findIndex((folders) => folders.includes(folder));
    const namesEngines = folder !== 'indices' && floor < SERVER_FLOORS.findIndex((folders) => folders.includes('engine'));
    const patterns = [
      SERVER_SHARED,
      {
        group: [...above(folder), ...(NOT_BELOW[folder] ?? []).map((other) => `**/${other}/**`), '**/cli/**', '**/testing/**', '../app.ts', '../main.ts'],
        message: `server/${folder} imports only the floors below it (DESIGN.md, "The service's folders"; docs/reference-service.md, "Boundaries"), never cli/ or testing/.`,
      },
    ];
    if (namesEngines)
      patterns.push({
        group: ENGINE_FILES,
        message:
          'Above the engine port only server/indices names an engine or event store: the rest reach them through engine/engine.ts and events/eventStore.ts.',
      });
    return { files: [`server/${folder}/**`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
  });
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
  // The React and Vue entries wrap `mount`, each for its framework alone; what they share imports neither.
  boundary(['src/react/**'], ['vue', '**/vue/**', '**/embed/**'], 'src/react wraps mount for React: no Vue, no script-tag entry.'),
  boundary(
    ['src/vue/**'],
    ['react', 'react/*', 'react-dom', 'react-dom/*', '**/react/**', '**/embed/**'],
    'src/vue wraps mount for Vue: no React, no script-tag entry.',
  ),
  boundary(
    ['src/wrappers/**'],
    ['react', 'react/*', 'react-dom', 'react-dom/*', 'vue', '**/embed/**'],
    'src/wrappers is what the React and Vue entries share: it imports neither framework.',
  ),
  boundary(['server/**'], SERVER_SHARED.group, SERVER_SHARED.message),
  ...serverFloors(),
  // The console's pages run in the browser: built by Vite into the files `/console/` serves, they
  // share src/client with the service and import Preact, never a module of the service.
  boundary(
    ['server/console/app/**'],
    [
      '**/src/core/**',
      '**/src/tracker/**',
      '**/src/ui/**',
      '**/src/embed/**',
      ...SERVER_FLOORS.flat()
        .filter((f) => f !== 'console')
        .map((f) => `**/server/${f}/**`),
    ],
    'server/console/app is browser code: src/client, Preact and chart.js only, no module of the service.',
  ),
  serverBoundary(
    ['server/engine/postgres*'],
    ['**/sqlite*', ...above('engine')],
    'The PostgreSQL engine shares with the SQLite engine only what sits beside both (the port, documentRow, server/storage).',
  ),
  serverBoundary(
    ['server/engine/sqlite*'],
    ['**/postgres*', ...above('engine')],
    'The SQLite engine shares with the PostgreSQL engine only what sits beside both (the port, documentRow, server/storage).',
  ),
];

/** `no-restricted-syntax` refusing a read of the machine's clock (`Date.now()`, `new Date()`), with why. */
function clockReadsRefused(message) {
  const reads = ["CallExpression[callee.object.name='Date'][callee.property.name='now']", "NewExpression[callee.name='Date'][arguments.length=0]"];
  return ['error', ...reads.map((selector) => ({ selector, message }))];
}

export default tseslint.config(
  { ignores: ['**/.*', '**/dist/', 'server/console/static/', 'node_modules/', 'e2e/artifacts/', 'test-results/', 'playwright-report/', '.data/', '.cache/'] },
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
  // The service's time comes from the app's clock (ServiceConfig.clock), which tests move; the
  // few reads of the machine's clock that no test needs to move say why beside a disable comment.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/testing/**', 'server/console/app/**'],
    rules: {
      'no-restricted-syntax': clockReadsRefused(
        "The service's time is the app's clock (ServiceConfig.clock, passed down as `clock`), so that tests can move it.",
      ),
    },
  },
  // A service test and its helpers never read the machine's clock: an event's time (an
  // argument, a helper's default) comes from the fixed clock the test gives the store or
  // service, and a wait's bound is a duration, which performance.now() measures. A time read
  // from the machine beside a store on a fixed clock agrees only by chance, whatever call
  // it is handed to, so every read is refused, not those of a list of store calls.
  {
    files: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-syntax': clockReadsRefused(
        "A test's times come from the fixed clock it gives the store or service (EventStoreOptions.clock, `clock`); a wait's bound from performance.now() or eventually() (testing/service.ts).",
      ),
    },
  },
);

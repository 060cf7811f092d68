/**
 * Sizes of the anchors the widget competes with, measured the same way as ours: each
 * installed from the npm registry at pinned versions into a throwaway folder (never the
 * repository), imported by a tiny entry that keeps its exports alive and instantiates
 * nothing, and bundled and minified by esbuild with the same settings, its stylesheet
 * included where the package (or its official theme) ships one.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { bytesSize, type Size } from './bundleSize.ts';

export interface Bundle {
  name: string;
  /** What the entry imports, for the method note. */
  imports: string;
  js: Size;
  css: Size | null;
  note?: string;
}

interface Anchor {
  name: string;
  imports: string;
  entry: string;
  note?: string;
}

/** Pinned so that two runs compare the same code. */
export const ANCHOR_PACKAGES = [
  'instantsearch.js@4.118.1',
  'algoliasearch@5.64.0',
  'instantsearch.css@8.23.0',
  '@algolia/autocomplete-js@1.19.12',
  '@algolia/autocomplete-theme-classic@1.19.11',
  '@docsearch/js@5.2.0',
  '@docsearch/css@5.2.0',
  '@pagefind/default-ui@1.5.2',
  'addsearch-search-ui@0.4.21',
  'addsearch-js-client@1.0.4',
];

const OURS_WIDGETS = 'searchBox, hits, refinementList, rangeInput, sortBy, pagination, stats, currentRefinements';

const ANCHORS: Anchor[] = [
  {
    name: 'InstantSearch.js + algoliasearch/lite (the widgets we have)',
    imports: `instantsearch, { ${OURS_WIDGETS} }, liteClient; satellite theme`,
    entry: `import instantsearch from 'instantsearch.js';
import { ${OURS_WIDGETS} } from 'instantsearch.js/es/widgets';
import { liteClient } from 'algoliasearch/lite';
import 'instantsearch.css/themes/satellite-min.css';
globalThis.__bench = [instantsearch, ${OURS_WIDGETS}, liteClient];`,
  },
  {
    name: 'InstantSearch.js + algoliasearch/lite (every widget)',
    imports: 'instantsearch, * as widgets, liteClient; satellite theme',
    entry: `import instantsearch from 'instantsearch.js';
import * as widgets from 'instantsearch.js/es/widgets';
import { liteClient } from 'algoliasearch/lite';
import 'instantsearch.css/themes/satellite-min.css';
globalThis.__bench = [instantsearch, widgets, liteClient];`,
  },
  {
    name: 'Algolia Autocomplete (a dropdown alone)',
    imports: 'autocomplete; classic theme',
    entry: `import { autocomplete } from '@algolia/autocomplete-js';
import '@algolia/autocomplete-theme-classic/dist/theme.min.css';
globalThis.__bench = autocomplete;`,
  },
  {
    name: 'DocSearch',
    imports: 'docsearch; @docsearch/css',
    entry: `import docsearch from '@docsearch/js';
import '@docsearch/css/dist/style.css';
globalThis.__bench = docsearch;`,
  },
  {
    name: "Pagefind's UI",
    imports: 'PagefindUI; css/ui.css',
    entry: `import { PagefindUI } from '@pagefind/default-ui';
import '@pagefind/default-ui/css/ui.css';
globalThis.__bench = PagefindUI;`,
    note: 'plus its runtime (pagefind.js and WebAssembly, ~81 KiB), generated per site by the indexer and not measured here',
  },
  {
    name: "The hosted service's widget + client",
    imports: 'AddSearchUI, AddSearchClient; its min.css',
    entry: `import AddSearchClient from 'addsearch-js-client';
import AddSearchUI from 'addsearch-search-ui';
import 'addsearch-search-ui/dist/addsearch-search-ui.min.css';
globalThis.__bench = [AddSearchClient, AddSearchUI];`,
  },
];

/** Our npm entry points bundled exactly like the anchors, Preact and signals inside. */
export function ourEntries(repo: string): Anchor[] {
  const lib = resolve(repo, 'dist/lib');
  return [
    {
      name: 'ours: npm widget entry (mount) + style.css',
      imports: 'mount; style.css',
      entry: `import { mount } from '${lib}/index.js';
import '${lib}/style.css';
globalThis.__bench = mount;`,
    },
    {
      name: 'ours: npm client entry (createClient)',
      imports: 'createClient',
      entry: `import { createClient } from '${lib}/client.js';
globalThis.__bench = createClient;`,
    },
  ];
}

const run = promisify(execFile);

/**
 * The folder the anchors are installed in, reused while the pinned versions stay the
 * same; null when they are not there and cannot (or may not) be installed.
 */
export function anchorFolder(options: { install: boolean; log: (line: string) => void }): Promise<string | null> {
  return installedFolder('anchors', ANCHOR_PACKAGES, options);
}

/**
 * A throwaway folder outside the repository holding `packages` (pinned), named after
 * them so a change of version installs afresh; null when it is not there and cannot
 * (or may not) be installed. `why` says what went wrong, for the tables.
 */
export async function installedFolder(
  label: string,
  packages: readonly string[],
  options: { install: boolean; log: (line: string) => void; why?: (reason: string) => void },
): Promise<string | null> {
  const key = createHash('sha256').update(packages.join(' ')).digest('hex').slice(0, 12);
  const folder = join(tmpdir(), `site-search-bench-${label}-${key}`);
  const done = join(folder, '.installed');
  if (existsSync(done)) return folder;
  if (!options.install) return null;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
  options.log(`installing the ${label} into ${folder}`);
  try {
    await run('npm', ['install', '--no-save', '--prefix', folder, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...packages], {
      timeout: 240_000,
    });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? 'npm install failed';
    options.log(`could not install the ${label} (${reason}); they are not measured`);
    options.why?.(reason);
    return null;
  }
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return folder;
}

/** Bundles one entry with the settings every row shares. */
export async function bundle(anchor: Anchor, resolveDir: string, nodePaths: string[] = []): Promise<Bundle> {
  const result = await build({
    stdin: { contents: anchor.entry, resolveDir, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths,
    outdir: join(tmpdir(), 'site-search-bench-out'),
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles.filter((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.filter((f) => f.path.endsWith('.css'));
  const concat = (files: typeof js) => Buffer.concat(files.map((f) => Buffer.from(f.contents)));
  return {
    name: anchor.name,
    imports: anchor.imports,
    js: bytesSize(concat(js)),
    css: css.length > 0 ? bytesSize(concat(css)) : null,
    ...(anchor.note !== undefined && { note: anchor.note }),
  };
}

/** The anchors' bundles, or for each one that fails, its name with null. */
export async function anchorBundles(folder: string, log: (line: string) => void): Promise<Array<Bundle | { name: string; imports: string; error: string }>> {
  const rows = [];
  for (const anchor of ANCHORS) {
    try {
      rows.push(await bundle(anchor, folder));
    } catch (error) {
      log(`could not bundle ${anchor.name}: ${(error as Error).message.split('\n')[0]}`);
      rows.push({ name: anchor.name, imports: anchor.imports, error: 'not measured (bundling failed)' });
    }
  }
  return rows;
}

export function anchorNames(): Array<{ name: string; imports: string; note?: string }> {
  return ANCHORS.map(({ name, imports, note }) => ({ name, imports, ...(note !== undefined && { note }) }));
}

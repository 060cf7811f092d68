/** The engines the relevance benchmark runs, and the pinned packages of the others. */
import type { Engine } from '../types.ts';
import { flexsearch, FLEXSEARCH_PACKAGE, FLEXSEARCH_SETTINGS } from './flexsearch.ts';
import { lunr, LUNR_PACKAGE, LUNR_SETTINGS } from './lunr.ts';
import { minisearch, MINISEARCH_PACKAGE, MINISEARCH_SETTINGS } from './minisearch.ts';
import { orama, ORAMA_PACKAGE, ORAMA_SETTINGS } from './orama.ts';
import { ours, oursExample, OURS_SETTINGS } from './ours.ts';
import { pagefind, PAGEFIND_PACKAGE, PAGEFIND_SETTINGS } from './pagefind.ts';

export interface EngineSpec {
  /** What `--engines` calls it. */
  key: string;
  name: string;
  settings: string;
  /** More of the settings, read off the code at run time. */
  example?: () => Promise<string>;
  /** Builds the engine; `folder` holds the installed packages (the others need it). */
  make(context: { repo: string; folder: string; log: (line: string) => void }): Engine | Promise<Engine>;
  /** Whether it needs the installed packages. */
  installed: boolean;
}

/** Pinned so that two runs compare the same code. Pagefind's binary comes in its platform package. */
export const ENGINE_PACKAGES = [MINISEARCH_PACKAGE, LUNR_PACKAGE, FLEXSEARCH_PACKAGE, ORAMA_PACKAGE, PAGEFIND_PACKAGE];

/** Ours' row when it runs on PostgreSQL. */
export const OURS_POSTGRES = 'ours, PostgreSQL';

/**
 * Ours on PostgreSQL: each run of it (a corpus) on a new empty database of the server at
 * `serverUrl` (a superuser's URL), made when the run starts.
 */
export function oursOnPostgres(serverUrl: string, createDatabase: (url: string, name: string) => Promise<string>): EngineSpec {
  let made = 0;
  return {
    key: 'ours',
    name: OURS_POSTGRES,
    settings: `${OURS_SETTINGS}; the service on PostgreSQL (\`--database-url\`, a new database for each corpus)`,
    installed: false,
    make: async ({ repo, log }) => ours(repo, log, { name: OURS_POSTGRES, databaseUrl: await createDatabase(serverUrl, `relevance_${++made}`) }),
  };
}

export const ENGINES: readonly EngineSpec[] = [
  { key: 'ours', name: 'ours', settings: OURS_SETTINGS, example: oursExample, installed: false, make: ({ repo, log }) => ours(repo, log) },
  { key: 'minisearch', name: 'MiniSearch', settings: MINISEARCH_SETTINGS, installed: true, make: ({ folder }) => minisearch(folder) },
  { key: 'lunr', name: 'lunr', settings: LUNR_SETTINGS, installed: true, make: ({ folder }) => lunr(folder) },
  { key: 'flexsearch', name: 'FlexSearch', settings: FLEXSEARCH_SETTINGS, installed: true, make: ({ folder }) => flexsearch(folder) },
  { key: 'orama', name: 'Orama', settings: ORAMA_SETTINGS, installed: true, make: ({ folder }) => orama(folder) },
  { key: 'pagefind', name: 'Pagefind', settings: PAGEFIND_SETTINGS, installed: true, make: ({ folder, log }) => pagefind(folder, log) },
];

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

export const ENGINES: readonly EngineSpec[] = [
  { key: 'ours', name: 'ours', settings: OURS_SETTINGS, example: oursExample, installed: false, make: ({ repo, log }) => ours(repo, log) },
  { key: 'minisearch', name: 'MiniSearch', settings: MINISEARCH_SETTINGS, installed: true, make: ({ folder }) => minisearch(folder) },
  { key: 'lunr', name: 'lunr', settings: LUNR_SETTINGS, installed: true, make: ({ folder }) => lunr(folder) },
  { key: 'flexsearch', name: 'FlexSearch', settings: FLEXSEARCH_SETTINGS, installed: true, make: ({ folder }) => flexsearch(folder) },
  { key: 'orama', name: 'Orama', settings: ORAMA_SETTINGS, installed: true, make: ({ folder }) => orama(folder) },
  { key: 'pagefind', name: 'Pagefind', settings: PAGEFIND_SETTINGS, installed: true, make: ({ folder, log }) => pagefind(folder, log) },
];

/** The relevance benchmark's shapes: judged queries, engines, and what a run gives back. */
import type { IndexDocument } from '../../src/client/types.ts';

/**
 * `exact`: a name as written; `natural`: how a developer says it; `prefix`: a name cut
 * short as typed; `typo`: a name mistyped; `multiword`: several words with filler words.
 */
export type QueryClass = 'exact' | 'natural' | 'prefix' | 'typo' | 'multiword';
export const QUERY_CLASSES: readonly QueryClass[] = ['exact', 'natural', 'prefix', 'typo', 'multiword'];

/** `tune`: what ranking work may look at; `holdout`: kept aside to check that gains hold. */
export type QuerySet = 'tune' | 'holdout';

export interface JudgedQuery {
  q: string;
  class: QueryClass;
  set: QuerySet;
  /** URLs of the documents that answer the query; finding any one of them is a success. */
  targets: readonly string[];
  /** Why these pages are what a developer typing `q` wants. */
  reason: string;
}

/** What every engine indexes: the document's address, title and main text. */
export interface BenchDocument {
  url: string;
  title: string;
  text: string;
}

/**
 * A corpus that is a real site: its HTML folder, served on loopback at `origin` while the
 * run lasts. An engine a site owner would point at the site itself (ours crawls it,
 * Pagefind indexes the folder) takes it from here; the others index the documents read
 * from its pages.
 */
export interface SiteCorpus {
  folder: string;
  origin: string;
  /** Every page's path under `origin` (`/library/os.html`), in the order of the sitemap. */
  pages: readonly string[];
  /** The sitemap the bench serves, listing every page. */
  sitemap: string;
}

export interface Engine {
  readonly name: string;
  /** Indexes the documents (each engine takes what it indexes from them), or the site when there is one and the engine crawls or reads sites. */
  index(docs: readonly IndexDocument[], site?: SiteCorpus): Promise<void>;
  /** The URLs of the best hits, best first, at most `limit`. */
  search(q: string, limit: number): Promise<string[]>;
  close?(): Promise<void>;
}

/** How one query fared on one engine. */
export interface QueryOutcome {
  q: string;
  class: QueryClass;
  set: QuerySet;
  /** 1-based rank of the first target within the top 10, or null. */
  rank: number | null;
  /** The top 10 URLs, best first; empty when nothing matched. */
  urls: string[];
  /** Milliseconds from sending the query to holding its ranked URLs. */
  ms: number;
}

export interface EngineRun {
  name: string;
  /** The settings, for the method note. */
  settings: string;
  /** Why the engine has no figures, when it has none. */
  missing?: string;
  outcomes: QueryOutcome[];
}

export interface RelevanceResults {
  /** How many documents every engine indexed. */
  documents: number;
  /** Pinned versions of the other engines' packages. */
  packages: readonly string[];
  /** Where they were installed, or why not. */
  packagesNote: string;
  engines: EngineRun[];
}

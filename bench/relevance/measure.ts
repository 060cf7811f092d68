/**
 * Runs the judged queries on each engine over the same documents, one engine at a time
 * (each indexed, searched, then closed), and keeps every query's ranked URLs and time.
 */
import type { IndexDocument } from '../../src/client/types.ts';
import { installedFolder } from '../anchors.ts';
import { ENGINE_PACKAGES, type EngineSpec } from './engines/index.ts';
import { CUTOFF, firstTargetRank } from './metrics.ts';
import type { Engine, EngineRun, JudgedQuery, QueryOutcome, RelevanceResults, SiteCorpus } from './types.ts';

export interface RelevanceOptions {
  docs: readonly IndexDocument[];
  queries: readonly JudgedQuery[];
  engines: readonly EngineSpec[];
  repo: string;
  /** Whether the other engines may be installed now; when not, only an earlier install is used. */
  install: boolean;
  log: (line: string) => void;
  /**
   * When the documents are a real site's pages: the site, served, for the engines that
   * crawl or read it. Its URLs are judged without the origin (the port of a run is its own),
   * so targets are paths (`/library/os.html`; a folder's URL counts as its `index.html`).
   */
  site?: SiteCorpus;
}

/** Searched before the timed queries, so that no engine's first query pays for its warm-up. */
const WARM_UP = ['element', 'css', 'event', 'header', 'string'];

export async function measureRelevance(options: RelevanceOptions): Promise<RelevanceResults> {
  const { docs, queries, engines, repo, install, log, site } = options;
  const path = (url: string) => (site !== undefined && url.startsWith(site.origin) ? sitePath(url.slice(site.origin.length)) : url);
  let failed = '';
  const folder = engines.some((e) => e.installed)
    ? await installedFolder('engines', ENGINE_PACKAGES, { install, log, why: (reason) => (failed = reason) })
    : null;
  const notInstalled = install
    ? `not measured (could not install: ${failed})`
    : 'not measured (quick mode installs nothing; `npm run bench:relevance` installs the engines once)';
  const runs: EngineRun[] = [];
  for (const spec of engines) {
    const run: EngineRun = { name: spec.name, settings: spec.example ? `${spec.settings}. ${await spec.example()}` : spec.settings, outcomes: [] };
    runs.push(run);
    if (spec.installed && folder === null) {
      run.missing = notInstalled;
      continue;
    }
    let engine: Engine | null = null;
    try {
      engine = await spec.make({ repo, folder: folder ?? '', log });
      const began = performance.now();
      await engine.index(docs, site);
      log(`${spec.name}: indexed in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      for (const word of WARM_UP) await engine.search(word, CUTOFF);
      for (const query of queries) run.outcomes.push(await ask(engine, query, path));
      log(`${spec.name}: ${queries.length} queries searched`);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      log(`${spec.name} is not measured: ${reason}`);
      run.missing = `not measured (${reason})`;
      run.outcomes = [];
    } finally {
      await engine?.close?.();
    }
  }
  return {
    documents: docs.length,
    packages: ENGINE_PACKAGES,
    packagesNote: folder === null ? 'not installed' : `installed from the npm registry into \`${folder}\``,
    engines: runs,
  };
}

/** A crawled folder URL (`/installing/`, the crawler's form of `/installing/index.html`) as the file the targets name. */
function sitePath(path: string): string {
  return path.endsWith('/') ? `${path}index.html` : path;
}

async function ask(engine: Engine, query: JudgedQuery, path: (url: string) => string): Promise<QueryOutcome> {
  const began = performance.now();
  const found = await engine.search(query.q, CUTOFF);
  const ms = performance.now() - began;
  const urls = found.slice(0, CUTOFF).map(path);
  return { q: query.q, class: query.class, set: query.set, rank: firstTargetRank(urls, query.targets), urls, ms };
}

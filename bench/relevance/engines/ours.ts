/**
 * The reference service in its own process on a throwaway data folder, fed the demo
 * documents whole through the batch endpoint (as `npm start` does), and searched with
 * what the widget sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { effect } from '@preact/signals';
import { createClient, type SearchClient } from '../../../src/client/createClient.ts';
import type { IndexDocument, SearchResponse } from '../../../src/client/types.ts';
import { createSearchController, type SearchController } from '../../../src/core/createSearchController.ts';
import { indexDocuments } from '../../../demo/indexDocuments.ts';
import { loadEnvironment } from '../../../server/testing/serviceLoad.ts';
import { startService, type ServiceProcess } from '../../serviceProcess.ts';
import { crawlSite } from '../pythonSite.ts';
import type { Engine, SiteCorpus } from '../types.ts';

export const OURS_SETTINGS =
  "the reference service in its own process, given the demo documents whole (custom fields included) through the batch endpoint; each query goes through the widget's own search controller with the widget's defaults (`createSearchController` as `mount` makes it: the term typed, then submitted), which builds the request with `toSearchParams` (page 1, relevance, no filters, its default limit of 10), plus `collectAnalytics=false` as `mount` adds while its tracker is on (the default), sent by the widget's client (`createClient`, which encodes it with `searchQuery`); should the controller send more than one request for a term (a retry), the query's time covers them all and its last answer is the one judged";

/** Longer than any answer should take; a controller that never settles fails the engine instead of hanging the run. */
const SETTLE_MS = 30_000;

/**
 * One search exactly as the widget makes it for a typed term: a fresh controller (so its
 * limit of five requests a second never delays the benchmark), the term set and submitted,
 * and its answer once no request of it is in flight any more. Whatever the controller does
 * (its defaults, a retry when nothing is found) the benchmark does too.
 */
export async function widgetSearch(client: SearchClient, typed: string): Promise<SearchResponse> {
  let inFlight = 0;
  const controller = createSearchController({
    client: {
      async search(params, init) {
        inFlight++;
        try {
          return await client.search({ ...params, collectAnalytics: false }, init);
        } finally {
          inFlight--;
        }
      },
    },
  });
  try {
    controller.setTerm(typed);
    controller.submit();
    return await settled(controller, () => inFlight);
  } finally {
    controller.dispose();
  }
}

/**
 * The requests (path and query) the widget sends for `typed` when the service finds
 * nothing, for the method note: what the benchmark sends, read off the widget itself.
 */
export async function widgetRequests(typed: string): Promise<string[]> {
  const sent: string[] = [];
  const nothing = { page: 1, total_hits: 0, processing_time_ms: 0, hits: [], facets: null, rangeFacets: null };
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    sent.push(url.pathname + url.search);
    return new Response(JSON.stringify(nothing), { headers: { 'Content-Type': 'application/json' } });
  };
  await widgetSearch(createClient({ siteKey: 'demo', baseUrl: 'http://127.0.0.1', fetch }), typed);
  return sent;
}

/** The controller's answer once its status is done (or failed) with nothing left in flight. */
function settled(controller: SearchController, inFlight: () => number): Promise<SearchResponse> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => finish(() => reject(new Error(`no answer within ${SETTLE_MS} ms`))), SETTLE_MS);
    let stop = () => {};
    const finish = (then: () => void) => {
      clearTimeout(timeout);
      stop();
      then();
    };
    // A task later, so that a request the controller sends on hearing the answer is seen.
    const check = () => {
      if (inFlight() > 0) return;
      const status = controller.status.peek();
      const answer = controller.results.peek();
      if (status === 'done' && answer !== null) finish(() => resolve(answer));
      else if (status === 'error') finish(() => reject(controller.error.peek() ?? new Error('search failed')));
      else if (status === 'idle') finish(() => reject(new Error('the controller sent nothing')));
    };
    stop = effect(() => {
      if (controller.status.value !== 'loading' && controller.status.value !== 'stalled') setImmediate(check);
    });
  });
}

/** The settings line's tail: the widget's requests for a query of several words that finds nothing. */
export async function oursExample(): Promise<string> {
  const typed = 'how do I parse json';
  const requests = await widgetRequests(typed);
  return `For \`${typed}\`, when the service finds nothing, the widget sends ${requests.map((r) => `\`GET ${r}\``).join(', then ')}`;
}

/**
 * The service on SQLite, or on PostgreSQL when `databaseUrl` is given (an empty database
 * the caller made, as `--database-url` takes it); `name` is its row in the tables.
 */
export function ours(repo: string, log: (line: string) => void, database: { name: string; databaseUrl: string } | null = null): Engine {
  const name = database?.name ?? 'ours';
  const databaseArgs = database === null ? [] : ['--database-url', database.databaseUrl];
  let service: ServiceProcess | null = null;
  let client: SearchClient | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-bench-relevance-'));
  return {
    name,
    async index(docs: readonly IndexDocument[], site?: SiteCorpus) {
      if (site === undefined) {
        service = await startService(dataDir, repo, databaseArgs);
        await indexDocuments({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret', documents: [...docs], log: () => {} });
        log(`${name}: ${docs.length.toLocaleString('en')} documents indexed`);
      } else {
        // A real site is crawled, as its owner would have it indexed; its loopback origin must be allowed.
        // The site is the bench's own: no rate to keep to (`crawlHostRate: 0`).
        const environment = { ...loadEnvironment(), SITE_SEARCH_CRAWL_ALLOW_PRIVATE: new URL(site.origin).host, SITE_SEARCH_CRAWL_HOST_RATE: '0' };
        service = await startService(dataDir, repo, databaseArgs, environment);
        const began = performance.now();
        const crawled = await crawlSite({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret', site, log: (line) => log(`${name}: ${line}`) });
        log(`${name}: ${crawled.indexed} of the site's ${site.pages.length} pages crawled and indexed in ${((performance.now() - began) / 1000).toFixed(1)} s`);
        for (const page of crawled.notIndexed) log(`${name}: not indexed: ${page.url} (${page.status}: ${page.info})`);
      }
      client = createClient({ siteKey: 'demo', baseUrl: service.baseUrl });
    },
    async search(q: string, limit: number) {
      if (client === null) throw new Error(`${name}: search before index`);
      const answer = await widgetSearch(client, q);
      return answer.hits.slice(0, limit).map((hit) => hit.url);
    },
    async close() {
      await service?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

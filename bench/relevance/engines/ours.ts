/**
 * The reference service in its own process on a throwaway data folder, fed the demo
 * documents whole through the batch endpoint (as `npm start` does), and searched with
 * what the widget sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SearchClient } from '../../../src/client/createClient.ts';
import { LIMIT_DEFAULT } from '../../../src/client/limits.ts';
import type { IndexDocument, SearchResponse } from '../../../src/client/types.ts';
import { capTerm } from '../../../src/core/capTerm.ts';
import { toSearchParams, type SearchState } from '../../../src/core/searchState.ts';
import { indexDocuments } from '../../../demo/indexDocuments.ts';
import { startService, type ServiceProcess } from '../../serviceProcess.ts';
import type { Engine } from '../types.ts';

export const OURS_SETTINGS =
  'the reference service in its own process, given the demo documents whole (custom fields included) through the batch endpoint, ' +
  "searched with the widget's own request: `toSearchParams` of the state `{ term, page: 1, sort: 'relevance', order: 'desc', filters: {} }` " +
  "with the widget's default limit, and `collectAnalytics=false` as `mount` adds while its tracker is on (the default), sent by the widget's client (`createClient`, which encodes it with `searchQuery`)";

/**
 * One search as the widget sends it for a typed term. A retry the widget makes (another
 * request when the first finds nothing) belongs here, so the benchmark follows it.
 */
export async function widgetSearch(client: SearchClient, typed: string): Promise<SearchResponse> {
  const state: SearchState = { term: capTerm(typed), page: 1, sort: 'relevance', order: 'desc', filters: {} };
  return client.search({ ...toSearchParams(state, LIMIT_DEFAULT), collectAnalytics: false });
}

export function ours(repo: string, log: (line: string) => void): Engine {
  let service: ServiceProcess | null = null;
  let client: SearchClient | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-bench-relevance-'));
  return {
    name: 'ours',
    async index(docs: readonly IndexDocument[]) {
      service = await startService(dataDir, repo);
      await indexDocuments({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret', documents: [...docs], log: () => {} });
      log(`ours: ${docs.length.toLocaleString('en')} documents indexed`);
      client = createClient({ siteKey: 'demo', baseUrl: service.baseUrl });
    },
    async search(q: string, limit: number) {
      if (client === null) throw new Error('ours: search before index');
      const answer = await widgetSearch(client, q);
      return answer.hits.slice(0, limit).map((hit) => hit.url);
    },
    async close() {
      await service?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

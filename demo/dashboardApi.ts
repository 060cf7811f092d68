// What the dashboard's pages ask of the reference service: the stats report, the query
// rules, the index settings and explained searches, all with the index's credentials.
// `npm start` passes the service's address, the index key and (demo only) its secret as
// VITE_* variables.
import { createIndexClient } from '../src/client/createIndexClient.ts';
import { SearchApiError } from '../src/client/errors.ts';
import type { RequestOptions } from '../src/client/request.ts';
import type { IndexedDocument, IndexSettingsPatch, QueryRuleInput, SearchParams, SearchResponse } from '../src/client/types.ts';

const env = import.meta.env as Record<string, string | undefined>;
export const baseUrl = env.VITE_SEARCH_API ?? 'http://127.0.0.1:8787';
/** The index the dashboard shows. */
export const siteKey = env.VITE_SITE_KEY ?? 'demo';
// Demo only: the owner's endpoints need the index secret, and this page runs against the
// demo's own local service, so `npm start` hands it over. A real dashboard would call them
// from a server that keeps the secret; never put a secret in a public page.
const secret = env.VITE_DEMO_SECRET ?? 'demo-secret';

export const client = createIndexClient({ baseUrl, siteKey, secret, timeoutMs: 15_000 });

/** The owner's side of the API, as the dashboard's pages use it. */
export const ownerApi = {
  /** A page of rules by id, after the id `after` (null: the first page); `next` names the page after it. */
  listRules: (after: string | null, limit: number, options?: RequestOptions) => client.rules.list({ limit, ...(after !== null && { after }) }, options),
  getRule: (id: string, options?: RequestOptions) => client.rules.get(id, options),
  putRule: (id: string, rule: QueryRuleInput, options?: RequestOptions) => client.rules.put(id, rule, options),
  deleteRule: (id: string, options?: RequestOptions) => client.rules.delete(id, options),
  getSettings: (options?: RequestOptions) => client.settings.get(options),
  patchSettings: (patch: IndexSettingsPatch, options?: RequestOptions) => client.settings.update(patch, options),
  getDocument: (id: string, options?: RequestOptions): Promise<IndexedDocument> => client.getDocument(id, options),
  /** The synonyms and pins that failed searches followed by clicked ones suggest. */
  getProposals: async (options?: RequestOptions) => (await client.getStatsProposals({}, options)).proposals,
  /** One page of the stored search and click events, oldest first. */
  listEvents: async (after: number, limit: number, options?: RequestOptions) => (await client.listStatsEvents({ after, limit }, options)).events,
  /** A search as a visitor would make it, kept out of the statistics. */
  search: (params: SearchParams, options?: RequestOptions): Promise<SearchResponse> => client.search({ ...params, collectAnalytics: false }, options),
  /** A search with `explain=true`: every hit carries `_rankingDetails`. Needs the credentials. */
  explain: (params: SearchParams, options?: RequestOptions) => client.search({ ...params, collectAnalytics: false, explain: true }, options),
};

export type OwnerApi = typeof ownerApi;

/** The sentence the pages show for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof SearchApiError) {
    if (error.status === 401) return 'The service refused the credentials: start the dashboard with npm start, which passes them.';
    if (error.status === 0) return `The service at ${baseUrl} did not answer. Is npm start running?`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

// What the console's pages ask of the service that serves them: the stats report, the
// query rules, the index settings, explained searches and crawls of one index, all with
// the session cookie of the sign-in. No secret is ever in the page: the cookie is
// HttpOnly, and every call that changes anything carries the session's CSRF token.
import type { ApiContext } from '../../../src/client/apiContext.ts';
import { checkSearchParams } from '../../../src/client/checkSearchParams.ts';
import { latestCrawl, listCrawls } from '../../../src/client/crawlJobs.ts';
import { getDocument } from '../../../src/client/documents.ts';
import { SearchApiError } from '../../../src/client/errors.ts';
import { buildUrl, type RequestOptions } from '../../../src/client/request.ts';
import { deleteRule, getRule, listRules, putRule } from '../../../src/client/rules.ts';
import { searchQuery } from '../../../src/client/search.ts';
import { sendRequest } from '../../../src/client/sendRequest.ts';
import { getSettings, updateSettings } from '../../../src/client/settings.ts';
import { getStatsProposals, getStatsReport, listStatsEvents } from '../../../src/client/statsReport.ts';
import { getStatus } from '../../../src/client/status.ts';
import type { IndexedDocument, IndexSettingsPatch, QueryRuleInput, SearchParams, SearchResponse, StatsReportParams } from '../../../src/client/types.ts';

/** The service's address: the console is served by the service itself, at `/console/`. */
export const baseUrl = location.origin;

/** Methods that change nothing, which the service asks no CSRF token of. */
const SAFE = new Set(['GET', 'HEAD']);

/**
 * The `fetch` of a signed-in console: the browser sends the session cookie (same origin),
 * and every call carries the CSRF token, which the service asks of calls that change
 * anything. A sign-in in another tab replaces the cookie, and with it the token: a write
 * refused for it asks the service for the session's token now, and is sent once more.
 */
export function sessionFetch(csrfToken: string): typeof fetch {
  let token = csrfToken;
  const send = (input: RequestInfo | URL, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set('X-CSRF-Token', token);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  };
  return async (input, init = {}) => {
    const response = await send(input, init);
    if (response.status !== 403 || SAFE.has((init.method ?? 'GET').toUpperCase())) return response;
    const current = await fetch(`${baseUrl}/v2/session`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (!current.ok) return response;
    const fresh = ((await current.json()) as { csrfToken: string }).csrfToken;
    if (fresh === token) return response;
    token = fresh;
    return send(input, init);
  };
}

/** The owner's side of the API for one index, as the console's pages use it. */
export function ownerApiFor(siteKey: string, csrfToken: string) {
  const context: ApiContext = { siteKey, hosts: { baseUrl }, transport: { fetch: sessionFetch(csrfToken), timeoutMs: 15_000 } };
  const search = async (params: SearchParams & { explain?: boolean }, options?: RequestOptions): Promise<SearchResponse> => {
    const { explain, ...plain } = params;
    checkSearchParams(plain);
    const query = { ...searchQuery({ ...plain, collectAnalytics: false }), ...(explain === true && { explain: true }) };
    const url = buildUrl(baseUrl, `/v1/search/${encodeURIComponent(siteKey)}`, query);
    return (await sendRequest<SearchResponse>(context.transport, { method: 'GET', url }, options)).body!;
  };
  return {
    /** The index every call is about. */
    siteKey,
    /** A page of rules by id, after the id `after` (null: the first page); `next` names the page after it. */
    listRules: (after: string | null, limit: number, options?: RequestOptions) => listRules(context, { limit, ...(after !== null && { after }) }, options),
    getRule: (id: string, options?: RequestOptions) => getRule(context, id, options),
    putRule: (id: string, rule: QueryRuleInput, options?: RequestOptions) => putRule(context, id, rule, options),
    deleteRule: (id: string, options?: RequestOptions) => deleteRule(context, id, options),
    getSettings: (options?: RequestOptions) => getSettings(context, options),
    patchSettings: (patch: IndexSettingsPatch, options?: RequestOptions) => updateSettings(context, patch, options),
    getDocument: (id: string, options?: RequestOptions): Promise<IndexedDocument> => getDocument(context, id, options),
    /** The document's status (4.8): the id is the md5 of its URL. */
    getStatus: (id: string, options?: RequestOptions) => getStatus(context, id, options),
    getStatsReport: (params: StatsReportParams, options?: RequestOptions) => getStatsReport(context, params, options),
    /** The synonyms and pins that failed searches followed by clicked ones suggest. */
    getProposals: async (options?: RequestOptions) => (await getStatsProposals(context, {}, options)).proposals,
    /** One page of the stored search and click events, oldest first. */
    listEvents: async (after: number, limit: number, options?: RequestOptions) => (await listStatsEvents(context, { after, limit }, options)).events,
    /** The latest crawl, or null before the first. */
    latestCrawl: async (options?: RequestOptions) => {
      try {
        return await latestCrawl(context, options);
      } catch (error) {
        if (error instanceof SearchApiError && error.status === 404) return null;
        throw error;
      }
    },
    listCrawls: (options?: RequestOptions) => listCrawls(context, options),
    /** A search as a visitor would make it, kept out of the statistics. */
    search: (params: SearchParams, options?: RequestOptions) => search(params, options),
    /** A search with `explain=true`: every hit carries `_rankingDetails`. */
    explain: (params: SearchParams, options?: RequestOptions) => search({ ...params, explain: true }, options),
  };
}

export type OwnerApi = ReturnType<typeof ownerApiFor>;

/** The sentence the pages show for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof SearchApiError) {
    if (error.status === 401) return 'Your session has ended: sign in again.';
    if (error.status === 0) return 'The service did not answer. Is it still running?';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

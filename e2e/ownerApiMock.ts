// A stand-in, via page.route, for the owner's endpoints the dashboard calls (query rules,
// index settings, proposed fixes, and `explain=true` on search), answering per the API's types. Searches
// without `explain` and documents still reach the demo's own service, so that the
// document picker and the preview search the real corpus; an explained search is the
// real answer with `_rankingDetails` added to each hit.
import type { Page, Route } from '@playwright/test';
import type { ApiErrorBody, IndexSettings, QueryRule, QueryRuleInput, SearchResponse, StatsProposal } from '../src/client/types.ts';

export interface OwnerMock {
  rules: Map<string, QueryRule>;
  settings: IndexSettings;
  /** What `GET /v2/indices/demo/stats/proposals` answers. */
  proposals: StatsProposal[];
  /** Every body the page sent with PUT or PATCH, in order. */
  writes: Array<{ method: string; path: string; body: unknown }>;
  /** The next write answers this error instead (then it is cleared). */
  failNext: ApiErrorBody['error'] | null;
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) });

const RANKING = ['words', 'typo', 'proximity', 'attribute', 'exactness', 'bm25'];

export async function mockOwnerApi(
  page: Page,
  seed: { rules?: QueryRule[]; settings?: Partial<IndexSettings>; proposals?: StatsProposal[] } = {},
): Promise<OwnerMock> {
  const mock: OwnerMock = {
    rules: new Map((seed.rules ?? []).map((r) => [r.id, r])),
    settings: {
      rules: RANKING,
      customRanking: [],
      synonyms: [],
      stopWords: [],
      typos: { minWordLengthForOneTypo: 4, minWordLengthForTwoTypos: 8, disableOnWords: [] },
      personalization: { impact: 50 },
      suggestions: { minSessions: 5, minAddresses: 3, blockedWords: [] },
      crawlSchedule: null,
      ...seed.settings,
    },
    proposals: seed.proposals ?? [],
    writes: [],
    failNext: null,
  };

  await page.route(
    (url) => url.pathname === '/v2/indices/demo/stats/proposals',
    async (route) => {
      if (route.request().method() === 'OPTIONS')
        return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' } });
      return json(route, 200, { proposals: mock.proposals });
    },
  );

  await page.route(
    (url) => url.pathname.startsWith('/v2/indices/demo/rules') || url.pathname === '/v2/indices/demo/settings',
    async (route) => {
      const request = route.request();
      const method = request.method();
      if (method === 'OPTIONS')
        return route.fulfill({
          status: 204,
          headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': '*', 'Access-Control-Allow-Headers': '*' },
        });
      const path = new URL(request.url()).pathname;
      if (method === 'PUT' || method === 'PATCH') {
        mock.writes.push({ method, path, body: request.postDataJSON() });
        if (mock.failNext !== null) {
          const error = mock.failNext;
          mock.failNext = null;
          return json(route, error.status, { error });
        }
      }
      if (path === '/v2/indices/demo/settings') {
        if (method === 'PATCH') mock.settings = { ...mock.settings, ...(request.postDataJSON() as Partial<IndexSettings>) };
        return json(route, 200, mock.settings);
      }
      const id = decodeURIComponent(path.slice('/v2/indices/demo/rules/'.length));
      if (path === '/v2/indices/demo/rules') return json(route, 200, { rules: [...mock.rules.values()] });
      if (method === 'PUT') {
        const rule: QueryRule = { ...(request.postDataJSON() as QueryRuleInput), id, enabled: (request.postDataJSON() as QueryRuleInput).enabled ?? true };
        mock.rules.set(id, rule);
        return json(route, 200, rule);
      }
      const rule = mock.rules.get(id);
      if (rule === undefined) return json(route, 404, { error: { status: 404, code: 'not_found', message: `No rule ${id}` } });
      if (method === 'DELETE') mock.rules.delete(id);
      return json(route, 200, rule);
    },
  );

  await page.route(
    (url) => url.pathname === '/v1/search/demo' && url.searchParams.get('explain') === 'true',
    async (route) => {
      if (route.request().method() === 'OPTIONS')
        return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' } });
      const url = new URL(route.request().url());
      url.searchParams.delete('explain');
      const answer = (await (await route.fetch({ url: url.toString() })).json()) as SearchResponse;
      answer.hits.forEach((hit, i) => {
        const pinned = i === 0;
        hit.resultType = pinned ? 'pinned' : 'organic';
        hit._rankingDetails = {
          rules: RANKING.map((rule, r) => ({ rule, value: rule === 'bm25' ? hit.score : r === 0 ? 1 : i % 3 })),
          decidedBy: i === answer.hits.length - 1 ? null : pinned ? 'pin' : RANKING[i % RANKING.length]!,
          ...(pinned ? { pinned: { ruleId: 'flex-guide', position: 1 } } : {}),
          ...(i === 1 ? { boosts: [{ source: 'clicks', factor: 1.5 }] } : {}),
        };
      });
      if (answer.hits.length > 0) answer.appliedRules = ['flex-guide'];
      return json(route, 200, answer);
    },
  );
  return mock;
}

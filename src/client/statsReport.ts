import { apiUrl, type ApiContext } from './apiContext.ts';
import { SESSION_MAX_CHARS, TAG_MAX_CHARS } from './limits.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { StatsProposals, StatsProposalsParams, StatsReport, StatsReportParams, StoredStatsEventsParams, StoredStatsEventsResponse } from './types.ts';
import { checkInteger, checkMaxLength, invalidParameter } from './validate.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `GET /v2/indices/{key}/stats/report` (an addition of the reference service): searches,
 * clicks, keywords, positions and documents over whole UTC days.
 */
export async function getStatsReport(context: ApiContext, params: StatsReportParams = {}, options?: RequestOptions): Promise<StatsReport> {
  for (const name of ['from', 'to'] as const) {
    const value = params[name];
    if (value !== undefined && !DATE.test(value)) throw invalidParameter(name, `${name} must be a date as yyyy-MM-dd (UTC)`);
  }
  checkMaxLength('tag', params.tag, TAG_MAX_CHARS);
  if (params.limit !== undefined) checkInteger('limit', params.limit, 1, 100);
  const answer = await sendRequest<StatsReport>(
    context.transport,
    {
      method: 'GET',
      url: apiUrl(context, 'indexing', '/v2/indices/{key}/stats/report', { from: params.from, to: params.to, tag: params.tag, limit: params.limit }),
      authorization: context.authorization,
    },
    options,
  );
  if (answer.body === undefined) throw invalidParameter('report', 'the service answered without a report');
  return answer.body;
}

/**
 * `GET /v2/indices/{key}/stats/proposals` (an addition of the reference service): the
 * synonyms and pins that failed searches followed by clicked ones suggest. Nothing is applied.
 */
export async function getStatsProposals(context: ApiContext, params: StatsProposalsParams = {}, options?: RequestOptions): Promise<StatsProposals> {
  if (params.limit !== undefined) checkInteger('limit', params.limit, 1, 100);
  const answer = await sendRequest<StatsProposals>(
    context.transport,
    { method: 'GET', url: apiUrl(context, 'indexing', '/v2/indices/{key}/stats/proposals', { limit: params.limit }), authorization: context.authorization },
    options,
  );
  return answer.body ?? { proposals: [] };
}

/**
 * `GET /v2/indices/{key}/stats/events` (an addition of the reference service): the
 * stored search and click events, oldest first; page with `after`.
 */
export async function listStatsEvents(context: ApiContext, params: StoredStatsEventsParams = {}, options?: RequestOptions): Promise<StoredStatsEventsResponse> {
  if (params.after !== undefined) checkInteger('after', params.after, 0);
  if (params.limit !== undefined) checkInteger('limit', params.limit, 1, 1000);
  checkMaxLength('session', params.session, SESSION_MAX_CHARS);
  const answer = await sendRequest<StoredStatsEventsResponse>(
    context.transport,
    {
      method: 'GET',
      url: apiUrl(context, 'indexing', '/v2/indices/{key}/stats/events', { after: params.after, limit: params.limit, session: params.session }),
      authorization: context.authorization,
    },
    options,
  );
  return answer.body ?? { events: [] };
}

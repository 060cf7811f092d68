import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TAG_MAX_CHARS } from '../../src/client/limits.ts';
import type { StatsProposals, StatsReport, StatsReportBoost, StatsReportDocument } from '../../src/client/types.ts';
import type { EventStore } from '../events/eventStore.ts';
import { authorize } from '../http/auth.ts';
import { invalidParameter } from '../schemas/apiError.ts';
import { DAY_MS } from '../events/clickRanking.ts';
import { proposalRule } from '../events/learningSettings.ts';
import { promotionsOf } from '../pipeline/promotionId.ts';
import { parseCalendarDate } from '../../src/client/calendarDate.ts';
import { Defaulted, KeyParams } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

/** The longest range a report covers: a year, leap day included. */
export const REPORT_DAYS_MAX = 366;
/** The range when none is asked for: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const LIMIT_MAX = 100;

const ReportQuerystring = Type.Object({
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String({ maxLength: TAG_MAX_CHARS })),
  limit: Defaulted(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, default: 20 })),
});

const ProposalsQuerystring = Type.Object({
  limit: Defaulted(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, default: 50 })),
});

/**
 * `GET /v2/indices/{key}/stats/report?from=&to=&tag=&limit=` (an addition of the
 * reference service): searches, clicks and what they were for (documents, and query
 * rules' promotion cards), over whole UTC days, from the rollups the event store keeps. And `GET /v2/indices/{key}/stats/proposals?limit=`:
 * the synonyms and pins failed searches followed by clicked ones suggest (events/proposals.ts),
 * by the index's `proposals` settings; nothing is applied. Basic auth, like the event listing.
 */
export const statsReportRoutes: FastifyPluginAsyncTypebox<RouteOptions & { clock: () => number }> = async (app, { indices, clock }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  app.get('/v2/indices/:key/stats/report', { schema: { params: KeyParams, querystring: ReportQuerystring } }, async (request): Promise<StatsReport> => {
    const { from, to, tag, limit } = request.query;
    const toDay = to === undefined ? Math.floor(clock() / DAY_MS) : day(to, 'to');
    const fromDay = from === undefined ? toDay - (DEFAULT_DAYS - 1) : day(from, 'from');
    if (fromDay > toDay) throw invalidParameter('from', 'from must be on or before to');
    if (toDay - fromDay + 1 > REPORT_DAYS_MAX) {
      throw invalidParameter('to', `a report covers at most ${REPORT_DAYS_MAX} days: bring from and to closer`);
    }
    const index = indices.get(request.params.key);
    const data = await index.events.report({ fromDay, toDay }, tag ?? null, limit);
    const boosts = await clickBoostsOf(
      index.events,
      data.topKeywords.map((k) => k.keyword),
      clock(),
    );
    const found = await index.engine.lookup([...new Set([...data.topDocuments.map((d) => d.docid), ...boosts.map((b) => b.docid)])], null);
    const byId = new Map(found.map((document) => [document.id, document]));
    const promotions = await promotionsOf(
      index.engine.steering,
      data.topDocuments.map((d) => d.docid),
    );
    return {
      from: dateOf(fromDay),
      to: dateOf(toDay),
      tag: tag ?? null,
      ...data,
      topDocuments: data.topDocuments.map(({ docid, clicks }): StatsReportDocument => {
        const promotion = promotions.get(docid);
        if (promotion !== undefined) {
          const { ruleId, n, card } = promotion;
          return { docid, clicks, title: card?.title ?? null, url: card?.url ?? null, promotion: { ruleId, n } };
        }
        const document = byId.get(docid);
        return { docid, clicks, title: document?.title ?? null, url: document?.url ?? null };
      }),
      clickBoosts: boosts.map((b) => ({ ...b, title: byId.get(b.docid)?.title ?? null, url: byId.get(b.docid)?.url ?? null })),
    };
  });
  app.get(
    '/v2/indices/:key/stats/proposals',
    { schema: { params: KeyParams, querystring: ProposalsQuerystring } },
    async (request): Promise<StatsProposals> => {
      const index = indices.get(request.params.key);
      return { proposals: await index.events.proposals(proposalRule(index.proposals), request.query.limit, clock()) };
    },
  );
};

function day(text: string, parameter: string): number {
  const time = parseCalendarDate(text);
  if (time === null) throw invalidParameter(parameter, `${parameter} must be a date as yyyy-MM-dd (UTC)`);
  return time / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The documents clicks raise for each keyword now, with the address groups behind each (titles aside): the owner sees who steers what. */
async function clickBoostsOf(events: EventStore, keywords: readonly string[], now: number): Promise<Array<Omit<StatsReportBoost, 'title' | 'url'>>> {
  const all: Array<Omit<StatsReportBoost, 'title' | 'url'>> = [];
  for (const keyword of keywords) {
    const boosts = await events.clickBoosts(keyword, now);
    const rows = [...boosts].map(([docid, boost]) => ({
      keyword,
      docid,
      boost,
      groups: boosts.groups.get(docid) ?? 0,
      maxPlaces: boosts.maxPlaces.get(docid) ?? null,
    }));
    all.push(...rows.sort((a, b) => b.boost - a.boost || (a.docid < b.docid ? -1 : 1)));
  }
  return all;
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { RecommendationEventsResponse, RecommendationHit, RecommendationsResponse } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import type { RecommendationConfig } from '../config/recommendations.ts';
import { DATASET_NAME } from '../config/recommendations.ts';
import type { StoredDocument } from '../engine/engine.ts';
import { ApiError, invalidParameter, unsupportedMediaType } from '../schemas/apiError.ts';
import { RECOMMENDATION_ID_MAX_CHARS } from '../../src/client/limits.ts';
import { readRecommendationEvents } from '../schemas/recommendationEvent.ts';
import { NO_NUL } from '../schemas/storedText.ts';
import { searchHit } from '../pipeline/searchHit.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

export interface RecommendationRouteOptions extends RouteOptions {
  configurations: ReadonlyMap<string, Required<RecommendationConfig>>;
}

/** What `type` says of every hit: why it is recommended. */
export const RECOMMENDATION_TYPE = 'viewed_together';

const NO_TERMS = { exact: new Set<string>(), prefixes: [] };

const RecommendationsQuerystring = Type.Object({
  configurationKey: Type.String({ minLength: 1, maxLength: 100 }),
  ItemId: Type.String({ minLength: 1, maxLength: RECOMMENDATION_ID_MAX_CHARS, ...NO_NUL }),
});

const DatasetParams = Type.Object({ key: Type.String({ minLength: 1 }), dataset: Type.String() });
// Each event is checked by readRecommendationEvents, which lists every problem.
const EventsBody = Type.Object({ events: Type.Array(Type.Unknown()) });

/**
 * `GET /v1/recommendations/{key}?configurationKey=&ItemId=` (API 4.10), public like
 * search, and `POST /v2/indices/{key}/recommendations-datasets/{dataset}/events:batch`
 * (4.11), with HTTP Basic auth like the other writes.
 */
export const recommendationsRoutes: FastifyPluginAsyncTypebox<RecommendationRouteOptions> = async (app, { indices, configurations }) => {
  app.get(
    '/v1/recommendations/:key',
    {
      schema: { params: KeyParams, querystring: RecommendationsQuerystring },
      // Public like search, and as cheap once its count is bounded (EventStore.related).
      config: { rateLimit: 'recommendations', lane: 'read' },
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request): Promise<RecommendationsResponse> => {
      const started = performance.now();
      const index = indices.get(request.params.key);
      const { configurationKey, ItemId: item } = request.query;
      const config = configurations.get(configurationKey);
      if (config === undefined) {
        throw new ApiError(404, 'not_found', `unknown recommendation configuration '${configurationKey}'`, {
          parameter: 'configurationKey',
        });
      }
      // A few spare candidates: some items may name no indexed document.
      const related = await index.events.related(config.dataset, item, config.maxHits * 3);
      const documents = await index.engine.lookup(
        related.items.map((r) => r.item),
        config.itemField,
      );
      const byItem = groupByItem(documents, config.itemField);
      const seen = new Set<string>();
      const hits: RecommendationHit[] = [];
      for (const candidate of related.items) {
        const document = byItem.get(candidate.item)?.find((d) => !seen.has(d.id));
        if (document === undefined) continue;
        seen.add(document.id);
        const { images, ...hit } = searchHit(document, candidate.transactions / related.transactions, NO_TERMS);
        hits.push({ ...hit, images: { main: images.main, capture: images.capture }, type: RECOMMENDATION_TYPE });
        if (hits.length === config.maxHits) break;
      }
      return { total_hits: hits.length, processing_time_ms: Math.round(performance.now() - started), hits };
    },
  );

  app.post(
    '/v2/indices/:key/recommendations-datasets/:dataset/events::batch',
    {
      schema: { params: DatasetParams, body: EventsBody },
      onRequest: async (request) => authorize(request, indices.get(request.params.key)),
      preValidation: async (request) => {
        if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
        if (!DATASET_NAME.test(request.params.dataset)) {
          throw invalidParameter('dataset_name', 'the dataset name must be 1 to 100 letters, digits, _ . or -');
        }
      },
    },
    async (request): Promise<RecommendationEventsResponse> => {
      const checked = readRecommendationEvents(request.body.events);
      if (!checked.ok) {
        const listed = checked.problems.slice(0, 10).map((p) => `events[${p.position}]: ${p.message}`);
        throw new ApiError(400, 'invalid_body', `invalid events; nothing was stored. ${listed.join('; ')}`, {
          parameter: 'events',
          details: checked.problems,
        });
      }
      await indices.get(request.params.key).events.addRecommendationEvents(request.params.dataset, checked.events);
      return { events: checked.events.length };
    },
  );
};

/** Documents by the item id they stand for: their id, or each value of the item field. */
function groupByItem(documents: readonly StoredDocument[], field: string | null): Map<string, StoredDocument[]> {
  const byItem = new Map<string, StoredDocument[]>();
  for (const document of documents) {
    const value = field === null ? document.id : document.customFields[field];
    if (value === undefined) continue;
    for (const item of typeof value === 'object' ? value : [String(value)]) {
      const list = byItem.get(item) ?? [];
      list.push(document);
      byItem.set(item, list);
    }
  }
  for (const list of byItem.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return byItem;
}

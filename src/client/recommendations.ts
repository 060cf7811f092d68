import { apiUrl, type ApiContext } from './apiContext.ts';
import { BODY_MAX_BYTES } from './limits.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { RecommendationEvent, RecommendationsParams, RecommendationsResponse } from './types.ts';
import { checkRequired, invalidParameter } from './validate.ts';
import { validateRecommendationEvents } from './validateRecommendationEvents.ts';
import { byteLength } from './validateDocuments.ts';

/** `GET /v1/recommendations/{key}` (4.10): items viewed together with `ItemId`, most likely first. */
export async function getRecommendations(context: ApiContext, params: RecommendationsParams, options?: RequestOptions): Promise<RecommendationsResponse> {
  checkRequired('configurationKey', params.configurationKey);
  checkRequired('ItemId', params.ItemId);
  const answer = await sendRequest<RecommendationsResponse>(
    context.transport,
    {
      method: 'GET',
      url: apiUrl(context, 'recommendations', '/v1/recommendations/{key}', { configurationKey: params.configurationKey, ItemId: params.ItemId }),
      authorization: context.authorization,
    },
    options,
  );
  return answer.body ?? { total_hits: 0, processing_time_ms: 0, hits: [] };
}

/**
 * `POST /v2/indices/{key}/recommendations-datasets/{dataset}/events:batch` (4.11).
 * Each event needs `transaction`, `item` and `time`; the body stays within 1,000,000
 * bytes (split with `batches()`). Not retried, as a retry could count events twice.
 */
export async function sendDatasetEvents(context: ApiContext, dataset: string, events: readonly RecommendationEvent[], options?: RequestOptions): Promise<void> {
  checkRequired('dataset', dataset);
  if (!Array.isArray(events) || events.length === 0) throw invalidParameter('events', 'events must be a non-empty array');
  // The service's own rules, so that a batch it would refuse is not sent.
  const checked = validateRecommendationEvents(events);
  if (!checked.ok) {
    const { position, parameter, message } = checked.problems[0]!;
    throw invalidParameter(`events[${position}]${parameter ? `.${parameter}` : ''}`, `events[${position}]: ${message}`);
  }
  const json = JSON.stringify({ events });
  if (byteLength(json) > BODY_MAX_BYTES)
    throw invalidParameter('events', `the events body exceeds ${BODY_MAX_BYTES} bytes: send fewer per call (see batches())`);
  await sendRequest(
    context.transport,
    {
      method: 'POST',
      url: apiUrl(context, 'recommendations', `/v2/indices/{key}/recommendations-datasets/${encodeURIComponent(dataset)}/events:batch`),
      json,
      authorization: context.authorization,
    },
    options,
  );
}

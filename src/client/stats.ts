import { apiUrl, type ApiContext } from './apiContext.ts';
import type { HostOptions } from './hosts.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest, type TransportOptions } from './sendRequest.ts';
import type { ClickEvent, SearchEvent, StatsEvent } from './types.ts';
import { invalidParameter } from './validate.ts';
import { validateStatsEvent } from './validateStatsEvent.ts';

/**
 * Options of the standalone stats calls: only the public site key, as a browser has.
 * Stats go to `regionalUrl` when given (the regional hosts serve analytics).
 */
export interface StatsOptions extends HostOptions, Pick<TransportOptions, 'fetch' | 'timeoutMs'> {
  /** The public site key of the index. */
  siteKey: string;
}

/** Checks an event against 4.9 before it is sent, by the service's own rules; throws a `SearchApiError` naming the field. */
export function checkStatsEvent(event: StatsEvent): void {
  const checked = validateStatsEvent(event);
  if (!checked.ok) throw invalidParameter(checked.field || 'event', checked.message);
}

/**
 * `POST /v1/stats/{key}` (4.9) with an event made in an `ApiContext`. Never retried:
 * a retried event could be counted twice.
 */
export async function postStatsEvent(context: ApiContext, event: StatsEvent, options?: RequestOptions): Promise<void> {
  checkStatsEvent(event);
  await sendRequest({ ...context.transport, retries: 0 }, { method: 'POST', url: apiUrl(context, 'stats', '/v1/stats/{key}'), body: event }, options);
}

/** Reports one search or click event with only the public key (4.9). */
export function sendStatsEvent(options: StatsOptions, event: StatsEvent, requestOptions?: RequestOptions): Promise<void> {
  const { siteKey, baseUrl, regionalUrl, fetch, timeoutMs } = options;
  if (!siteKey) return Promise.reject(invalidParameter('siteKey', 'siteKey is required'));
  const context: ApiContext = { siteKey, hosts: { baseUrl, regionalUrl }, transport: { fetch, timeoutMs, retries: 0 } };
  return postStatsEvent(context, event, requestOptions);
}

/** Reports a search: the terms, and how many results it had (0 counts as a no-hit search). */
export function sendSearchEvent(options: StatsOptions, event: Omit<SearchEvent, 'action'>, requestOptions?: RequestOptions): Promise<void> {
  return sendStatsEvent(options, { action: 'search', ...event }, requestOptions);
}

/** Reports a click on a result at `position` (from 1) for the search `keyword`. */
export function sendClickEvent(options: StatsOptions, event: Omit<ClickEvent, 'action'>, requestOptions?: RequestOptions): Promise<void> {
  return sendStatsEvent(options, { action: 'click', ...event }, requestOptions);
}

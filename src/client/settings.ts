import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { IndexSettings, IndexSettingsPatch } from './types.ts';
import { invalidParameter } from './validate.ts';

// The index's ranking settings (an addition of the reference service), HTTP Basic.

const SETTINGS = '/v2/indices/{key}/settings';

/** `GET /v2/indices/{key}/settings`: every setting in effect, defaults filled in. */
export async function getSettings(context: ApiContext, options?: RequestOptions): Promise<IndexSettings> {
  const answer = await sendRequest<IndexSettings>(
    context.transport,
    { method: 'GET', url: apiUrl(context, 'indexing', SETTINGS), authorization: context.authorization },
    options,
  );
  if (answer.body === undefined) throw invalidParameter('settings', 'the service answered without settings');
  return answer.body;
}

/**
 * `PATCH /v2/indices/{key}/settings`: the fields given replace the stored ones (typo
 * settings field by field); answers every setting in effect. The service checks each
 * value and names the field at fault.
 */
export async function updateSettings(context: ApiContext, patch: IndexSettingsPatch, options?: RequestOptions): Promise<IndexSettings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw invalidParameter('settings', 'settings must be an object');
  const answer = await sendRequest<IndexSettings>(
    context.transport,
    { method: 'PATCH', url: apiUrl(context, 'indexing', SETTINGS), body: patch, authorization: context.authorization },
    options,
  );
  if (answer.body === undefined) throw invalidParameter('settings', 'the service answered without settings');
  return answer.body;
}
